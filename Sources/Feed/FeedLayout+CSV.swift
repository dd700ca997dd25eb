import CollectionLayout
import Foundation

extension FeedLayout {
  /// The CSV header of ``csv()``.
  public static let csvHeader = "id,section,item,column,x,y,width,height"

  /// One row per item (RFC 4180 quoting; an empty column for circle and full-span cells).
  public func csv() -> String {
    var output = Self.csvHeader + "\r\n"
    for item in items {
      let fields = [
        Self.csvField(item.id), "\(item.section)", "\(item.item)", item.column.map { "\($0)" } ?? "",
        JSONValue.format(item.frame.minX), JSONValue.format(item.frame.minY),
        JSONValue.format(item.frame.width), JSONValue.format(item.frame.height),
      ]
      output += fields.joined(separator: ",") + "\r\n"
    }
    return output
  }

  static func csvField(_ text: String) -> String {
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
