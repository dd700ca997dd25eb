public import CollectionLayout

/// The metrics of a feed waterfall (the options of `selfsize layout`).
public struct WaterfallSettings: Sendable, Hashable {
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

  /// Settings; the defaults are the report's: a 375-pt two-column waterfall, 8-pt spacing and
  /// insets.
  public init(
    collectionWidth: Double = 375, columns: Int = 2, columnSpacing: Double = 8, lineSpacing: Double = 8,
    insets: LayoutInsets = LayoutInsets(all: 8), pageSize: Int? = nil
  ) {
    self.collectionWidth = collectionWidth
    self.columns = columns
    self.columnSpacing = columnSpacing
    self.lineSpacing = lineSpacing
    self.insets = insets
    self.pageSize = pageSize
  }

  /// The waterfall layout configuration.
  public var configuration: WaterfallLayout.Configuration {
    WaterfallLayout.Configuration(
      defaultSection: WaterfallLayout.SectionStyle(
        columnCount: columns, columnSpacing: columnSpacing, lineSpacing: lineSpacing, sectionInset: insets))
  }
}
