extension FeedFailure {
  /// The item id a failure's location names (`item "note-0003"`), if any.
  public var itemID: String? {
    guard location.hasSuffix("\""), let range = location.firstRange(of: "item \"") else { return nil }
    let id = location[range.upperBound..<location.index(before: location.endIndex)]
    return id.isEmpty ? nil : String(id)
  }
}
