import CollectionLayout

/// Items with identities "prefix0", "prefix1", ….
func items(_ count: Int, prefix: String = "i", from start: Int = 0) -> [LayoutItem] {
  (start..<(start + count)).map { LayoutItem(id: ItemID("\(prefix)\($0)")) }
}

/// A height provider that counts its calls and answers from a table (default 100).
final class CountingProvider: ItemHeightProvider {
  var calls = 0
  var heights: [ItemID: Double]
  var byWidth: ((ItemID, Double) -> Double)?
  var hashedItems = false

  init(_ heights: [ItemID: Double] = [:], byWidth: ((ItemID, Double) -> Double)? = nil) {
    self.heights = heights
    self.byWidth = byWidth
  }

  func height(of item: LayoutItem, at indexPath: IndexPath, width: Double) throws -> Double {
    calls += 1
    if hashedItems { return hashedHeight(item) }
    if let byWidth { return byWidth(item.id, width) }
    return heights[item.id] ?? 100
  }
}

/// A deterministic pseudo-height per identity and revision: 20…219.
func hashedHeight(_ item: LayoutItem) -> Double {
  var hash: UInt64 = 1_469_598_103_934_665_603
  for byte in item.id.rawValue.utf8 {
    hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211
  }
  hash = (hash ^ UInt64(bitPattern: Int64(item.revision))) &* 1_099_511_628_211
  return 20 + Double(hash % 200)
}

extension Array where Element == LayoutAttributes {
  var frames: [Rect] { map(\.frame) }
}
