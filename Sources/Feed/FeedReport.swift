public import CellSizing
import CollectionLayout
public import TextEngine

/// A feed measured at several device widths: per-width figures, every item's card at each
/// width, and the questions people ask of them (which cards are tallest, truncated, sensitive
/// to the width, missing glyphs). What `selfsize report` writes as `report.json` and draws.
///
/// Build it width by width with ``add(_:device:seconds:)`` from layouts made by
/// ``FeedLayout/waterfall(template:pages:settings:measurer:progress:)``, so every figure is the
/// one `selfsize layout` and `selfsize measure` give for the same width.
public struct FeedReport: Sendable, Hashable {
  /// What was measured with what (for the page header and `report.json`).
  public struct Settings: Sendable, Hashable {
    /// The template file.
    public var template: String
    /// The items files.
    public var items: [String]
    /// The fonts of the regular chain, primary first (family and file).
    public var fonts: [String]
    /// Gap between columns.
    public var columnSpacing: Double
    /// Gap between items of a column.
    public var lineSpacing: Double
    /// Section insets.
    public var insets: LayoutInsets
    /// The pictures show the first this many cards of each width (0: every card); the figures
    /// cover every card.
    public var pictureCards = 0

    /// Settings.
    public init(
      template: String, items: [String], fonts: [String], columnSpacing: Double, lineSpacing: Double,
      insets: LayoutInsets
    ) {
      self.template = template
      self.items = items
      self.fonts = fonts
      self.columnSpacing = columnSpacing
      self.lineSpacing = lineSpacing
      self.insets = insets
    }
  }

  /// An item whose line count changes between the narrowest and the widest column.
  public struct Sensitivity: Sendable, Hashable {
    /// The index in ``items``.
    public var index: Int
    /// Lines over all labels at the narrowest column.
    public var narrowLines: Int
    /// Lines over all labels at the widest column.
    public var wideLines: Int
    /// Labels whose line count changed.
    public var labels: [String]
  }

  /// The settings.
  public var settings: Settings
  /// The widths in the order added.
  public private(set) var widths: [WidthSummary] = []
  /// The items in feed order.
  public private(set) var items: [ReportItem] = []
  /// Every distinct failure, in order of first appearance.
  public private(set) var failures: [FeedFailure] = []
  /// The template.
  public private(set) var template: CellTemplate?
  /// Each width's feed on every platform (`platforms` in `report.json`); empty when not compared.
  public var platformComparisons: [PlatformComparison] = []
  /// The platform the widths were measured for.
  public var platform: TextPlatform = .default
  /// The prepared cells by item id (width-independent: thumbnails are measured from them).
  public private(set) var cells: [String: PreparedCell] = [:]
  private var indexByID: [String: Int] = [:]
  private var widthCapacity: Int

  /// An empty report for up to `widthCount` widths.
  public init(settings: Settings, widthCount: Int) {
    self.settings = settings
    widthCapacity = widthCount
  }

  /// Adds one width: the layout's cards and figures.
  public mutating func add(_ layout: FeedLayout, device: ReportDevice, seconds: Double) {
    precondition(widths.count < widthCapacity, "more widths than the report was made for")
    let column = widths.count
    if template == nil { template = layout.template }
    let labels = (template?.elementPaths ?? []).compactMap { path -> String? in
      if case .label = path.element.kind { return path.element.name }
      return nil
    }
    var heights: [Double] = []
    heights.reserveCapacity(layout.items.count)
    var truncated = 0
    var missing = 0
    var itemWidth = 0.0
    for placed in layout.items {
      heights.append(placed.frame.height)
      itemWidth = max(itemWidth, placed.frame.width)
      let index: Int
      if let known = indexByID[placed.id] {
        index = known
      } else if let cell = placed.cell {
        index = items.count
        indexByID[placed.id] = index
        items.append(ReportItem(cell: cell, labels: labels, widthCount: widthCapacity))
        cells[placed.id] = cell
      } else {
        continue
      }
      if let measurement = placed.measurement {
        let card = CardMeasure(measurement)
        items[index].cards[column] = card
        if !card.truncatedLabels.isEmpty { truncated += 1 }
      } else {
        items[index].cards[column] = CardMeasure(height: placed.frame.height, labels: [], isClipped: false)
      }
      if items[index].missingGlyphs > 0 { missing += 1 }
    }
    if itemWidth == 0 {
      let insets = settings.insets
      itemWidth = max(
        0,
        (device.collectionWidth - insets.left - insets.right - Double(device.columns - 1)
          * settings.columnSpacing) / Double(device.columns))
    }
    for failure in layout.failures {
      if !failures.contains(failure) { failures.append(failure) }
      if let id = failure.itemID, let index = indexByID[id] {
        let message = "\(device.label): \(failure.message)"
        if !items[index].errors.contains(message) { items[index].errors.append(message) }
      }
    }
    widths.append(
      WidthSummary(
        device: device, itemWidth: itemWidth, items: layout.items.count, heights: HeightStatistics(heights),
        contentHeight: layout.contentSize.height, truncated: truncated, missingGlyphs: missing,
        errors: layout.failures.count, seconds: seconds, histogram: HeightHistogram(covering: 0, 0)))
    rebin()
  }

