public import Foundation
public import SelfSizingCore

extension CellItem {
  /// An item from a JSON Lines record (its id, fields and line).
  public init(_ record: JSONRecord) {
    var fields: [String: ItemValue] = [:]
    fields.reserveCapacity(record.members.count)
    for (key, value) in record.members { fields[key] = value.itemValue }
    self.init(id: record.id, fields: fields, line: record.line)
  }

  /// Decodes one JSON object into an item by the rules of `JSONRecord` (UTF-8, no repeated
  /// key, a non-empty string `"id"`); `line` (1-based) goes into errors and the item.
  /// - Throws: `CellSizingError` located at `line N`: `invalidJSON` for a line that is not a
  ///   JSON object (or repeats a key), `missingID` without a non-empty string `"id"`.
  public init(json data: Data, line: Int? = nil) throws(CellSizingError) {
    let result: Result<JSONRecord, RecordError> = data.withUnsafeBytes { raw in
      do throws(RecordError) {
        return .success(try JSONRecord(utf8: raw.bindMemory(to: UInt8.self), line: line ?? 0))
      } catch {
        return .failure(error)
      }
    }
    switch result {
    case .success(let record):
      self.init(record)
      self.line = line
    case .failure(let error):
      let location = line.map { "line \($0)" } ?? "item"
      let code: CellSizingError.Code =
        [.missingID, .invalidID].contains(error.code) ? .missingID : .invalidJSON
      throw CellSizingError(code, at: location, error.message, line: line)
    }
  }

  /// Decodes JSON Lines: one result per non-blank line, in order (`JSONLine.split(_:)`). A
  /// bad line becomes an error naming its line; the other lines are unaffected.
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
