/// The fuzzer's bytes read front to back: a few control bytes (each missing byte reads as 0),
/// then the rest as the payload.
public struct FuzzInput {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var position = 0

  /// The bytes of one fuzzer call (valid only during it).
  public init(_ start: UnsafePointer<UInt8>?, _ count: Int) {
    bytes = UnsafeBufferPointer(start: count > 0 ? start : nil, count: max(0, count))
  }

  /// The next byte, or 0 past the end.
  public mutating func byte() -> UInt8 {
    guard position < bytes.count else { return 0 }
    defer { position += 1 }
    return bytes[position]
  }

  /// The next two bytes as a big-endian number.
  public mutating func uint16() -> UInt16 {
    UInt16(byte()) << 8 | UInt16(byte())
  }

  /// One of `choices`, picked by the next byte.
  public mutating func pick<T>(_ choices: [T]) -> T {
    choices[Int(byte()) % choices.count]
  }

  /// Every byte not read yet.
  public var rest: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: bytes[min(position, bytes.count)...])
  }
}

/// Stops the run with a message libFuzzer shows with the crashing input: a broken invariant is a
/// finding, as a crash is.
public func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError("invariant broken: \(message())") }
}
