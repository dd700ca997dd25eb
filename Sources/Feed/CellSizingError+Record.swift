public import CellSizing
public import SelfSizingCore

extension CellSizingError {
  /// The error as a ``RecordError`` of `item`: its line and id, and the element or field
  /// that failed before the message (`cover: field "imageHeight" must be…`).
  public func recordError(for item: CellItem) -> RecordError {
    let prefix = item.locationDescription
    var place = location
    if place == prefix {
      place = ""
    } else if place.hasPrefix(prefix + ": ") {
      place.removeFirst(prefix.count + 2)
    }
    return RecordError(
      .measurement, place.isEmpty ? message : "\(place): \(message)", line: item.line, id: item.id)
  }
}

extension CellSizingError {
  /// The error as a failure of an input line: `SOURCE:LINE` and `id X: what` (the one
  /// location format), or `SOURCE` and the error's own words when it has no line.
  public func feedFailure(in source: String) -> FeedFailure {
    guard let line else { return FeedFailure(location: source, message: description) }
    let record = RecordError(.measurement, innerDescription, line: line, id: itemID)
    return FeedFailure(location: "\(source):\(line)", message: record.description)
  }

  /// The message with the location after the item's line and id (`cover: field …`).
  private var innerDescription: String {
    var place = location
    let prefixes = [
      itemID.map { "line \(line ?? 0), item \"\($0)\"" }, "line \(line ?? 0)",
      itemID.map { "item \"\($0)\"" },
    ].compactMap { $0 }
    for prefix in prefixes {
      if place == prefix {
        place = ""
        break
      }
      if place.hasPrefix(prefix + ": ") {
        place.removeFirst(prefix.count + 2)
        break
      }
    }
    return place.isEmpty ? message : "\(place): \(message)"
  }
}
