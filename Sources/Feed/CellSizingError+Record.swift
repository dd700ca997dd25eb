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
