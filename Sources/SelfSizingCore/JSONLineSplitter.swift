/// Cuts JSON Lines text, fed in chunks of any size, into lines: a line at a time, in order,
/// with 1-based line numbers, keeping only a partial line between chunks (memory is bounded
/// by the longest line, never by the input).
///
/// A line ends at `\n` (a `\r` before it is dropped too). Lines of nothing but spaces, tabs
/// and `\r` are counted but not passed on. A line longer than `maximumLineLength` bytes is
/// passed on as `.tooLong` as soon as it passes the limit, and its bytes are skipped up to the
/// next line end.
public struct JSONLineSplitter: Sendable {
  /// What the splitter found.
  public enum Event {
    /// A line's bytes (valid only during the callback) and its number.
    case line(Int, UnsafeBufferPointer<UInt8>)
    /// A line over the length limit (its bytes are dropped), with its number and its length
    /// when it was found too long (more than the limit; the line may go on).
    case tooLong(Int, Int)
  }

  /// What is said of a line over `maximumLineLength` bytes, wherever it is reported.
  public static func overlongLineMessage(limit maximumLineLength: Int) -> String {
    "the line is longer than \(maximumLineLength) bytes, the most read per line; it was skipped"
  }

  /// The longest line passed on, in bytes.
  public let maximumLineLength: Int
  /// Lines started so far.
  public private(set) var lineNumber = 0
  private var pending: [UInt8] = []
  private var skippedBytes = 0
  private var skipping = false

  /// A splitter; lines over `maximumLineLength` bytes are reported, not kept.
  public init(maximumLineLength: Int = 64 << 20) {
    self.maximumLineLength = max(1, maximumLineLength)
  }

  /// Feeds the next chunk, calling `body` for every line it completes, and with `.tooLong` as
  /// soon as the current line passes the limit (not when its line end arrives, which may be never).
  public mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>, _ body: (Event) throws -> Void) rethrows {
    var start = 0
    let count = chunk.count
    while start < count {
      let newline = Self.index(of: UInt8(ascii: "\n"), in: chunk, from: start)
      let piece = UnsafeBufferPointer(rebasing: chunk[start..<(newline ?? count)])
      // One byte more than the limit may be a `\r` that `emit` drops, so the exact check is there.
      if !skipping, pending.count + piece.count - 1 > maximumLineLength {
        skipping = true
        skippedBytes = pending.count
        pending.removeAll(keepingCapacity: pending.capacity <= 1 << 20)
        try body(.tooLong(lineNumber + 1, skippedBytes + piece.count))
      }
      if skipping {
        skippedBytes += piece.count
      } else if newline == nil || !pending.isEmpty {
        pending.append(contentsOf: piece)
      }
      guard let newline else { return }
      lineNumber += 1
      if skipping {
        skipping = false
        skippedBytes = 0
      } else if pending.isEmpty {
        try emit(piece, body)
      } else {
        try pending.withUnsafeBufferPointer { try emit($0, body) }
        pending.removeAll(keepingCapacity: pending.capacity <= 1 << 20)
      }
      start = newline + 1
    }
  }

  /// Passes on the last line when the text does not end with a line end.
  public mutating func finish(_ body: (Event) throws -> Void) rethrows {
    guard skipping || !pending.isEmpty else { return }
    lineNumber += 1
    if !skipping { try pending.withUnsafeBufferPointer { try emit($0, body) } }
    pending = []
    skipping = false
    skippedBytes = 0
  }

  /// The bytes of an over-long line skipped so far (already reported), 0 when no line is
  /// being skipped: a reader may stop when a line never ends (`/dev/zero`).
  public var skippedLength: Int { skipping ? skippedBytes : 0 }

  private func emit(_ line: UnsafeBufferPointer<UInt8>, _ body: (Event) throws -> Void) rethrows {
    var end = line.count
    if end > 0, line[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    if end > maximumLineLength {
      try body(.tooLong(lineNumber, end))
      return
    }
    var isBlank = true
    for byte in line[..<end] where byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") && byte != 0x0D {
      isBlank = false
      break
    }
    guard !isBlank else { return }
    try body(.line(lineNumber, UnsafeBufferPointer(rebasing: line[..<end])))
  }

  /// The index of the first `byte` in `buffer` at or after `start`.
  @inline(__always)
  static func index(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    guard start < buffer.count, let base = buffer.baseAddress else { return nil }
    guard let found = memchrBytes(base + start, byte, buffer.count - start) else { return nil }
    return found - base
  }
}

/// `memchr` without importing the C library into this module's interface.
@inline(__always)
private func memchrBytes(_ start: UnsafePointer<UInt8>, _ byte: UInt8, _ count: Int) -> UnsafePointer<UInt8>?
{
  var pointer = start
  let end = start + count
  // Eight bytes at a time: a word has a zero byte after XOR with the pattern when it holds `byte`.
  let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
  while end - pointer >= 8 {
    let word = UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self) ^ pattern
    if (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0 { break }
    pointer += 8
  }
  while pointer < end {
    if pointer.pointee == byte { return pointer }
    pointer += 1
  }
  return nil
}
