/// A JSON value: what `parse` reads (with the position of any syntax error) and what the
/// reports write (compact, deterministic text).
///
/// Objects keep their members in order, duplicates included, exactly as written or built, so
/// output follows the documented key order and readers choose how to treat a repeated key.
/// Two values are equal when they serialize to the same text.
public enum JSONValue: Sendable, Hashable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number (written as an integer when it is one; non-finite numbers are written as `null`).
  case number(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object: its members in order, repeated keys included.
  case object([(String, JSONValue)])

  /// Equal when both serialize to the same JSON text.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.serialized() == rhs.serialized() }
  /// Hashes the serialized JSON text.
  public func hash(into hasher: inout Hasher) { hasher.combine(serialized()) }

  /// JSON's name for the value's type: `null`, `boolean`, `number`, `string`, `array` or
  /// `object` (for error messages).
  public var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "boolean"
    case .number: "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }
}
