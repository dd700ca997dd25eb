/// ``TextPlatform/android``: a model of Android's StaticLayout, minikin and Jetpack Compose, read
/// from AOSP's sources and not verified on a device. Every length is a whole pixel (1 pt = 1 px).
///
/// - Metrics (`AndroidFontMetricsInt`): `Paint.getFontMetricsInt` rounds Skia's ascent, descent
///   and leading to integers, floors `top` and ceils `bottom` (frameworks/base
///   `libs/hwui/jni/Paint.cpp`). A line is `descent − ascent` tall: the leading is never added
///   (`StaticLayout.java`, `out`).
/// - Fallback fonts grow lines (`fallbackLineSpacing`, on in Compose and in TextView since
///   Android P): a line's ascent and descent are the widest of the paint's and of
///   `Math.round` of each font's extent on it (`StaticLayout.java`, `generate`).
/// - Font padding (``AndroidStyle/textView``, `includeFontPadding`): the first line's top is the
///   paint's `top` and the last line's bottom its `bottom`, whatever fonts are on them
///   (`StaticLayout.java`, `out`).
/// - Line spacing (`StaticLayoutSpacing`): ``LineHeight/multiple(_:)`` is the spacing multiplier
///   and `lineSpacing` the spacing added, rounded together to a whole pixel below every line but
///   the last.
/// - A line height in points or a multiple of the font size: Compose's `TextStyle.lineHeight`
///   with `LineHeightStyle.Default` (`ComposeLineHeight`); with ``AndroidStyle/textView``,
///   `TextView.setLineHeight`: the font's spacing subtracted from it becomes the spacing added
///   (`TextView.java`, `setLineHeightPx`).
/// - Fit (minikin `GreedyLineBreaker.cpp`, `OptimalLineBreaker.cpp`): a line breaks when its width
///   without trailing spaces is greater than the width (`width > limit`, no tolerance); a word
///   wider than the line starts a line of its own.
/// - A final hard break starts an empty line (StaticLayout lays out the empty paragraph after it).
enum AndroidTextRules: PlatformTextRules {
  /// The pixel height of Compose's `lineHeight` for `lineHeight`, or nil when StaticLayout's
  /// spacing applies (natural heights and multiples of the natural height).
  static func composeLineHeight(_ lineHeight: LineHeight, fontSize: Double) -> Float? {
    switch lineHeight {
    case .natural, .multiple: nil
    case .fixed(let points): Float(points)
    case .fontSizeMultiple(let factor): Float(factor * fontSize)
    }
  }

  /// StaticLayout's line spacing in a paragraph in `style` whose primary font has `primary`'s
  /// metrics.
  static func spacing(in style: TextStyle, primary: AndroidFontMetricsInt) -> StaticLayoutSpacing {
    let add = Float(style.lineSpacing)
    switch style.lineHeight {
    case .natural:
      return StaticLayoutSpacing(multiplier: 1, add: add)
    case .multiple(let factor):
      return StaticLayoutSpacing(multiplier: Float(factor), add: add)
    case .fixed, .fontSizeMultiple:
      guard style.androidStyle == .textView,
        let pixels = composeLineHeight(style.lineHeight, fontSize: style.fontSize)
      else { return StaticLayoutSpacing(multiplier: 1, add: add) }
      // TextView.setLineHeightPx: setLineSpacing(lineHeight - fontHeight, 1f).
      return StaticLayoutSpacing(multiplier: 1, add: pixels - Float(primary.fontSpacing) + add)
    }
  }

  /// True when Compose's `LineHeightStyleSpan` sets every line's height.
  static func usesComposeLineHeight(_ style: TextStyle) -> Bool {
    style.androidStyle == .compose && composeLineHeight(style.lineHeight, fontSize: style.fontSize) != nil
  }

  static func box(of font: FontMetrics, primary: FontMetrics, style: TextStyle) -> LineBox {
    spanBox(of: font, fontSize: style.fontSize, primary: primary, paragraph: style)
  }

  /// A run's paint metrics at its own size with the paragraph's line spacing; under Compose's
  /// line height, the paragraph's target line (`LineHeightStyleSpan` sets every line's ascent
  /// and descent, whatever the spans on it).
  static func spanBox(of font: FontMetrics, fontSize: Double, primary: FontMetrics, paragraph: TextStyle)
    -> LineBox
  {
    let primaryMetrics = AndroidFontMetricsInt(font: primary, fontSize: paragraph.fontSize)
    let spacing = spacing(in: paragraph, primary: primaryMetrics)
    if usesComposeLineHeight(paragraph),
      let pixels = composeLineHeight(paragraph.lineHeight, fontSize: paragraph.fontSize)
    {
      let lines = ComposeLineHeight(lineHeight: pixels, font: primaryMetrics)
      let height = lines.descent - lines.ascent
      return LineBox(
        above: Double(-lines.ascent), below: Double(lines.descent + spacing.extra(forLineHeight: height)))
    }
    let metrics = AndroidFontMetricsInt(font: font, fontSize: fontSize)
    return LineBox(
      above: Double(-metrics.ascent),
      below: Double(metrics.descent + spacing.extra(forLineHeight: metrics.lineHeight)))
  }

