import Foundation
import SelfSizingCore

extension JSONValue {
  /// Parses JSON data; a syntax error becomes `invalidJSON` at `location`, naming the line and
  /// column of the error in the data (only the column for the JSON Lines record at `line`).
  static func parse(_ data: Data, location: String, line: Int? = nil) throws(CellSizingError) -> JSONValue {
    do throws(JSONParseError) {
      return try parse(data, rejectingDuplicateKeys: true)
    } catch {
      let position = line == nil ? error.description : error.descriptionWithinLine
      throw CellSizingError(.invalidJSON, at: location, "not valid JSON: \(position)", line: line)
    }
  }

  /// The members of an object by key; of a repeated key, the first.
  var firstMembers: [String: JSONValue]? {
    guard case .object(let members) = self else { return nil }
    return Dictionary(members, uniquingKeysWith: { first, _ in first })
  }

  /// The item-field view of the value.
  var itemValue: ItemValue {
    switch self {
    case .null: .null
    case .bool(let bool): .bool(bool)
    case .number(let number): .number(number)
    case .string(let string): .string(string)
    case .array(let items): .array(items.map(\.itemValue))
    case .object: .object(firstMembers!.mapValues(\.itemValue))
    }
  }
}
