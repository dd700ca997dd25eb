/// A waterfall (masonry) layout: items of a fixed column width and their own heights, each
/// placed in a column (by default the shortest), with per-section headers and footers, full-span
/// items, a size cache and incremental pagination.
///
/// Heights come from an ``ItemHeightProvider`` asked for `(item, indexPath, itemWidth)`; the item
/// width follows from the collection width, content inset, section inset, column count and
/// spacing. Measured heights are cached per identity, revision and width (see ``SizeCache``).
///
/// Drive it through a ``CollectionView`` (``prepare(_:)``) or directly with
/// ``update(data:width:)``, ``appendItems(_:toSection:)`` and ``applyPage(_:toSection:rule:)``;
/// each returns a ``LayoutUpdateReport`` with the number of items measured and placed.
///
/// Items may span several adjacent columns (``LayoutItem/span``): such an item is as wide as its
/// columns and the gaps between them, measured at that width, and starts below all of them.
/// With ``Configuration/stableColumns`` items keep their columns across updates.
///
/// Query order of ``layoutAttributesForElements(in:)``: sections in ascending order; within a
/// section the header, then full-span items top to bottom, then each column from left to right
/// with its items top to bottom (an item spanning several columns comes once, with the first of
/// its columns the rectangle reaches), then the footer, then the section's background
/// decoration.
/// Use ``allAttributes()`` for everything in index-path order.
public final class WaterfallLayout: CollectionViewLayout {
  /// The supplementary kind of section headers.
  public static let headerKind = "header"
  /// The supplementary kind of section footers.
  public static let footerKind = "footer"

  /// The configuration. Changing it makes the next update lay everything out again.
  public var configuration: Configuration {
    didSet { if configuration != oldValue { needsFullLayout = true } }
  }
  /// Where item heights come from. Replacing it does not clear the cache; call
  /// ``invalidateSizeCache()`` when the new provider measures differently.
  public var heightProvider: any ItemHeightProvider
  /// Measured heights by identity, revision and width.
  public internal(set) var sizeCache = SizeCache()
  /// The registered decoration kinds.
  public internal(set) var decorationKinds = DecorationRegistry()
  /// The content size of the last layout: the collection width by the bottom of the last section
  /// (at least ``Configuration/minimumContentHeight``).
  public internal(set) var contentSize: Size = .zero
  /// The collection width of the current layout (`nil` before the first one).
  public internal(set) var collectionWidth: Double?
  /// The report of the last update.
  public internal(set) var lastReport: LayoutUpdateReport?

  var sections: [WaterfallSection] = []
  var needsFullLayout = true
  var pendingInvalidation: InvalidationContext?
  /// Columns from ``keepColumns(_:columnCount:inSection:)`` by section, until used.
  var keptColumns: [Int: KeptColumns] = [:]

  /// Creates a layout.
  public init(
    configuration: Configuration = Configuration(), heightProvider: any ItemHeightProvider
  ) {
    self.configuration = configuration
    self.heightProvider = heightProvider
  }

  /// Creates a layout with a closure `(item, indexPath, width) -> height` as height provider.
  public convenience init(
    configuration: Configuration = Configuration(),
    height: @escaping (LayoutItem, IndexPath, Double) throws -> Double
  ) {
    self.init(configuration: configuration, heightProvider: HeightProvider(height))
  }

  /// Registers a decoration kind.
  ///
  /// - Throws: ``LayoutError`` when the kind is empty or already registered.
  public func registerDecorationKind(_ kind: String) throws(LayoutError) {
    try decorationKinds.register(kind)
  }

  /// Forgets every cached height (the next layout measures everything it places).
  public func invalidateSizeCache() {
    sizeCache.removeAll()
    needsFullLayout = true
  }

  /// Lays `context.data` out at the bounds' width: everything after a full invalidation or a
  /// width change, otherwise what changed (see ``update(data:width:)``).
  ///
  /// - Throws: ``LayoutError`` for an invalid configuration or width.
  public func prepare(_ context: LayoutContext) throws(LayoutError) {
    let invalidation = pendingInvalidation ?? .everything
    pendingInvalidation = nil
    if invalidation.invalidateEverything || context.invalidation.invalidateEverything {
      needsFullLayout = true
    }
    try update(data: context.data, width: context.bounds.width)
  }

