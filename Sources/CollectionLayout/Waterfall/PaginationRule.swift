/// How ``WaterfallLayout/applyPage(_:toSection:rule:)`` tells a refresh from a load-more.
public enum PaginationRule: Sendable, Hashable {
  /// The page-count rule: when the data has at most `pageSize` items it is a refresh — the
  /// cache is discarded and everything is measured and placed again; with more items it is a
  /// load-more — only the items after the old count are measured and placed.
  ///
  /// Kept to show (and test) where it goes wrong: a refresh that returns more than a page is taken
  /// for a load-more and keeps stale frames; a shrinking list longer than a page keeps frames for
  /// items that are gone; changed items in the placed prefix keep their old heights.
  case countBased(pageSize: Int)
  /// The default: compare identities and revisions with the placed items. The first differing
  /// item is where layout restarts; a pure append measures and places only the new items; items
  /// whose height is cached at this width are not measured again.
  case identityPrefix
}
