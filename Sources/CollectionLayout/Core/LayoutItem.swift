/// What a layout knows about one item of the data: its identity, the revision of its content and
/// whether it spans all columns.
///
/// Two items with the same `id` but different `revision` are the same item with changed content:
/// its cached size is stale and it is measured again.
public struct LayoutItem: Sendable, Hashable {
  /// The stable identity.
  public var id: ItemID
  /// A value that changes whenever the item's content (and so its size) changes, e.g. a hash of
  /// its text. Items are equal for the size cache only when both `id` and `revision` match.
  public var revision: Int
  /// Whether the item spans every column of its section (a waterfall "full-span" item).
  public var isFullSpan: Bool

  /// Creates an item.
  public init(id: ItemID, revision: Int = 0, isFullSpan: Bool = false) {
    self.id = id
    self.revision = revision
    self.isFullSpan = isFullSpan
  }
}
