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
  /// Missing glyphs are errors (the record fails) rather than warnings.
  public let strict: Bool
  /// The record field holding the text (`"text"`).
  public let field: String

  /// A job measuring the string field `field` of each record in `style` at `widths`.
  public init(
    measurer: TextMeasurer, style: TextStyle, widths: [Double], strict: Bool = false, field: String = "text"
  ) {
    self.measurer = measurer
    self.style = style
    self.widths = widths
    self.strict = strict
    self.field = field
  }

  /// One layout per width for a record.
  /// - Throws: `RecordError` (`measurement`) with the record's line and id; `missingGlyphs`
  ///   when the job is strict and the text has characters no font has.
  public func layouts(for record: TextRecord) throws(RecordError) -> (PreparedText, [TextLayout]) {
    var warnings: [RecordError] = []
    return try layouts(for: record, warnings: &warnings)
  }

  /// One layout per width for a record; the `missingGlyphs` warning (when not strict) is
  /// appended to `warnings`.
  public func layouts(for record: TextRecord, warnings: inout [RecordError]) throws(RecordError) -> (
    PreparedText, [TextLayout]
  ) {
    let prepared: PreparedText
    var layouts: [TextLayout] = []
    do throws(TextError) {
      prepared = try measurer.prepare(record.text, style: style)
      layouts.reserveCapacity(widths.count)
      for width in widths { layouts.append(try prepared.layout(width: width)) }
    } catch {
      throw RecordError(.measurement, error.message, line: record.line, id: record.id)
    }
    if prepared.missingGlyphs > 0 {
      let error = RecordError(
        .missingGlyphs,
        MissingGlyphReport.message(
          [(nil, prepared.missingGlyphs, [TextSpan(record.text, style: style)])], measurer: measurer),
        line: record.line, id: record.id)
      if strict { throw error }
      warnings.append(error)
    }
    return (prepared, layouts)
  }

  /// The output objects of a record, one per width.
  /// - Throws: `RecordError` with the record's line and id.
  public func objects(for record: TextRecord) throws(RecordError) -> [JSONValue] {
    var warnings: [RecordError] = []
    return try objects(for: record, warnings: &warnings)
  }

  /// The output objects of a record, one per width; warnings are appended to `warnings`.
  /// - Throws: `RecordError` with the record's line and id.
  public func objects(for record: TextRecord, warnings: inout [RecordError]) throws(RecordError)
    -> [JSONValue]
  {
    let (prepared, layouts) = try layouts(for: record, warnings: &warnings)
    return layouts.map { $0.jsonValue(id: record.id, prepared: prepared) }
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
      let record = try TextRecord(JSONRecord(utf8: line, line: number), field: field)
      let (prepared, layouts) = try layouts(for: record, warnings: &warnings)
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
