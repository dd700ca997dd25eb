public import Foundation
public import SelfSizingCore

extension CellItem {
  /// Decodes one JSON object into an item; `line` (1-based) goes into errors and the item.
  /// - Throws: `CellSizingError` located at `line N` (with the id when it was readable):
  ///   `invalidJSON` for a line that is not a JSON object, `missingID` without a string `"id"`.
  public init(json data: Data, line: Int? = nil) throws(CellSizingError) {
    let location = line.map { "line \($0)" } ?? "item"
    let value = try JSONValue.parse(data, location: location, line: line)
    guard let object = value.firstMembers else {
      throw CellSizingError(
        .invalidJSON, at: location, "expected a JSON object, got \(value.typeName)", line: line)
    }
    guard let idValue = object["id"] else {
      throw CellSizingError(.missingID, at: location, "the item has no \"id\"", line: line)
    }
    guard case .string(let id) = idValue, !id.isEmpty else {
      throw CellSizingError(
        .missingID, at: location, "the item's \"id\" must be a non-empty string, got \(idValue.typeName)",
        line: line)
    }
    self.init(id: id, fields: object.mapValues(\.itemValue), line: line)
  }

  /// Decodes JSON Lines: one result per non-blank line, in order (``JSONLine/split(_:)``). A
  /// bad line becomes an error naming its line (and id when readable); the other lines are
  /// unaffected.
  public static func decodeLines(_ data: Data) -> [Result<CellItem, CellSizingError>] {
    JSONLine.split(data).map { line in
      do throws(CellSizingError) {
        return .success(try CellItem(json: line.bytes, line: line.number))
      } catch {
        return .failure(error)
      }
    }
  }
}
