/// A cursor writing JSON into room a `JSONWriter` reserved (`JSONWriter.write(atMost:_:)`): the
/// writer's fragments as plain stores, without a check of room or of the storage's uniqueness
/// per fragment (a record of the `selfsize text` path is some forty fragments).
///
/// The caller reserves room for everything it writes: each method says the most bytes it writes.
/// Writing past the room reserved is a programming error the cursor does not catch.
public struct JSONRoom {
  /// Where the next byte goes.
  @usableFromInline var cursor: UnsafeMutablePointer<UInt8>

  @inlinable init(_ start: UnsafeMutablePointer<UInt8>) {
    cursor = start
  }

  /// The most bytes `string(utf8:)` writes for a string of `byteCount` UTF-8 bytes (every byte
  /// a control character escaped as `\u00XX`, and the quotes).
  @inlinable public static func maximumStringBytes(utf8Count byteCount: Int) -> Int { 2 &+ 6 &* byteCount }

  /// Writes `count` bytes from `source`.
  @inlinable @inline(__always) mutating func append(_ source: UnsafeRawPointer, count: Int) {
    UnsafeMutableRawPointer(cursor).copyMemory(from: source, byteCount: count)
    cursor += count
  }

  /// Writes ASCII punctuation or a fixed fragment such as `{"id":` as it is (its length).
  @inlinable public mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { append($0.baseAddress.unsafelyUnwrapped, count: $0.count) }
  }

  /// Writes one byte as it is.
  @inlinable public mutating func raw(byte: UInt8) {
    cursor.pointee = byte
    cursor += 1
  }

  /// Writes a number, shortest round-trip, `null` when not finite (at most
  /// `NumberFormat.maximumByteCount` bytes).
  @inlinable public mutating func number(_ value: Double) {
    cursor += NumberFormat.write(value, into: cursor)
  }

  /// Writes an integer (at most `NumberFormat.maximumByteCount` bytes).
  @inlinable public mutating func integer(_ value: Int) {
    cursor += NumberFormat.write(Int64(value), into: cursor)
  }

  /// Writes `true` or `false` (at most 5 bytes).
  @inlinable public mutating func bool(_ value: Bool) { value ? raw("true") : raw("false") }

  /// Writes a string literal whose content is `utf8` (valid UTF-8; at most
  /// `maximumStringBytes(utf8Count:)` bytes): quotes, backslashes and control characters
  /// escaped, and U+2028 / U+2029 escaped so the line is also valid JavaScript; everything else
  /// copied as it is.
  public mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
    raw(byte: UInt8(ascii: "\""))
    stringContent(utf8: utf8)
    raw(byte: UInt8(ascii: "\""))
  }

  /// Writes the content of a string literal (`string(utf8:)` without its quotes; `utf8` whole
  /// scalars).
  mutating func stringContent(utf8: UnsafeBufferPointer<UInt8>) {
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
