public import CellSizing
public import SelfSizingCore

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

  /// A job measuring with `sizer` at `widths`.
  public init(sizer: CellSizer, widths: [Double]) {
    self.sizer = sizer
    self.widths = widths
  }

  /// One measurement per width for an item.
  /// - Throws: `RecordError` with the item's line and id (`measurement`, the template's words).
  public func measurements(for item: CellItem) throws(RecordError) -> [CellMeasurement] {
    do throws(CellSizingError) {
      let cell = try sizer.preparedCell(for: item)
      var results: [CellMeasurement] = []
      results.reserveCapacity(widths.count)
      for width in widths { results.append(try cell.measure(width: width)) }
      return results
    } catch {
      throw error.recordError(for: item)
    }
  }

  /// The output objects of an item, one per width.
  /// - Throws: `RecordError` with the item's line and id.
  public func objects(for item: CellItem) throws(RecordError) -> [JSONValue] {
    try measurements(for: item).map(\.jsonValue)
  }

  /// Reads one line of JSON Lines and writes its output objects, one line each (`\n` after
  /// each), to `writer`; on an error nothing is written and the error is returned.
  public func writeLines(utf8 line: UnsafeBufferPointer<UInt8>, number: Int, to writer: inout JSONWriter)
    -> RecordError?
  {
    do throws(RecordError) {
      let item = CellItem(try JSONRecord(utf8: line, line: number))
      for measurement in try measurements(for: item) {
        measurement.jsonValue.write(to: &writer)
        writer.raw(byte: UInt8(ascii: "\n"))
      }
      return nil
    } catch {
      return error
    }
  }
}
