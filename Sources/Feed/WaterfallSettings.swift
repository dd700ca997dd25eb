public import CollectionLayout

/// The metrics of a feed waterfall (the options of `selfsize layout`).
public struct WaterfallSettings: Sendable, Hashable {
  /// How a later page is told apart from the data so far.
  public enum Pagination: String, Sendable, Hashable, CaseIterable {
    /// By identity: a page whose first item is the feed's first item — or whose first items are
    /// new and which then repeats the feed's head (pull-to-refresh) — is a refresh and replaces
    /// the data; any other page is a load-more and is appended. Only new or changed items are
    /// measured.
    case identity
    /// By count, with ``WaterfallSettings/pageSize``: pages are appended or replace the data as
    /// with `identity`, then data of at most a page is a refresh (the size cache is dropped
    /// and everything is measured again) and longer data a load-more (only the items after the
    /// old count are measured and placed).
    case count
  }

  /// The collection width in points.
  public var collectionWidth: Double
  /// The number of columns.
  public var columns: Int
  /// The gap between columns.
  public var columnSpacing: Double
  /// The gap between items of a column.
  public var lineSpacing: Double
  /// Insets around the items (the section inset).
  public var insets: LayoutInsets
  /// When set, each items file is split into pages of this many items, applied one by one.
  public var pageSize: Int?
  /// How later pages are applied.
  public var pagination: Pagination
  /// The section header's height; 0 for none.
  public var headerHeight: Double
  /// The section footer's height; 0 for none.
  public var footerHeight: Double
  /// When set, a decoration of this kind is drawn behind the section.
  public var sectionBackground: String?
  /// Which column each item goes to.
  public var renderDirection: WaterfallLayout.RenderDirection
  /// When set, item widths are rounded down and item heights up to multiples of
  /// `1 / pixelScale` (device pixels).
  public var pixelScale: Double?
  /// Columns that stay put: an item already in the feed (the same id) stays in its column when a
  /// later page refreshes the data; new items go to the shortest column
  /// (``WaterfallLayout/Configuration/stableColumns``).
  public var stableColumns: Bool
  /// With ``stableColumns``: the columns of a layout the client already shows (e.g. an earlier
  /// `selfsize layout` output), applied to the first page — see ``PreviousColumns``.
  public var previousColumns: PreviousColumns?

  /// Settings; the defaults are the report's: a 375-pt two-column waterfall, 8-pt spacing and
  /// insets.
  public init(
    collectionWidth: Double = 375, columns: Int = 2, columnSpacing: Double = 8, lineSpacing: Double = 8,
    insets: LayoutInsets = LayoutInsets(all: 8), pageSize: Int? = nil, pagination: Pagination = .identity,
    headerHeight: Double = 0, footerHeight: Double = 0, sectionBackground: String? = nil,
    renderDirection: WaterfallLayout.RenderDirection = .shortestFirst, pixelScale: Double? = nil,
    stableColumns: Bool = false, previousColumns: PreviousColumns? = nil
  ) {
    self.collectionWidth = collectionWidth
    self.columns = columns
    self.columnSpacing = columnSpacing
    self.lineSpacing = lineSpacing
    self.insets = insets
    self.pageSize = pageSize
    self.pagination = pagination
    self.headerHeight = headerHeight
    self.footerHeight = footerHeight
    self.sectionBackground = sectionBackground
    self.renderDirection = renderDirection
    self.pixelScale = pixelScale
    self.stableColumns = stableColumns
    self.previousColumns = previousColumns
  }

  /// The width of an item (a column), computed as the layout computes it; nil when the
  /// collection is too narrow for its insets and spacing.
  public var itemWidth: Double? {
    let available = collectionWidth - insets.horizontal
    var width = (available - Double(columns - 1) * columnSpacing) / Double(columns)
    if let pixelScale { width = (width * pixelScale).rounded(.down) / pixelScale }
    return width > 0 && width.isFinite ? width : nil
  }

  /// The waterfall layout configuration.
  public var configuration: WaterfallLayout.Configuration {
    WaterfallLayout.Configuration(
      defaultSection: WaterfallLayout.SectionStyle(
        columnCount: columns, columnSpacing: columnSpacing, lineSpacing: lineSpacing, sectionInset: insets,
        headerHeight: headerHeight, footerHeight: footerHeight),
      renderDirection: renderDirection, pixelScale: pixelScale, sectionBackgroundKind: sectionBackground,
      stableColumns: stableColumns)
  }

  /// The collection width that gives columns of `columnWidth`: the insets, the columns and the
  /// gaps between them.
  public static func collectionWidth(
    columnWidth: Double, columns: Int, columnSpacing: Double, insets: LayoutInsets
  ) -> Double {
    insets.left + insets.right + Double(columns) * columnWidth + Double(max(0, columns - 1)) * columnSpacing
  }
}
