/// The report's figures for one device width.
public struct WidthSummary: Sendable, Hashable {
  /// The device (collection width and columns).
  public var device: ReportDevice
  /// The width of one card (the column width) in points.
  public var itemWidth: Double
  /// Items laid out.
  public var items: Int
  /// Card height statistics.
  public var heights: HeightStatistics
  /// The waterfall's content height.
  public var contentHeight: Double
  /// Items with at least one truncated label.
  public var truncated: Int
  /// Items with at least one missing glyph.
  public var missingGlyphs: Int
  /// Inputs that failed at this width.
  public var errors: Int
  /// Seconds spent reading, measuring and laying out at this width.
  public var seconds: Double
  /// Card heights in the report's shared bins.
  public var histogram: HeightHistogram
}
