import Foundation

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

  /// Parses one JSON object.
  static func parseObject<S: StringProtocol>(_ line: S) throws(InputError) -> [String: Any] {
    let parsed: Any
    do {
      parsed = try JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed])
    } catch {
      let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
      throw InputError(.invalidJSON, "invalid JSON: \(reason)")
    }
    guard let object = parsed as? [String: Any] else {
      throw InputError(.notAnObject, "expected a JSON object")
    }
    return object
  }
}
