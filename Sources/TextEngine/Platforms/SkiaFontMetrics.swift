/// A font's vertical metrics as Skia's FreeType port reports them (`SkFontMetrics`), in float:
/// the OS/2 typo values when the font asks for them (`USE_TYPO_METRICS`), else `hhea`; ascent
/// and descent as positive distances from the baseline. Chromium and SkParagraph both read them.
struct SkiaFontMetrics {
  var ascent: Float
  var descent: Float
  var leading: Float

  init(_ font: FontMetrics, fontSize: Double) {
    var ascender = font.ascender
    var descender = font.descender
    var lineGap = font.lineGap
    if font.useTypoMetrics, let typoAscender = font.typoAscender, let typoDescender = font.typoDescender {
      ascender = typoAscender
      descender = typoDescender
      lineGap = font.typoLineGap ?? 0
    }
    let unitsPerEm = Float(font.unitsPerEm)
    let size = Float(fontSize)
    ascent = Float(ascender) / unitsPerEm * size
    descent = -Float(descender) / unitsPerEm * size
    leading = max(0, Float(lineGap) / unitsPerEm * size)
  }
}
