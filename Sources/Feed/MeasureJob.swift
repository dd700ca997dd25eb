public import CellSizing
public import SelfSizingCore
import TextEngine

/// What `selfsize measure` does to one input record: fill the template with the item and
/// write one output object per width. The CLI and the HTTP service both run it.
///
/// A job is `Sendable`: many threads may run one job at once (the sizer's and measurer's
/// caches are shared safely).
public struct MeasureJob: Sendable {
  /// The template cell's sizer.
  public let sizer: CellSizer
  /// The widths, in output order.
  public let widths: [Double]
  /// Missing glyphs are errors (the item fails) rather than warnings.
  public let strict: Bool
  /// When set, card heights are rounded up to whole device pixels (multiples of
  /// `1 / pixelScale`), as a waterfall with the same pixel scale places them.
  public let pixelScale: Double?

  /// A job measuring with `sizer` at `widths`.
  public init(sizer: CellSizer, widths: [Double], strict: Bool = false, pixelScale: Double? = nil) {
    self.sizer = sizer
    self.widths = widths
    self.strict = strict
    self.pixelScale = pixelScale
  }

  /// One measurement per width for an item.
  /// - Throws: `RecordError` with the item's line and id (`measurement`, the template's words;
  ///   `missingGlyphs` when the job is strict and a text has characters no font has).
  public func measurements(for item: CellItem) throws(RecordError) -> [CellMeasurement] {
    var warnings: [RecordError] = []
    return try measurements(for: item, warnings: &warnings)
  }

  /// One measurement per width for an item; the `missingGlyphs` warning (one per item, naming
  /// each element, when not strict) is appended to `warnings`.
  public func measurements(for item: CellItem, warnings: inout [RecordError]) throws(RecordError)
    -> [CellMeasurement]
  {
    try preparedMeasurements(for: item, warnings: &warnings).measurements
  }

  /// The prepared cell of an item and one measurement per width; the `missingGlyphs` warning
  /// (when not strict) is appended to `warnings`.
  public func preparedMeasurements(for item: CellItem, warnings: inout [RecordError]) throws(RecordError)
    -> (cell: PreparedCell, measurements: [CellMeasurement])
  {
    let cell: PreparedCell
    var results: [CellMeasurement] = []
    do throws(CellSizingError) {
      cell = try sizer.preparedCell(for: item)
      results.reserveCapacity(widths.count)
      for width in widths {
        var measurement = try cell.measure(width: width)
        if let pixelScale { measurement.height = (measurement.height * pixelScale).rounded(.up) / pixelScale }
        results.append(measurement)
      }
    } catch {
      throw error.recordError(for: item)
    }
    if !cell.missingGlyphsByElement.isEmpty,
      let error = MissingGlyphReport.error(for: cell, measurer: sizer.measurer)
    {
      if strict { throw error }
      warnings.append(error)
    }
    return (cell, results)
  }

  /// The output objects of an item, one per width.
  /// - Throws: `RecordError` with the item's line and id.
  public func objects(for item: CellItem) throws(RecordError) -> [JSONValue] {
    try measurements(for: item).map { $0.jsonValue(platform: sizer.measurer.platform) }
  }

  /// The output objects of an item, one per width; warnings are appended to `warnings`.
  public func objects(for item: CellItem, warnings: inout [RecordError]) throws(RecordError) -> [JSONValue] {
    try measurements(for: item, warnings: &warnings).map { $0.jsonValue(platform: sizer.measurer.platform) }
  }

  /// Reads one line of JSON Lines and writes its output objects, one line each (`\n` after
  /// each), to `writer`; on an error nothing is written and the error is returned.
  public func writeLines(utf8 line: UnsafeBufferPointer<UInt8>, number: Int, to writer: inout JSONWriter)
    -> RecordError?
  {
    var warnings: [RecordError] = []
    return writeLines(utf8: line, number: number, to: &writer, warnings: &warnings)
  }

  /// `writeLines(utf8:number:to:)`, appending warnings (missing glyphs) to `warnings`.
  public func writeLines(
    utf8 line: UnsafeBufferPointer<UInt8>, number: Int, to writer: inout JSONWriter,
    warnings: inout [RecordError]
  ) -> RecordError? {
    do throws(RecordError) {
      let item = CellItem(try JSONRecord(utf8: line, line: number))
      for measurement in try measurements(for: item, warnings: &warnings) {
        measurement.jsonValue(platform: sizer.measurer.platform).write(to: &writer)
        writer.raw(byte: UInt8(ascii: "\n"))
      }
      return nil
    } catch {
      return error
    }
  }
}
