/// A parsed JSON value, keeping JSON's own types (booleans are not numbers).
enum JSONValue: Sendable, Hashable, Decodable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let bool = try? container.decode(Bool.self) {
      self = .bool(bool)
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else if let string = try? container.decode(String.self) {
      self = .string(string)
    } else if let array = try? container.decode([JSONValue].self) {
      self = .array(array)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "boolean"
    case .number: "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }

  /// The item-field view of the value.
  var itemValue: ItemValue {
    switch self {
    case .null: .null
    case .bool(let bool): .bool(bool)
    case .number(let number): .number(number)
    case .string(let string): .string(string)
    case .array, .object: .other(typeName)
    }
  }
}