  static func box(of font: FontMetrics, fontSize: Double, lineHeight: LineHeight) -> LineBox {
    box(of: font, primary: font, style: TextStyle(fontSize: fontSize, lineHeight: lineHeight))
  }

  static func fallbackFontsGrowLines(in style: TextStyle) -> Bool { !usesComposeLineHeight(style) }

  static func fallbackFontsGrowLines(under lineHeight: LineHeight) -> Bool {
    fallbackFontsGrowLines(in: TextStyle(lineHeight: lineHeight))
  }

  /// 0: StaticLayout's spacing is part of each line's box (rounded with the multiplier).
  static func spaceBetweenLines(in style: TextStyle) -> Double { 0 }

  /// The first and last lines, from the primary font: font padding (`includeFontPadding`), no
  /// spacing under the last line, and Compose's trimmed first and last lines.
  static func edges(primary: FontMetrics, style: TextStyle) -> ParagraphEdges {
    let metrics = AndroidFontMetricsInt(font: primary, fontSize: style.fontSize)
    let spacing = spacing(in: style, primary: metrics)
    let middle = box(of: primary, primary: primary, style: style)
    let middleHeight = middle.above + middle.below
    let first: Int
    let last: Int
    let only: Int
    let firstAbove: Int
    if usesComposeLineHeight(style),
      let pixels = composeLineHeight(style.lineHeight, fontSize: style.fontSize)
    {
      let lines = ComposeLineHeight(lineHeight: pixels, font: metrics)
      let firstHeight = lines.height(ofLine: 0, of: 2)
      first = firstHeight + spacing.extra(forLineHeight: firstHeight)
      last = lines.height(ofLine: 1, of: 2)
      only = lines.height(ofLine: 0, of: 1)
      firstAbove = lines.ascent - lines.firstAscent
    } else {
      let padding = style.androidStyle.includesFontPadding
      let topPadding = padding ? metrics.ascent - metrics.top : 0
      let bottomPadding = padding ? metrics.bottom - metrics.descent : 0
      let firstHeight = metrics.lineHeight + topPadding
      first = firstHeight + spacing.extra(forLineHeight: firstHeight)
      last = metrics.lineHeight + bottomPadding
      only = metrics.lineHeight + topPadding + bottomPadding
      firstAbove = topPadding
    }
    return ParagraphEdges(
      firstLine: Double(first) - middleHeight, lastLine: Double(last) - middleHeight,
      onlyLine: Double(only) - middleHeight, firstLineAbove: Double(firstAbove))
  }

  /// With font padding the first line's top is the paint's `top` and the last line's bottom its
  /// `bottom`, whatever fonts are on them (`StaticLayout.java`, `out`: `above = top`).
  static func strutBoundsParagraphEdges(in style: TextStyle) -> Bool {
    style.androidStyle.includesFontPadding && !usesComposeLineHeight(style)
  }

  static var clusterFontRule: ClusterFontRule { .colourFontForEmojiPresentation }

  static var breaksBeforeConditionalJapaneseStarters: Bool { false }

  static var overlongWordsFillLines: Bool { false }

  /// minikin breaks on the paragraph's measured advances (`MeasuredText::widths`, summed by
  /// `GreedyLineBreaker.cpp` and `OptimalLineBreaker.cpp`) without reshaping a line's end, so a
  /// line ending inside a kerning pair keeps it.
  static var keepsKerningAtLineEnd: Bool { true }

  /// minikin's `getScriptRun` ends a run where `hb_unicode_script` changes, as SkShaper does.
  static var scriptRunsJoinKana: Bool { false }
  static var splitsLigatures: Bool { false }

  static var positionGrid: Double? { nil }

  /// The paint's font metrics start every line's (`fmAscent`, `fmDescent` in `generate`).
  static var hasStrut: Bool { true }

  static var finalHardBreakStartsLine: Bool { true }

  @inline(__always) static func height(of box: LineBox) -> Double { box.above + box.below }

  /// The width itself: minikin breaks when a line is wider (`width > limit`), with no tolerance.
  @inline(__always) static func lineLimit(forWidth width: Double) -> Double { width }
}
