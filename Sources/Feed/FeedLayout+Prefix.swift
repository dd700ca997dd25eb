import CollectionLayout

extension FeedLayout {
  /// The layout of the first `count` items only, for pictures of a long feed: the items keep
  /// their frames (a waterfall places each item from the ones before it, so the first `count`
  /// are where the whole feed has them), the content ends below the lowest of them with the
  /// margin the layout has at its leading edge, and the headers, footers, decorations and
  /// columns above that end are kept (columns cut there). Failures and page summaries stay those
  /// of the whole feed. The layout itself when it has no more than `count` items.
  public func prefix(_ count: Int) -> FeedLayout {
    guard count >= 0, items.count > count else { return self }
    var copy = self
    copy.items = Array(items.prefix(count))
    let bottom = copy.items.map(\.frame.maxY).max() ?? 0
    let margin = items.map(\.frame.minX).min() ?? 0
    let end = min(contentSize.height, bottom + max(0, margin))
    copy.contentSize.height = end
    copy.supplementary = supplementary.filter { $0.frame.minY < end }
    copy.decorations = decorations.filter { $0.frame.minY < end }
    copy.columnFrames = columnFrames.map {
      Rect(x: $0.minX, y: $0.minY, width: $0.width, height: max(0, min($0.maxY, end) - $0.minY))
    }
    copy.columnHeights = columnHeights.map { min($0, end) }
    return copy
  }
}
