/// A font's `Paint.FontMetricsInt` at a size, as Android fills it: y grows downwards, so `top`
/// and `ascent` are negative.
///
/// `getFontMetricsInt` (frameworks/base `libs/hwui/jni/Paint.cpp`) rounds Skia's float metrics:
/// ascent, descent and leading with `SkScalarRoundToInt` (`floor(x + 0.5)`), `top` floored and
/// `bottom` ceiled. Skia's FreeType port gives the metrics (`SkiaFontMetrics(freeType:)`), `top`
/// and `bottom` from the font's bounding box (`head.yMax`, `head.yMin`); a font of bitmaps only
/// takes its ascent and descent for them.
struct AndroidFontMetricsInt: Sendable, Hashable {
  var top: Int
  var ascent: Int
  var descent: Int
  var bottom: Int
  var leading: Int

  /// The metrics of `font` at `fontSize` pixels.
  init(font: FontMetrics, fontSize: Double) {
    let metrics = SkiaFontMetrics(freeType: font, fontSize: fontSize)
    // SkScalarRoundToInt: floorf(x + 0.5f), on Skia's signed values (ascent negative).
    ascent = Int((-metrics.ascent + 0.5).rounded(.down))
    descent = Int((metrics.descent + 0.5).rounded(.down))
    leading = Int((metrics.leading + 0.5).rounded(.down))
    if font.bitmapStrike == nil, let yMax = font.boundsTop, let yMin = font.boundsBottom {
      let size = Float(fontSize)
      let unitsPerEm = Float(font.unitsPerEm)
      top = Int((-(Float(yMax) / unitsPerEm) * size).rounded(.down))
      bottom = Int((-(Float(yMin) / unitsPerEm) * size).rounded(.up))
    } else {
      top = Int((-metrics.ascent).rounded(.down))
      bottom = Int(metrics.descent.rounded(.up))
    }
  }

  /// The given metrics.
  init(top: Int, ascent: Int, descent: Int, bottom: Int, leading: Int = 0) {
    self.top = top
    self.ascent = ascent
    self.descent = descent
    self.bottom = bottom
    self.leading = leading
  }

  /// A line's height in StaticLayout: `descent − ascent`, without the leading.
  var lineHeight: Int { descent - ascent }

  /// What `getFontMetricsInt` returns: the font's spacing, `descent − ascent + leading`
  /// (`TextView.setLineHeight` subtracts it).
  var fontSpacing: Int { descent - ascent + leading }
}
