import SelfSizingCore

/// A bad input record: what is wrong with one line of JSON Lines input.
public struct InputError: Error, Sendable, Hashable, CustomStringConvertible {
  public enum Code: String, Sendable, Hashable {
    case invalidJSON
    case notAnObject
    case missingField
    case wrongType
    case invalidValue
  }

  public var code: Code
  public var message: String

  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  public var description: String { message }

  /// Parses one JSON object (one line of JSON Lines); of a repeated key, the last counts.
  static func parseObject<S: StringProtocol>(_ line: S) throws(InputError) -> [String: JSONValue] {
    let parsed: JSONValue
    do throws(JSONParseError) {
      parsed = try JSONValue.parse(line)
    } catch {
      throw InputError(.invalidJSON, "invalid JSON: \(error.descriptionWithinLine)")
    }
    guard case .object(let members) = parsed else {
      throw InputError(.notAnObject, "expected a JSON object")
    }
    return Dictionary(members, uniquingKeysWith: { _, last in last })
  }
}
