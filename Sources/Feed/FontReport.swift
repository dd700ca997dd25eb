public import TextEngine

/// Renderings of font chains for `selfsize fonts`.
public enum FontReport {
  /// `{"size", "chains": {"regular": [font...], "bold": [...]}, "libraries": {...}}`.
  public static func json(chains: [(String, FontChain)], pointSize: Double, versions: LibraryVersions)
    -> JSONValue
  {
    .object([
      ("size", .number(pointSize)),
      (
        "chains",
        .object(
          chains.map { name, chain in
            (
              name,
              .array(
                chain.fonts.enumerated().map {
                  fontJSON($1, role: $0 == 0 ? "primary" : "fallback", pointSize: pointSize)
                })
            )
          })
      ),
      (
        "libraries",
        .object([
          ("harfbuzz", .string(versions.harfBuzz)), ("freetype", .string(versions.freeType)),
          ("icu", .string(versions.icu)), ("unicode", .string(versions.unicode)),
        ])
      ),
    ])
  }

  static func fontJSON(_ font: Font, role: String, pointSize: Double) -> JSONValue {
    let metrics = font.metrics
    let scaled = font.metrics(atPointSize: pointSize)
    func optional(_ value: Int?) -> JSONValue { value.map { .number(Double($0)) } ?? .null }
    return .object([
      ("role", .string(role)),
      ("family", .string(font.familyName)),
      ("style", .string(font.styleName)),
      ("path", .string(font.path)),
      ("faceIndex", .number(Double(font.faceIndex))),
      ("unitsPerEm", .number(Double(metrics.unitsPerEm))),
      ("glyphCount", .number(Double(metrics.glyphCount))),
      ("color", .bool(font.hasColorGlyphs)),
      ("ascender", .number(Double(metrics.ascender))),
      ("descender", .number(Double(metrics.descender))),
      ("lineGap", .number(Double(metrics.lineGap))),
      ("typoAscender", optional(metrics.typoAscender)),
      ("typoDescender", optional(metrics.typoDescender)),
      ("typoLineGap", optional(metrics.typoLineGap)),
      ("capHeight", optional(metrics.capHeight)),
      ("xHeight", optional(metrics.xHeight)),
      ("useTypoMetrics", .bool(metrics.useTypoMetrics)),
      (
        "scaled",
        .object([
          ("ascender", .number(scaled.ascender)), ("descender", .number(scaled.descender)),
          ("lineGap", .number(scaled.lineGap)), ("naturalLineHeight", .number(scaled.naturalLineHeight)),
        ])
      ),
    ])
  }

  /// One row per font of each chain.
  public static func table(chains: [(String, FontChain)], pointSize: Double) -> TextTable {
    var table = TextTable(columns: [
      "chain", "#", "family", "style", "upem", "asc", "desc", "gap",
      "line height @\(JSONValue.format(pointSize))pt", "path",
    ])
    for (name, chain) in chains {
      for (index, font) in chain.fonts.enumerated() {
        let metrics = font.metrics
        table.append([
          name, "\(index)", font.familyName, font.styleName, "\(metrics.unitsPerEm)", "\(metrics.ascender)",
          "\(metrics.descender)", "\(metrics.lineGap)",
          JSONValue.format((font.metrics(atPointSize: pointSize).naturalLineHeight * 1000).rounded() / 1000),
          font.faceIndex == 0 ? font.path : "\(font.path)#\(font.faceIndex)",
        ])
      }
    }
    return table
  }
}
