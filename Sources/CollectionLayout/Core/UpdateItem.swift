/// One change in a batch update (as `UICollectionViewUpdateItem`).
public struct UpdateItem: Sendable, Hashable {
  /// What happened to the item.
  public enum Action: Sendable, Hashable {
    /// Insert an item at the index path after the update.
    case insert
    /// Delete the item at the index path before the update.
    case delete
    /// Reload the item in place.
    case reload
    /// Move an item from one index path to another.
    case move
  }

  /// What happened.
  public var action: Action
  /// The item's index path before the update (`nil` for inserts).
  public var indexPathBeforeUpdate: IndexPath?
  /// The item's index path after the update (`nil` for deletes).
  public var indexPathAfterUpdate: IndexPath?

  /// Creates an update item.
  public init(action: Action, before: IndexPath?, after: IndexPath?) {
    self.action = action
    self.indexPathBeforeUpdate = before
    self.indexPathAfterUpdate = after
  }

  /// An insert at `indexPath` (an index path after the update).
  public static func insert(_ indexPath: IndexPath) -> UpdateItem {
    UpdateItem(action: .insert, before: nil, after: indexPath)
  }

  /// A delete at `indexPath` (an index path before the update).
  public static func delete(_ indexPath: IndexPath) -> UpdateItem {
    UpdateItem(action: .delete, before: indexPath, after: nil)
  }

  /// A move from `from` (before) to `to` (after).
  public static func move(from: IndexPath, to: IndexPath) -> UpdateItem {
    UpdateItem(action: .move, before: from, after: to)
  }

  /// A reload of `indexPath` (the same before and after).
  public static func reload(_ indexPath: IndexPath) -> UpdateItem {
    UpdateItem(action: .reload, before: indexPath, after: indexPath)
  }
}
