extension JSONValue {
  /// Compact JSON text (one line).
  public func serialized() -> String {
    var writer = JSONWriter()
    write(to: &writer)
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  /// Appends compact JSON text to `writer`.
  public func write(to writer: inout JSONWriter) {
    switch self {
    case .null: writer.null()
    case .bool(let value): writer.bool(value)
    case .number(let value): writer.number(value)
    case .string(let value): writer.string(value)
    case .array(let values):
      writer.raw(byte: UInt8(ascii: "["))
      for (index, value) in values.enumerated() {
        if index > 0 { writer.raw(byte: UInt8(ascii: ",")) }
        value.write(to: &writer)
      }
      writer.raw(byte: UInt8(ascii: "]"))
    case .object(let members):
      writer.raw(byte: UInt8(ascii: "{"))
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { writer.raw(byte: UInt8(ascii: ",")) }
        writer.string(key)
        writer.raw(byte: UInt8(ascii: ":"))
        value.write(to: &writer)
      }
      writer.raw(byte: UInt8(ascii: "}"))
    }
  }

  /// A number as JSON text: ``NumberFormat`` for finite values, `null` for the others (which
  /// JSON cannot carry).
  public static func format(_ value: Double) -> String {
    value.isFinite ? NumberFormat.string(value) : "null"
  }

  /// `value` rounded to `decimals` places (see ``Swift/Double/rounded(decimals:)``) for people
  /// to read: every finite number prints as a number, however large.
  public static func format(_ value: Double, decimals: Int) -> String {
    format(value.rounded(decimals: decimals))
  }
}
