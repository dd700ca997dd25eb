/// Where JSON fragments are written: a `JSONWriter` (room checked per fragment) or a `JSONRoom`
/// (room reserved once), so that one serializer serves both.
public protocol JSONOutput {
  /// Writes ASCII punctuation or a fixed fragment such as `{"id":` as it is.
  mutating func raw(_ text: StaticString)
  /// Writes one byte as it is.
  mutating func raw(byte: UInt8)
  /// Writes a number (shortest round-trip; `null` when not finite).
  mutating func number(_ value: Double)
  /// Writes an integer.
  mutating func integer(_ value: Int)
  /// Writes `true` or `false`.
  mutating func bool(_ value: Bool)
  /// Writes a string literal whose content is `utf8` (valid UTF-8), escaped.
  mutating func string(utf8: UnsafeBufferPointer<UInt8>)
}

extension JSONWriter: JSONOutput {}
extension JSONRoom: JSONOutput {}
