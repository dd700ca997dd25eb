/// A run of consecutive JSON Lines input lines copied into one buffer: the unit of work a
/// batch command hands to a worker.
public struct JSONLineBatch: Sendable {
  /// One line of the batch.
  public struct Entry: Sendable, Hashable {
    /// The 1-based line number in the input.
    public var number: Int
    /// Where the line's bytes are in ``bytes``; empty for a line that was too long.
    public var range: Range<Int>
    /// The length of a line that was too long to keep (its bytes were dropped), else nil.
    public var droppedLength: Int?
  }

  /// Every line's bytes, one after another.
  public private(set) var bytes: [UInt8] = []
  /// The lines in input order.
  public private(set) var entries: [Entry] = []

  /// The splitter's line limit, for messages about dropped lines.
  public let maximumLineLength: Int

  /// An empty batch of lines cut with `maximumLineLength` as the limit.
  public init(maximumLineLength: Int = 64 << 20) { self.maximumLineLength = maximumLineLength }

  /// The number of lines.
  public var count: Int { entries.count }
  /// True when the batch has no line.
  public var isEmpty: Bool { entries.isEmpty }

  /// Copies one event of a ``JSONLineSplitter`` into the batch.
  public mutating func append(_ event: JSONLineSplitter.Event) {
    switch event {
    case .line(let number, let line):
      let start = bytes.count
      bytes.append(contentsOf: line)
      entries.append(Entry(number: number, range: start..<bytes.count, droppedLength: nil))
    case .tooLong(let number, let length):
      entries.append(Entry(number: number, range: bytes.count..<bytes.count, droppedLength: length))
    }
  }

  /// Calls `body` with each line's number and bytes (valid only during the call), or with the
  /// `lineTooLong` error of a dropped line.
  public func forEachLine(
    _ body: (Int, Result<UnsafeBufferPointer<UInt8>, RecordError>) throws -> Void
  ) rethrows {
    try bytes.withUnsafeBufferPointer { buffer in
      for entry in entries {
        if entry.droppedLength != nil {
          try body(
            entry.number,
            .failure(
              RecordError(
                .lineTooLong,
                JSONLineSplitter.overlongLineMessage(limit: maximumLineLength),
                line: entry.number)))
        } else {
          try body(entry.number, .success(UnsafeBufferPointer(rebasing: buffer[entry.range])))
        }
      }
    }
  }
}
