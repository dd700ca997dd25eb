public import SelfSizingCore
public import TextEngine

/// What `selfsize text` does to one input record: measure its text at every width and write
/// one output object per width (the CLI contract's keys, in order). The CLI and the HTTP
/// service both run it, so their answers are the same bytes.
///
/// A job is `Sendable` and holds no state of its own: many threads may run one job at once
/// (the measurer's caches are shared safely).
public struct TextJob: Sendable {
  /// The text engine.
  public let measurer: TextMeasurer
  /// The style every text is measured in.
  public let style: TextStyle
  /// The widths, in output order.
  public let widths: [Double]

  /// A job measuring in `style` at `widths`.
  public init(measurer: TextMeasurer, style: TextStyle, widths: [Double]) {
    self.measurer = measurer
    self.style = style
    self.widths = widths
  }

  /// One layout per width for a record.
  /// - Throws: `RecordError` (`measurement`) with the record's line and id.
  public func layouts(for record: TextRecord) throws(RecordError) -> (PreparedText, [TextLayout]) {
    do throws(TextError) {
      let prepared = try measurer.prepare(record.text, style: style)
      var layouts: [TextLayout] = []
      layouts.reserveCapacity(widths.count)
      for width in widths { layouts.append(try prepared.layout(width: width)) }
      return (prepared, layouts)
    } catch {
      throw RecordError(.measurement, error.message, line: record.line, id: record.id)
    }
  }

  /// The output objects of a record, one per width.
  /// - Throws: `RecordError` with the record's line and id.
  public func objects(for record: TextRecord) throws(RecordError) -> [JSONValue] {
    let (prepared, layouts) = try layouts(for: record)
    return layouts.map { $0.jsonValue(id: record.id, prepared: prepared) }
  }

  /// Reads one line of JSON Lines and writes its output objects, one line each (`\n` after
  /// each), to `writer`; on an error nothing is written and the error is returned.
  public func writeLines(utf8 line: UnsafeBufferPointer<UInt8>, number: Int, to writer: inout JSONWriter)
    -> RecordError?
  {
    do throws(RecordError) {
      let record = try TextRecord(utf8: line, line: number)
      let (prepared, layouts) = try layouts(for: record)
      var text = record.text
      text.withUTF8 { utf8 in
        for layout in layouts {
          layout.writeJSON(id: record.id, textUTF8: utf8, prepared: prepared, to: &writer)
          writer.raw(byte: UInt8(ascii: "\n"))
        }
      }
      return nil
    } catch {
      return error
    }
  }
}
