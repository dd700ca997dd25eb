public import CellSizing
public import Feed
public import SelfSizingCore
public import TextEngine

extension MeasureJob {
  /// The baseline records of an item, one per width, in the job's width order (what
  /// `selfsize measure --write-baseline` stores); the `missingGlyphs` warning (when not
  /// strict) is appended to `warnings`, and the text style of every shown label not yet in
  /// `styles` is added to it (what a diff report draws the labels in).
  /// - Throws: `RecordError` with the item's line and id, as
  ///   ``MeasureJob/measurements(for:warnings:)``.
  public func baselineRecords(
    for item: CellItem, warnings: inout [RecordError], styles: inout [String: TextStyle]
  ) throws(RecordError) -> [BaselineRecord] {
    let (cell, measurements) = try preparedMeasurements(for: item, warnings: &warnings)
    for measurement in measurements {
      DiffReport.collectStyles(of: cell, measurement: measurement, into: &styles)
    }
    return measurements.map { BaselineRecord(measurement: $0, cell: cell) }
  }
}
