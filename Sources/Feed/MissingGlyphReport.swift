public import CellSizing
public import SelfSizingCore
public import TextEngine

/// The words for glyphs no font has: `element 'title': 2 missing glyphs (U+0627 U+0644): no
/// font has them`, naming each element and its first code points.
public enum MissingGlyphReport {
  /// One message for a record's texts with missing glyphs.
  /// - Parameter texts: per element (nil for a plain text record), the number of missing
  ///   glyphs and the styled texts to find their code points in.
  public static func message(
    _ texts: [(element: String?, missingGlyphs: Int, spans: [TextSpan])], measurer: TextMeasurer
  ) -> String {
    let parts = texts.map { element, count, spans in
      var scalars: [Unicode.Scalar] = []
      for span in spans {
        for scalar in measurer.missingScalars(in: span.text, style: span.style)
        where !scalars.contains(scalar) {
          scalars.append(scalar)
        }
      }
      return (element.map { "element '\($0)': " } ?? "")
        + "\(count) missing glyph\(count == 1 ? "" : "s") (\(codePoints(scalars)))"
    }
    return parts.joined(separator: "; ") + ": no font has them"
  }

  /// `U+0627 U+0644 …`: the first five code points, then an ellipsis.
  public static func codePoints(_ scalars: [Unicode.Scalar]) -> String {
    let shown = scalars.prefix(5).map { scalar -> String in
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
    return (shown + (scalars.count > 5 ? ["…"] : [])).joined(separator: " ")
  }

  /// The `missingGlyphs` record error of a template cell, or nil when it has all its glyphs.
  public static func error(for cell: PreparedCell, measurer: TextMeasurer) -> RecordError? {
    let texts = cell.textsWithMissingGlyphs
    guard !texts.isEmpty else { return nil }
    return RecordError(
      .missingGlyphs, message(texts.map { ($0.element, $0.missingGlyphs, $0.spans) }, measurer: measurer),
      line: cell.item.line, id: cell.item.id)
  }
}
