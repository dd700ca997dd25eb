public import CellSizing
public import CollectionLayout

/// One laid-out cell: its identity, index path, column and frame, and — for template cells — the
/// prepared cell and its measurement at the frame's width (for drawing).
public struct PlacedItem: Sendable, Hashable {
  /// The item id.
  public var id: String
  /// The section.
  public var section: Int
  /// The index within the section.
  public var item: Int
  /// The waterfall column (`nil` for full-span items and circle cells); the first one when the
  /// item spans several.
  public var column: Int?
  /// The number of adjacent columns the item covers from `column` (1 for circle cells).
  public var span: Int
  /// The frame in content coordinates.
  public var frame: Rect
  /// The template cell filled with the item (nil for cells without a template).
  public var cell: PreparedCell?
  /// The cell measured at `frame.width` (nil for cells without a template).
  public var measurement: CellMeasurement?

  /// A placed item.
  public init(
    id: String, section: Int, item: Int, column: Int?, frame: Rect, cell: PreparedCell? = nil,
    measurement: CellMeasurement? = nil, span: Int = 1
  ) {
    self.id = id
    self.section = section
    self.item = item
    self.column = column
    self.span = span
    self.frame = frame
    self.cell = cell
    self.measurement = measurement
  }
}
