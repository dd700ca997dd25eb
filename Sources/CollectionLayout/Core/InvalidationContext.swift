/// Why a layout was invalidated (as `UICollectionViewLayoutInvalidationContext`).
public struct InvalidationContext: Sendable, Hashable {
  /// Everything must be recomputed (e.g. `reloadData`, a configuration change).
  public var invalidateEverything: Bool
  /// The data changed (inserts, deletes, moves, reloads); the layout may diff it.
  public var invalidateDataSourceCounts: Bool
  /// The bounds changed in a way ``CollectionViewLayout/shouldInvalidateLayout(forBoundsChange:)``
  /// accepted.
  public var invalidateForBoundsChange: Bool

  /// Creates a context.
  public init(
    invalidateEverything: Bool = false, invalidateDataSourceCounts: Bool = false,
    invalidateForBoundsChange: Bool = false
  ) {
    self.invalidateEverything = invalidateEverything
    self.invalidateDataSourceCounts = invalidateDataSourceCounts
    self.invalidateForBoundsChange = invalidateForBoundsChange
  }

  /// Recompute everything.
  public static let everything = InvalidationContext(
    invalidateEverything: true, invalidateDataSourceCounts: true)
  /// The data changed.
  public static let dataSourceCounts = InvalidationContext(invalidateDataSourceCounts: true)
  /// The bounds changed.
  public static let boundsChange = InvalidationContext(invalidateForBoundsChange: true)

  /// Combines two reasons.
  public func merging(_ other: InvalidationContext) -> InvalidationContext {
    InvalidationContext(
      invalidateEverything: invalidateEverything || other.invalidateEverything,
      invalidateDataSourceCounts: invalidateDataSourceCounts || other.invalidateDataSourceCounts,
      invalidateForBoundsChange: invalidateForBoundsChange || other.invalidateForBoundsChange)
  }
}
