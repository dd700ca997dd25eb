/// What one update of a ``WaterfallLayout`` did: how it was classified and how many items it
/// measured (asked the height provider for) and placed (computed frames for).
public struct LayoutUpdateReport: Sendable, Hashable {
  /// How the update related to the previous data.
  public enum Kind: String, Sendable, Hashable {
    /// The first layout.
    case initial
    /// The data changed from the first item: everything placed again (cached heights reused).
    case refresh
    /// Items were appended after the placed prefix: only they were measured and placed.
    case loadMore
    /// Items changed, were inserted or removed after an unchanged prefix: the layout was redone
    /// from the first change.
    case partial
    /// The list became a prefix of itself (a shrinking list with an unchanged start).
    case truncate
    /// The width changed: everything was placed again, heights came from the per-width cache.
    case widthChange
    /// Nothing changed.
    case unchanged
    /// A ``PaginationRule/countBased(pageSize:)`` refresh: cache discarded, everything measured.
    case rebuild
  }

  /// How the update was classified.
  public var kind: Kind
  /// The number of items in the data after the update.
  public var itemCount: Int
  /// The number of items the height provider was asked for.
  public var measured: Int
  /// The number of items whose frames were computed.
  public var placed: Int
  /// The number of heights found in the size cache.
  public var cacheHits: Int
  /// The first index path whose layout changed (`nil` when nothing did).
  public var firstChange: IndexPath?
  /// Non-fatal problems: items whose height failed (and got the fallback height), sections too
  /// narrow for their insets and spacing, items with a span below 1.
  public var diagnostics: [LayoutError]
  /// The sections (in order) whose items were all placed afresh although
  /// ``WaterfallLayout/Configuration/stableColumns`` is on, because their column count changed;
  /// empty otherwise.
  public var columnsReset: [Int]

  /// Creates a report.
  public init(
    kind: Kind, itemCount: Int, measured: Int = 0, placed: Int = 0, cacheHits: Int = 0,
    firstChange: IndexPath? = nil, diagnostics: [LayoutError] = [], columnsReset: [Int] = []
  ) {
    self.kind = kind
    self.itemCount = itemCount
    self.measured = measured
    self.placed = placed
    self.cacheHits = cacheHits
    self.firstChange = firstChange
    self.diagnostics = diagnostics
    self.columnsReset = columnsReset
  }
}
