/// Compact JSON text written straight into UTF-8 bytes: the output path of every command
/// (no `String` is built per value).
///
/// The writer does not track commas or nesting: callers write the punctuation (`raw`) and
/// the values in order. `JSONValue.write(to:)` is the general form; hot paths write their
/// fixed keys with `raw`.
public struct JSONWriter: Sendable {
  /// The text (the first `length` bytes), then room to write into. The room is always
  /// initialized (zeros when new), so a fragment is one copy through a buffer pointer: an
  /// array growing by `append(contentsOf:)` checks and copies through generic code per fragment,
  /// which cost about 100 instructions each on the `selfsize text` path.
  @usableFromInline var storage: [UInt8]
  /// The number of bytes written.
  @usableFromInline var length = 0

  /// An empty writer with room for `capacity` bytes.
  public init(capacity: Int = 0) {
    storage = [UInt8](repeating: 0, count: max(capacity, Self.smallestCapacity))
  }

  @usableFromInline static let smallestCapacity = 64

  /// The text written so far.
  public var bytes: ArraySlice<UInt8> { storage[..<length] }

  /// The number of bytes written.
  public var count: Int { length }

  /// Forgets the text, keeping the storage.
  public mutating func removeAll() { length = 0 }

  /// Writes at most `maximumByteCount` bytes at the end of the text: `body` gets where to write
  /// (room for `maximumByteCount` bytes) and returns how many it wrote.
  @inlinable @inline(__always) mutating func append(
    atMost maximumByteCount: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int
  ) {
    if storage.count &- length < maximumByteCount { grow(toHold: length &+ maximumByteCount) }
    let start = length
    let written = storage.withUnsafeMutableBufferPointer { body($0.baseAddress.unsafelyUnwrapped + start) }
    length = start &+ written
  }

  /// Appends `count` bytes from `source`.
  @inlinable @inline(__always) mutating func append(_ source: UnsafeRawPointer, count: Int) {
    append(atMost: count) { destination in
      UnsafeMutableRawPointer(destination).copyMemory(from: source, byteCount: count)
      return count
    }
  }

  /// Makes room for `byteCount` bytes in all, at least doubling the storage.
  @usableFromInline @inline(never) mutating func grow(toHold byteCount: Int) {
    let grown = max(byteCount, storage.count * 2)
    storage.append(contentsOf: repeatElement(0, count: grown - storage.count))
  }

  /// Appends ASCII punctuation or a fixed fragment such as `{"id":` as it is.
  @inlinable public mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { append($0.baseAddress.unsafelyUnwrapped, count: $0.count) }
  }

  /// Appends one byte as it is (`,`, `\n`, `]`).
  @inlinable public mutating func raw(byte: UInt8) {
    append(atMost: 1) { destination in
      destination.pointee = byte
      return 1
    }
  }

  /// Appends bytes as they are (an already serialized fragment).
  public mutating func raw(_ fragment: some Sequence<UInt8>) {
    let copied: Void? = fragment.withContiguousStorageIfAvailable { buffer in
      if let base = buffer.baseAddress { append(base, count: buffer.count) }
    }
    if copied == nil {
      for byte in fragment { raw(byte: byte) }
    }
  }

  /// Appends a number (shortest round-trip; `null` when not finite).
  @inlinable public mutating func number(_ value: Double) {
    append(atMost: NumberFormat.maximumByteCount) { NumberFormat.write(value, into: $0) }
  }

  /// Appends an integer.
  @inlinable public mutating func integer(_ value: Int) {
    append(atMost: NumberFormat.maximumByteCount) { NumberFormat.write(Int64(value), into: $0) }
  }

  /// Appends `true` or `false`.
  @inlinable public mutating func bool(_ value: Bool) { value ? raw("true") : raw("false") }

  /// Appends `null`.
  @inlinable public mutating func null() { raw("null") }

  /// Appends a string literal.
  public mutating func string(_ value: String) {
    var value = value
    value.withUTF8 { string(utf8: $0) }
  }

  /// Appends a string literal whose content is `utf8` (valid UTF-8): quotes, backslashes and
  /// control characters escaped, and U+2028 / U+2029 escaped so the line is also valid
  /// JavaScript; everything else copied as it is.
  public mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
    raw(byte: UInt8(ascii: "\""))
    var runStart = 0
    var index = 0
    let count = utf8.count
    let base = UnsafeRawPointer(utf8.baseAddress)
    while index < count {
      // Eight bytes at a time while none of them may need an escape.
      if let base, count &- index >= 8,
        !Self.mayNeedEscape(base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      {
        index &+= 8
        continue
      }
      let byte = utf8[index]
      if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") && byte != 0xE2 {
        index &+= 1
        continue
      }
      if byte == 0xE2 {
        // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
        guard index + 2 < count, utf8[index + 1] == 0x80, utf8[index + 2] & 0xFE == 0xA8 else {
          index &+= 1
          continue
        }
      }
      if runStart < index, let base { append(base + runStart, count: index &- runStart) }
      switch byte {
      case UInt8(ascii: "\""): raw("\\\"")
      case UInt8(ascii: "\\"): raw("\\\\")
      case UInt8(ascii: "\n"): raw("\\n")
      case UInt8(ascii: "\r"): raw("\\r")
      case UInt8(ascii: "\t"): raw("\\t")
      case 0xE2:
        raw(utf8[index + 2] == 0xA8 ? "\\u2028" : "\\u2029")
        index &+= 2
      default:
        raw("\\u00")
        raw(byte: Self.hexDigit(byte >> 4))
        raw(byte: Self.hexDigit(byte & 0xF))
      }
      index &+= 1
      runStart = index
    }
    if runStart < count, let base { append(base + runStart, count: count &- runStart) }
    raw(byte: UInt8(ascii: "\""))
  }

  /// Whether any of eight bytes may need an escape: a control character, `"`, `\`, or 0xE2 (the
  /// lead byte of U+2028 and U+2029).
  @inline(__always) static func mayNeedEscape(_ word: UInt64) -> Bool {
    ByteWord.hasJSONStringSpecial(word) || ByteWord.hasByte(0xE2, in: word)
  }

  @inline(__always) private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? value &+ 48 : value &+ 87
  }
}
