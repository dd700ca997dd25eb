/// What applying one page to the layout did.
public struct PageSummary: Sendable, Hashable {
  /// The page's source (file name).
  public var source: String
  /// How the page was applied: `initial`, `loadMore`, `refresh`, … (the layout's update kind).
  public var kind: String
  /// The number of items in the data after the page.
  public var items: Int
  /// The number of items measured for the page (asked the template cell for a height).
  public var measured: Int
  /// The number of items placed (frames computed) for the page.
  public var placed: Int

  /// A page summary.
  public init(source: String, kind: String, items: Int, measured: Int, placed: Int) {
    self.source = source
    self.kind = kind
    self.items = items
    self.measured = measured
    self.placed = placed
  }
}
