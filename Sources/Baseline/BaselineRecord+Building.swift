public import CellSizing
import CollectionLayout
public import Feed
public import TextEngine

extension BaselineRecord {
  /// The record of a paragraph laid out at a width (`selfsize text`).
  public init(id: String, prepared: PreparedText, layout: TextLayout) {
    self.init(
      id: id, width: layout.width, height: layout.height, lineCount: layout.lineCount,
      lines: layout.lines.map { prepared.text(of: $0) }, truncated: layout.truncated)
  }

  /// The record of a template cell measured at a width (`selfsize measure`): its height and
  /// every shown element's frame, with the lines of its labels.
  public init(measurement: CellMeasurement, cell: PreparedCell) {
    self.init(
      id: measurement.id, width: measurement.width, height: measurement.height,
      elements: Self.elements(of: measurement, cell: cell))
  }

  /// The record of a laid-out item (`selfsize layout`): the item's height at its column width,
  /// its frame and column and, for template cells, its elements.
  public init(placed item: PlacedItem) {
    self.init(
      id: item.id, width: item.frame.width, height: item.frame.height, frame: item.frame.array,
      column: item.column,
      elements: item.measurement.flatMap { measurement in
        item.cell.map { Self.elements(of: measurement, cell: $0) }
      }
        ?? [])
  }

  static func elements(of measurement: CellMeasurement, cell: PreparedCell) -> [BaselineElement] {
    return measurement.elements.map { frame in
      var element = BaselineElement(
        name: frame.name, frame: frame.frame, lineCount: frame.lineCount, truncated: frame.truncated)
      if let prepared = cell.preparedText(named: frame.name), frame.width > 0,
        let layout = try? prepared.layout(width: frame.width)
      {
        element.lines = layout.lines.map { prepared.text(of: $0) }
        element.lineCount = layout.lineCount
        element.truncated = layout.truncated
      }
      return element
    }
  }
}
