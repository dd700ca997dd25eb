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
    try layouts(
      prepare: { () throws(TextError) in try measurer.prepare(record.text, style: style) },
      text: { record.text }, id: { record.id }, line: record.line, warnings: &warnings)
  }

  /// One layout per width for a text given as valid UTF-8 (with its id, valid UTF-8, and its
  /// 1-based line or place for errors), as ``writeLines(utf8:number:to:warnings:)`` measures a
  /// record: the same layouts, errors and warnings, with no `String` made unless one is reported.
  package func layouts(
    validUTF8 text: UnsafeBufferPointer<UInt8>, id: UnsafeBufferPointer<UInt8>, line: Int,
    warnings: inout [RecordError]
  ) throws(RecordError) -> (PreparedText, [TextLayout]) {
    try layouts(
      prepare: { () throws(TextError) in try measurer.prepare(validUTF8: text, style: style) },
      text: { String(decoding: text, as: UTF8.self) }, id: { String(decoding: id, as: UTF8.self) },
      line: line, warnings: &warnings)
  }

  /// Prepares a text with `prepare` and lays it out at every width; `text` and `id` are asked
  /// for only to describe a problem.
  private func layouts(
    prepare: () throws(TextError) -> PreparedText, text: () -> String, id: () -> String, line: Int?,
    warnings: inout [RecordError]
  ) throws(RecordError) -> (PreparedText, [TextLayout]) {
    let prepared: PreparedText
    var layouts: [TextLayout] = []
    do throws(TextError) {
      prepared = try prepare()
      layouts.reserveCapacity(widths.count)
      for width in widths { layouts.append(try prepared.layout(width: width)) }
    } catch {
      throw RecordError(.measurement, error.message, line: line, id: id())
    }
    if prepared.missingGlyphs > 0 {
      let error = RecordError(
        .missingGlyphs,
        MissingGlyphReport.message(
          [(nil, prepared.missingGlyphs, [TextSpan(text(), style: style)])], measurer: measurer),
        line: line, id: id())
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
    return layouts.map { $0.jsonValue(id: record.id, prepared: prepared, platform: measurer.platform) }
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
  ///
  /// A record whose `id` and text need no decoding (the usual case) is measured where its text
  /// lies in the line, with no `String` or JSON value made for it.
  public func writeLines(
    utf8 line: UnsafeBufferPointer<UInt8>, number: Int, to writer: inout JSONWriter,
    warnings: inout [RecordError]
  ) -> RecordError? {
    if let record = JSONRecord.idAndStringField(field, in: line) {
      let id = UnsafeBufferPointer(rebasing: line[record.id])
      switch record.text {
      case .utf8(let range):
        return write(
          id: id, text: UnsafeBufferPointer(rebasing: line[range]), line: number, to: &writer,
          warnings: &warnings)
      case .decoded(let text):
        return text.withUnsafeBufferPointer {
          write(id: id, text: $0, line: number, to: &writer, warnings: &warnings)
        }
      }
    }
    let record: TextRecord
    do throws(RecordError) {
      record = try TextRecord(JSONRecord(utf8: line, line: number), field: field)
    } catch {
      return error
    }
    var id = record.id
    var text = record.text
    return id.withUTF8 { id in
      text.withUTF8 { write(id: id, text: $0, line: number, to: &writer, warnings: &warnings) }
    }
  }

  /// Measures `text` (valid UTF-8) and writes its output objects; on an error nothing is
  /// written and the error is returned.
  private func write(
    id: UnsafeBufferPointer<UInt8>, text: UnsafeBufferPointer<UInt8>, line: Int, to writer: inout JSONWriter,
    warnings: inout [RecordError]
  ) -> RecordError? {
    let prepared: PreparedText
    let layouts: [TextLayout]
    do throws(RecordError) {
      (prepared, layouts) = try self.layouts(
        prepare: { () throws(TextError) in try measurer.prepare(validUTF8: text, style: style) },
        text: { String(decoding: text, as: UTF8.self) }, id: { String(decoding: id, as: UTF8.self) },
        line: line,
        warnings: &warnings)
    } catch {
      return error
    }
    for layout in layouts {
      layout.writeJSON(
        idUTF8: id, textUTF8: text, prepared: prepared, platform: measurer.platform, to: &writer)
      writer.raw(byte: UInt8(ascii: "\n"))
    }
    return nil
  }
}
