/// A font's vertical metrics as Skia reports them (`SkFontMetrics`), in `Float` as Skia keeps
/// them; ascent and descent as positive distances from the baseline, leading never below 0.
struct SkiaFontMetrics: Sendable, Hashable {
  var ascent: Float
  var descent: Float
  var leading: Float

  /// The `hhea` values (or the OS/2 typo values when the font sets `USE_TYPO_METRICS`) in design
  /// units.
  private static func designMetrics(_ font: FontMetrics) -> (ascender: Int, descender: Int, lineGap: Int) {
    if font.useTypoMetrics, let ascender = font.typoAscender, let descender = font.typoDescender {
      return (ascender, descender, font.typoLineGap ?? 0)
    }
    return (font.ascender, font.descender, font.lineGap)
  }

  /// Through Fontations, as Chromium reads web fonts (skrifa `Metrics::new`): the scale
  /// `size / unitsPerEm` first, then each value times it.
  init(fontations font: FontMetrics, fontSize: Double) {
    let (ascender, descender, lineGap) = Self.designMetrics(font)
    let scale = Float(fontSize) / Float(font.unitsPerEm)
    ascent = Float(ascender) * scale
    descent = -(Float(descender) * scale)
    leading = max(0, Float(lineGap) * scale)
  }

  /// Through Skia's FreeType port, as SkParagraph reads fonts
  /// (`SkScalerContext_FreeType::generateFontMetrics`): each value over `unitsPerEm`, then times
  /// the size; a font of bitmaps only (a colour emoji font) takes its strike's metrics.
  init(freeType font: FontMetrics, fontSize: Double) {
    let size = Float(fontSize)
    if let strike = font.bitmapStrike {
      let unit = Float(strike.pixelsPerEm) * 64
      let a = -Float(strike.ascender) / unit
      let d = -Float(strike.descender) / unit
      let l = Float(strike.height) / unit + a - d
      ascent = -(a * size)
      descent = d * size
      leading = max(0, l * size)
      return
    }
    let (ascender, descender, lineGap) = Self.designMetrics(font)
    let unitsPerEm = Float(font.unitsPerEm)
    ascent = -((-Float(ascender) / unitsPerEm) * size)
    descent = (-Float(descender) / unitsPerEm) * size
    leading = max(0, (Float(lineGap) / unitsPerEm) * size)
  }
}