  /// Invalidates only when the width changes: scrolling (origin changes) and height changes keep
  /// the layout.
  public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    guard let collectionWidth else { return true }
    return newBounds.width != collectionWidth
  }

  /// Marks the layout for the next ``prepare(_:)``: a full pass for `.everything`, otherwise
  /// only what the context names.
  public func invalidateLayout(with context: InvalidationContext) {
    pendingInvalidation = pendingInvalidation.map { $0.merging(context) } ?? context
  }

  // MARK: Results

  /// The number of sections laid out.
  public var numberOfSections: Int { sections.count }

  /// The number of items laid out in `section` (0 when it does not exist).
  public func numberOfItems(inSection section: Int) -> Int {
    sections.indices.contains(section) ? sections[section].placedCount : 0
  }

  /// The data as laid out.
  public var data: CollectionData { CollectionData(sections: sections.map(\.items.array)) }

  /// The bottom of each column of `section` (the lowest item edge in it, or the top of the
  /// section's items when the column is empty; trailing line spacing not included).
  public func columnHeights(inSection section: Int) -> [Double] {
    sections.indices.contains(section) ? sections[section].columnMaxY : []
  }

  /// ``columnHeights(inSection:)`` of the last section (empty when there are no sections).
  public var columnHeights: [Double] { sections.last?.columnMaxY ?? [] }

  /// The item width of `section`.
  public func itemWidth(inSection section: Int) -> Double? {
    sections.indices.contains(section) ? sections[section].itemWidth : nil
  }

  /// The vertical extent of `section`, header and footer included.
  public func frame(ofSection section: Int) -> Rect? {
    guard sections.indices.contains(section) else { return nil }
    return sections[section].frame(contentWidth: contentSize.width)
  }

  /// Every element in index-path order: for each section its header, its items by index, its
  /// footer and its background decoration.
  public func allAttributes() -> [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    for index in sections.indices {
      if let header = headerAttributes(section: index) { result.append(header) }
      let section = sections[index]
      for item in 0..<section.placedCount { result.append(cellAttributes(section: index, item: item)) }
      if let footer = footerAttributes(section: index) { result.append(footer) }
      if let background = backgroundAttributes(section: index) { result.append(background) }
    }
    return result
  }

  /// The cell attributes of every item, in index-path order.
  public func allItemAttributes() -> [LayoutAttributes] {
    sections.indices.flatMap { section in
      (0..<sections[section].placedCount).map { cellAttributes(section: section, item: $0) }
    }
  }

  /// The header and footer attributes of every section, in section order (header first).
  public func allSupplementaryAttributes() -> [LayoutAttributes] {
    sections.indices.flatMap { section in
      [headerAttributes(section: section), footerAttributes(section: section)].compactMap { $0 }
    }
  }

  /// The decoration attributes of every section, in section order.
  public func allDecorationAttributes() -> [LayoutAttributes] {
    sections.indices.compactMap { backgroundAttributes(section: $0) }
  }

  func cellAttributes(section: Int, item: Int) -> LayoutAttributes {
    sections[section].attributes(ofItem: item, section: section)
  }

  func headerAttributes(section: Int) -> LayoutAttributes? {
    sections[section].header.map {
      .supplementary(ofKind: Self.headerKind, at: IndexPath(section: section, item: 0), frame: $0)
    }
  }

  func footerAttributes(section: Int) -> LayoutAttributes? {
    sections[section].footer.map {
      .supplementary(ofKind: Self.footerKind, at: IndexPath(section: section, item: 0), frame: $0)
    }
  }

  func backgroundAttributes(section: Int) -> LayoutAttributes? {
    guard let kind = configuration.sectionBackgroundKind else { return nil }
    let frame = sections[section].frame(contentWidth: contentSize.width)
    return .decoration(ofKind: kind, at: IndexPath(section: section, item: 0), frame: frame, zIndex: -1)
  }
}
