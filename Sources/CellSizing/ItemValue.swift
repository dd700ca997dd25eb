/// A value of an item's field, as read from JSON.
public enum ItemValue: Sendable, Hashable {
  case string(String)
  case number(Double)
  case bool(Bool)
  case null
  /// Arrays and objects are kept only as a type name for error messages.
  case other(String)

  /// The text a label shows for the value: strings as-is, integral numbers without a
  /// fraction, booleans as `true`/`false`; nil for null, arrays and objects.
  public var text: String? {
    switch self {
    case .string(let string): string
    case .number(let number): Constraint.format(number)
    case .bool(let bool): bool ? "true" : "false"
    case .null, .other: nil
    }
  }

  /// A JSON type name ("string", "number"...).
  public var typeName: String {
    switch self {
    case .string: "string"
    case .number: "number"
    case .bool: "boolean"
    case .null: "null"
    case .other(let name): name
    }
  }
}
