import Foundation

extension JSONValue {
  /// Parses JSON data; a syntax error becomes `invalidJSON` at `location`.
  static func parse(_ data: Data, location: String) throws(CellSizingError) -> JSONValue {
    do {
      return try JSONDecoder().decode(JSONValue.self, from: data)
    } catch let DecodingError.dataCorrupted(context) {
      let detail = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
      throw CellSizingError(
        .invalidJSON, at: location, "not valid JSON: \(detail ?? context.debugDescription)")
    } catch {
      throw CellSizingError(.invalidJSON, at: location, "not valid JSON: \(error)")
    }
  }
}
