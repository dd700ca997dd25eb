/// Jetpack Compose's `TextStyle.lineHeight` with `LineHeightStyle.Default` (alignment
/// `Proportional`, trim `Both`, mode `Fixed`), from androidx `compose/ui/ui-text`
/// (`android/style/LineHeightStyleSpan.kt`, `calculateTargetMetrics` and `chooseHeight`).
///
/// - Every line is `ceil(lineHeight)` pixels tall: the difference from the font's
///   `descent − ascent` goes below the baseline in proportion to the descent,
///   `ceil(diff × (1 − |ascent| / height))` in `float` (for a negative difference,
///   `ceil(diff × |ascent| / height)`), the rest above.
/// - Trim `Both`: the first line keeps the font's ascent and the last line the font's descent; a
///   text of one line keeps the font's height.
/// - The target metrics come from the first line's font metrics and hold for every line, so
///   fallback fonts never grow a line.
struct ComposeLineHeight: Sendable, Hashable {
  /// The ascent (negative) of a line that is not the first.
  var ascent: Int
  /// The descent of a line that is not the last.
  var descent: Int
  /// The first line's ascent (the font's, trimmed).
  var firstAscent: Int
  /// The last line's descent (the font's, trimmed).
  var lastDescent: Int
  /// The font's line height (`descent − ascent`): a text of one line keeps it.
  var fontHeight: Int

  /// The metrics of lines `lineHeight` pixels tall in a font of `font`'s metrics.
  init(lineHeight: Float, font: AndroidFontMetricsInt) {
    let height = font.lineHeight
    fontHeight = height
    guard height > 0 else {
      (ascent, descent, firstAscent, lastDescent) = (font.ascent, font.descent, font.ascent, font.descent)
      return
    }
    let ceiled = Int(lineHeight.rounded(.up))
    let diff = ceiled - height
    // Proportional: the ascent's share of the font's height, in float.
    let ascentRatio = Float(abs(font.ascent)) / Float(height)
    let descentDiff =
      diff <= 0
      ? Int((Float(diff) * ascentRatio).rounded(.up))
      : Int((Float(diff) * (1 - ascentRatio)).rounded(.up))
    descent = font.descent + descentDiff
    ascent = descent - ceiled
    // Mode Fixed: the trimmed first and last lines keep the font's own ascent and descent.
    firstAscent = font.ascent
    lastDescent = font.descent
  }

  /// The height of line `index` of `count` lines (StaticLayout's `below − above`).
  func height(ofLine index: Int, of count: Int) -> Int {
    if count == 1 { return fontHeight }
    let top = index == 0 ? firstAscent : ascent
    let bottom = index == count - 1 ? lastDescent : descent
    return bottom - top
  }
}
