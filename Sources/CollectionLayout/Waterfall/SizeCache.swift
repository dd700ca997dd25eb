/// Measured item heights keyed by item identity, revision and width.
///
/// The cache is per width: changing the width looks heights up under the new width (measuring
/// the misses), and going back to an earlier width finds everything measured before.
public struct SizeCache: Sendable, Hashable {
  /// The key of one cached height within a width.
  public struct Key: Sendable, Hashable {
    /// The item's identity.
    public var id: ItemID
    /// The item's content revision.
    public var revision: Int

    /// Creates a key.
    public init(id: ItemID, revision: Int) {
      self.id = id
      self.revision = revision
    }

    /// The key of `item`.
    public init(_ item: LayoutItem) {
      self.init(id: item.id, revision: item.revision)
    }
  }

  private var heightsByWidth: [Double: [Key: Double]] = [:]

  /// Creates an empty cache.
  public init() {}

  /// The cached height of `item` at `width`.
  public func height(of item: LayoutItem, width: Double) -> Double? {
    heightsByWidth[width]?[Key(item)]
  }

  /// Stores the height of `item` at `width`.
  public mutating func store(_ height: Double, of item: LayoutItem, width: Double) {
    heightsByWidth[width, default: [:]][Key(item)] = height
  }

  /// Removes and returns the heights cached at `width` (uniquely referenced, so the caller can
  /// add to it without copying); give it back with ``putHeights(_:atWidth:)``.
  mutating func takeHeights(atWidth width: Double) -> [Key: Double] {
    heightsByWidth.removeValue(forKey: width) ?? [:]
  }

  /// Stores the heights for `width` (see ``takeHeights(atWidth:)``).
  mutating func putHeights(_ heights: [Key: Double], atWidth width: Double) {
    if !heights.isEmpty { heightsByWidth[width] = heights }
  }

  /// The widths that have cached heights.
  public var widths: [Double] { heightsByWidth.keys.sorted() }

  /// The number of heights cached at `width`.
  public func count(atWidth width: Double) -> Int { heightsByWidth[width]?.count ?? 0 }

  /// The number of heights cached at all widths.
  public var count: Int { heightsByWidth.values.reduce(0) { $0 + $1.count } }

  /// Forgets everything.
  public mutating func removeAll() { heightsByWidth.removeAll() }

  /// Forgets the heights of every revision of `id` at every width.
  public mutating func remove(_ id: ItemID) {
    for width in heightsByWidth.keys {
      heightsByWidth[width] = heightsByWidth[width]?.filter { $0.key.id != id }
    }
  }
}
