/// A value of an item's field, as read from JSON.
public enum ItemValue: Sendable, Hashable {
  /// A string.
  case string(String)
  /// A number.
  case number(Double)
  /// `true` or `false`.
  case bool(Bool)
  /// JSON `null`.
  case null
  /// An array (image lists, tags).
  case array([ItemValue])
  /// An object (an image entry with its size).
  case object([String: ItemValue])
  /// A value known only by its JSON type name (for error messages).
  case other(String)

  /// The text a label shows for the value: strings as-is, integral numbers without a
  /// fraction, booleans as `true`/`false`; nil for null, arrays and objects.
  public var text: String? {
    switch self {
    case .string(let string): string
    case .number(let number): Constraint.format(number)
    case .bool(let bool): bool ? "true" : "false"
    case .null, .array, .object, .other: nil
    }
  }

  /// A JSON type name ("string", "number"...).
  public var typeName: String {
    switch self {
    case .string: "string"
    case .number: "number"
    case .bool: "boolean"
    case .null: "null"
    case .array: "array"
    case .object: "object"
    case .other(let name): name
    }
  }
}
