/// Many paragraphs' UTF-8 in one buffer, with the pointer and length arrays the C floor's batch
/// entry reads.
public final class UTF8Batch {
  private let storage: UnsafeMutableBufferPointer<CChar>
  private let starts: [Int]
  private let lengths: [Int32]

  public init(_ texts: [String]) {
    let total = texts.reduce(0) { $0 + $1.utf8.count }
    storage = .allocate(capacity: max(1, total))
    var starts: [Int] = []
    var lengths: [Int32] = []
    var offset = 0
    for text in texts {
      starts.append(offset)
      lengths.append(Int32(text.utf8.count))
      for byte in text.utf8 {
        storage[offset] = CChar(bitPattern: byte)
        offset += 1
      }
    }
    self.starts = starts
    self.lengths = lengths
  }

  deinit { storage.deallocate() }

  /// Paragraphs in the batch.
  public var count: Int { starts.count }

  func withPointers<Result>(
    _ body: (UnsafePointer<UnsafePointer<CChar>>, UnsafePointer<Int32>, Int32) -> Result
  ) -> Result {
    let base = UnsafePointer(storage.baseAddress!)
    let pointers = starts.map { base + $0 }
    return pointers.withUnsafeBufferPointer { pointers in
      lengths.withUnsafeBufferPointer { lengths in
        body(pointers.baseAddress!, lengths.baseAddress!, Int32(count))
      }
    }
  }
}