  /// Re-counts every width's heights in bins shared by all widths (so the histograms compare).
  private mutating func rebin() {
    var low = Double.infinity
    var high = -Double.infinity
    for item in items {
      for card in item.cards {
        guard let height = card?.height, height.isFinite else { continue }
        low = min(low, height)
        high = max(high, height)
      }
    }
    let bins = low <= high ? HeightHistogram(covering: low, high) : HeightHistogram(covering: 0, 0)
    for column in widths.indices {
      widths[column].histogram = bins.counting(items.compactMap { $0.cards[column]?.height })
    }
  }

  /// How many of the width's cards its pictures show (the first ones, in feed order).
  public func picturedCards(_ width: WidthSummary) -> Int {
    settings.pictureCards > 0 ? min(settings.pictureCards, width.items) : width.items
  }

  /// The widths' indices from the narrowest column to the widest.
  public var widthsByColumnWidth: [Int] {
    widths.indices.sorted { (widths[$0].itemWidth, $0) < (widths[$1].itemWidth, $1) }
  }

  /// Items whose total line count differs most between the narrowest and the widest column,
  /// most lines gained first (ties in feed order); at most `limit`.
  public func sensitiveItems(limit: Int) -> [Sensitivity] {
    let order = widthsByColumnWidth
    guard let narrow = order.first, let wide = order.last, narrow != wide else { return [] }
    var result: [Sensitivity] = []
    for (index, item) in items.enumerated() {
      guard let narrowCard = item.cards[narrow], let wideCard = item.cards[wide],
        narrowCard.lineCount != wideCard.lineCount
      else { continue }
      let wideLines = Dictionary(
        wideCard.labels.map { ($0.name, $0.lineCount) }, uniquingKeysWith: { first, _ in first })
      let changed = narrowCard.labels.filter { wideLines[$0.name] != $0.lineCount }.map(\.name)
      result.append(
        Sensitivity(
          index: index, narrowLines: narrowCard.lineCount, wideLines: wideCard.lineCount, labels: changed))
    }
    result.sort {
      let first = abs($0.narrowLines - $0.wideLines)
      let second = abs($1.narrowLines - $1.wideLines)
      return first != second ? first > second : $0.index < $1.index
    }
    return Array(result.prefix(limit))
  }

  /// Indices of the tallest cards (by their tallest width), tallest first; at most `limit`.
  public func tallestItems(limit: Int) -> [Int] {
    let heights = items.map(\.maximumHeight)
    return Array(
      items.indices.sorted { heights[$0] != heights[$1] ? heights[$0] > heights[$1] : $0 < $1 }.prefix(limit))
  }

  /// Indices of items with a truncated label at some width, in feed order.
  public var truncatedItems: [Int] {
    items.indices.filter { index in items[index].cards.contains { !($0?.truncatedLabels.isEmpty ?? true) } }
  }

  /// Indices of items with missing glyphs or errors, in feed order.
  public var problemItems: [Int] {
    items.indices.filter { items[$0].missingGlyphs > 0 || !items[$0].errors.isEmpty }
  }

  /// The index of the narrowest width where item `index` has a truncated label, else the
  /// narrowest width it was laid out at.
  public func preferredWidth(forItem index: Int) -> Int? {
    let order = widthsByColumnWidth
    return order.first { !(items[index].cards[$0]?.truncatedLabels.isEmpty ?? true) }
      ?? order.first { items[index].cards[$0] != nil }
  }
}
