import Foundation
import SelfSizingCore

/// A JSON object of a request, read field by field; every failure is a 400 naming the field's
/// path (`style.fontSize`, `items[3]`).
struct RequestObject {
  /// The path of the object itself (empty for the body).
  let path: String
  private let members: [String: JSONValue]

  /// The object at `path`, whose keys must be among `keys` and appear once.
  init(_ value: JSONValue, path: String, keys: Set<String>) throws(ServiceError) {
    guard case .object(let pairs) = value else {
      throw ServiceError(
        .invalidRequest, "\(path.isEmpty ? "the body" : path) must be a JSON object, got \(value.typeName)")
    }
    var members: [String: JSONValue] = [:]
    for (key, member) in pairs {
      let keyPath = Self.join(path, key)
      guard keys.contains(key) else {
        throw ServiceError(
          .invalidRequest,
          "unknown field \(keyPath); expected one of \(keys.sorted().joined(separator: ", "))")
      }
      guard members.updateValue(member, forKey: key) == nil else {
        throw ServiceError(.invalidRequest, "duplicate field \(keyPath)")
      }
    }
    self.path = path
    self.members = members
  }

  /// Parses a request body.
  /// - Throws: `invalidJSON` with the line and column of the syntax error.
  static func parseBody(_ bytes: [UInt8]) throws(ServiceError) -> JSONValue {
    do throws(JSONParseError) {
      return try JSONValue.parse(Data(bytes))
    } catch {
      throw ServiceError(
        .invalidJSON, "invalid JSON: \(error.description)", line: error.line, column: error.column)
    }
  }

  static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

  func keyPath(_ key: String) -> String { Self.join(path, key) }

  /// The raw value, nil when absent or null.
  subscript(key: String) -> JSONValue? {
    guard let value = members[key], value != .null else { return nil }
    return value
  }

  func number(_ key: String) throws(ServiceError) -> Double? {
    guard let value = self[key] else { return nil }
    guard case .number(let number) = value else {
      throw ServiceError(.invalidRequest, "\(keyPath(key)) must be a number, got \(value.typeName)")
    }
    return number
  }

  /// A number in `range` (the same ranges as the CLI's options and the template's fields).
  func number(_ key: String, in range: MetricRange) throws(ServiceError) -> Double? {
    guard let number = try number(key) else { return nil }
    if let violation = range.violation(number) {
      throw ServiceError(.invalidRequest, "\(keyPath(key)) \(violation)")
    }
    return number
  }

  /// A whole number in `range` (see ``CountRange``), or nil when the key is absent.
  func integer(_ key: String, in range: CountRange) throws(ServiceError) -> Int? {
    guard let number = try number(key) else { return nil }
    guard let integer = range.count(number) else {
      throw ServiceError(.invalidRequest, "\(keyPath(key)) \(range.violation(number) ?? range.requirement)")
    }
    return integer
  }

  func bool(_ key: String) throws(ServiceError) -> Bool? {
    guard let value = self[key] else { return nil }
    guard case .bool(let bool) = value else {
      throw ServiceError(.invalidRequest, "\(keyPath(key)) must be true or false, got \(value.typeName)")
    }
    return bool
  }

  func string(_ key: String) throws(ServiceError) -> String? {
    guard let value = self[key] else { return nil }
    guard case .string(let string) = value else {
      throw ServiceError(.invalidRequest, "\(keyPath(key)) must be a string, got \(value.typeName)")
    }
    return string
  }

  /// One of a string enumeration's names (`textWrap`, `androidStyle`), an error listing them.
  func choice<Choice: RawRepresentable<String> & CaseIterable>(_ key: String, of type: Choice.Type)
    throws(ServiceError) -> Choice?
  {
    guard let name = try string(key) else { return nil }
    guard let choice = Choice(rawValue: name) else {
      let names = Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
      throw ServiceError(.invalidRequest, "\(keyPath(key)) must be \(names), got \"\(name)\"")
    }
    return choice
  }

  func array(_ key: String) throws(ServiceError) -> [JSONValue]? {
    guard let value = self[key] else { return nil }
    guard case .array(let elements) = value else {
      throw ServiceError(.invalidRequest, "\(keyPath(key)) must be an array, got \(value.typeName)")
    }
    return elements
  }

  func requiredArray(_ key: String) throws(ServiceError) -> [JSONValue] {
    guard let elements = try array(key) else {
      throw ServiceError(.invalidRequest, "missing field \(keyPath(key))")
    }
    return elements
  }

  /// `widths`: 1 to `limit` numbers in ``MetricRange/size`` (`allowsInfinity`: or the string "inf").
  func widths(limit: Int, allowsInfinity: Bool = false) throws(ServiceError) -> [Double] {
    let elements = try requiredArray("widths")
    guard !elements.isEmpty else { throw ServiceError(.invalidRequest, "\(keyPath("widths")) is empty") }
    guard elements.count <= limit else {
      throw ServiceError(
        .tooManyWidths,
        "\(keyPath("widths")) has \(elements.count) widths; the limit is \(limit) per request",
        limit: Double(limit))
    }
    var widths: [Double] = []
    for (index, element) in elements.enumerated() {
      switch element {
      case .number(let width) where MetricRange.size.contains(width): widths.append(width)
      case .string("inf") where allowsInfinity: widths.append(.infinity)
      default:
        throw ServiceError(
          .invalidRequest,
          "\(keyPath("widths"))[\(index)] \(MetricRange.size.requirement)\(allowsInfinity ? " or \"inf\"" : ""), got \(element.serialized())"
        )
      }
    }
    return widths
  }
}
