public import CollectionLayout

extension FeedLayout {
  /// The most items a circle layout takes here (every item gets its own frame and output line).
  public static let maximumCircleItems = 100_000

  /// A circle layout: `count` cells (ids "0", "1", …) of `itemSize` on a
  /// circle in a collection view of `size`, with the decoration view at the centre. Geometry is
  /// ``CircleLayout``'s (its default rules; cells shrink rather than overlap).
  ///
  /// - Throws: ``LayoutError`` for a negative or non-finite size or item size, or more than
  ///   ``maximumCircleItems`` items.
  public static func circle(
    size: Size, count: Int, itemSize: Size = Size(width: 34, height: 34)
  ) throws -> FeedLayout {
    var configuration = CircleLayout.Configuration()
    configuration.itemSize = itemSize
    return try circle(size: size, count: count, configuration: configuration)
  }

  /// A circle layout of `count` cells (ids "0", "1", …) in a collection view of `size` with
  /// `configuration` (item size, overlap policy, content size, header, footer, decoration).
  ///
  /// - Throws: ``LayoutError`` for an invalid configuration or size, or more than
  ///   ``maximumCircleItems`` items.
  public static func circle(
    size: Size, count: Int, configuration: CircleLayout.Configuration
  ) throws -> FeedLayout {
    guard count <= maximumCircleItems else {
      throw LayoutError(
        .invalidMetric, "circle layout: \(count) items; at most \(maximumCircleItems) are laid out")
    }
    let layout = CircleLayout(configuration: configuration)
    let data = CollectionData(ids: (0..<max(0, count)).map { ItemID($0) })
    try layout.prepare(LayoutContext(size: size, data: data))
    let items = layout.allItemAttributes().map {
      PlacedItem(
        id: $0.itemID?.rawValue ?? "\($0.indexPath.item)", section: $0.indexPath.section,
        item: $0.indexPath.item,
        column: nil, frame: $0.frame)
    }
    // The circle layout's views are all in section 0.
    let supplementary = [layout.headerAttributes(), layout.footerAttributes()].compactMap { $0 }.map(
      PlacedElement.init)
    let decorations = [layout.decorationAttributes()].compactMap { $0 }.map(PlacedElement.init)
    return FeedLayout(
      kind: .circle, collectionSize: size, contentSize: layout.contentSize, items: items,
      supplementary: supplementary, decorations: decorations,
      pages: [
        PageSummary(source: "circle", kind: "initial", items: items.count, measured: 0, placed: items.count)
      ])
  }
}
