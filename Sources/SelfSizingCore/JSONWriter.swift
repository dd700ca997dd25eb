/// Compact JSON text written straight into UTF-8 bytes: the output path of every command
/// (no `String` is built per value).
///
/// The writer does not track commas or nesting: callers write the punctuation (`raw`) and
/// the values in order. `JSONValue.write(to:)` is the general form; hot paths write their
/// fixed keys with `raw`.
public struct JSONWriter: Sendable {
  /// The text written so far.
  public var bytes: [UInt8]

  /// An empty writer with room for `capacity` bytes.
  public init(capacity: Int = 0) {
    bytes = []
    bytes.reserveCapacity(capacity)
  }

  /// The number of bytes written.
  public var count: Int { bytes.count }

  /// Forgets the text, keeping the storage.
  public mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

  /// Appends ASCII punctuation or a fixed fragment such as `{"id":` as it is.
  @inlinable public mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Appends one byte as it is (`,`, `\n`, `]`).
  @inlinable public mutating func raw(byte: UInt8) { bytes.append(byte) }

  /// Appends bytes as they are (an already serialized fragment).
  public mutating func raw(_ fragment: some Sequence<UInt8>) { bytes.append(contentsOf: fragment) }

  /// Appends a number (shortest round-trip; `null` when not finite).
  @inlinable public mutating func number(_ value: Double) { NumberFormat.append(value, to: &bytes) }

  /// Appends an integer.
  @inlinable public mutating func integer(_ value: Int) { NumberFormat.append(value, to: &bytes) }

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
    bytes.append(UInt8(ascii: "\""))
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
      if runStart < index {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
      }
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
        bytes.append(Self.hexDigit(byte >> 4))
        bytes.append(Self.hexDigit(byte & 0xF))
      }
      index &+= 1
      runStart = index
    }
    if runStart < count {
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count]))
    }
    bytes.append(UInt8(ascii: "\""))
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
