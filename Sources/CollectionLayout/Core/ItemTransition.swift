/// How one item animates in a batch update: from which attributes to which.
public struct ItemTransition: Sendable, Hashable {
  /// What happened to the item.
  public enum Change: String, Sendable, Hashable {
    /// Inserted by the update.
    case insert
    /// Deleted by the update.
    case delete
    /// Moved to another index path.
    case move
    /// Reloaded in place.
    case reload
    /// Neither inserted, deleted nor moved (its index path may still shift).
    case none
  }

  /// The item's identity.
  public var itemID: ItemID
  /// What happened.
  public var change: Change
  /// The index path before the update (`nil` for inserts).
  public var indexPathBefore: IndexPath?
  /// The index path after the update (`nil` for deletes).
  public var indexPathAfter: IndexPath?
  /// Where the animation starts.
  public var from: LayoutAttributes
  /// Where the animation ends.
  public var to: LayoutAttributes

  /// Creates a transition.
  public init(
    itemID: ItemID, change: Change, indexPathBefore: IndexPath?, indexPathAfter: IndexPath?,
    from: LayoutAttributes, to: LayoutAttributes
  ) {
    self.itemID = itemID
    self.change = change
    self.indexPathBefore = indexPathBefore
    self.indexPathAfter = indexPathAfter
    self.from = from
    self.to = to
  }
}
