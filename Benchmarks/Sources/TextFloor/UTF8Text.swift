/// A paragraph's UTF-8 bytes kept contiguous, so that handing it to C copies nothing.
public struct UTF8Text: Sendable {
  let bytes: [CChar]

  public init(_ text: String) { bytes = text.utf8.map { CChar(bitPattern: $0) } }

  /// Bytes, not counting a terminator.
  public var count: Int { bytes.count }

  func withBytes<Result>(_ body: (UnsafePointer<CChar>, Int32) -> Result) -> Result {
    bytes.withUnsafeBufferPointer { body($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, Int32($0.count)) }
  }
}
