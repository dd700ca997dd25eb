/// ``TextPlatform/web``: Chromium 156 (Blink LayoutNG) on Linux at device scale 1, with text in
/// `white-space: pre-wrap`.
///
/// - Font metrics are Skia's through Fontations (skrifa `Metrics::new`): `hhea` (or OS/2 typo
///   values with `USE_TYPO_METRICS`) times `size / unitsPerEm`, in `Float`.
/// - `FontMetrics::AscentDescentWithHacks` (`platform/fonts/font_metrics.cc`) rounds ascent and
///   descent to whole pixels (`SkScalarRoundToScalar`); line spacing is
///   `lround(ascent) + lround(descent) + lround(lineGap)` (`simple_font_data.cc`). (The Linux
///   "descent rounded down moves a pixel" hack needs subpixel positioning, off at scale 1.)
/// - Used line height (`ComputedStyle::ComputedLineHeightAsFixed`): `normal` is the line spacing;
///   a number `n` is `LayoutUnit(float(size_LU × float(n × 100) / 100))`, truncated to 1/64 px;
///   a length is rounded to 1/64 px (`LayoutUnit::FromFloatRound`).
/// - Half-leading (`CalculateLeadingSpace`, `core/layout/inline/line_utils.cc`): the leading
///   `lineHeight − (ascent + descent)` is halved in LayoutUnits (truncating), floored to a whole
///   pixel above the glyphs, and the rest goes below.
/// - A line box is the strut united with every inline box on the line
///   (`inline_box_state.cc`); under `line-height: normal` also with the box of every font the
///   line's glyphs use (`include_used_fonts`, `AccumulateUsedFonts`), each with its own line
///   spacing. Paragraph heights are LayoutUnit sums: nothing is rounded further.
/// - A final hard break starts no line (`"abc\n"` is one line under `pre-wrap`).
enum WebTextRules: PlatformTextRules {
  /// Blink's LayoutUnit: 1/64 px.
  static let layoutUnit = 1.0 / 64

  /// A length rounded to the LayoutUnit grid (`LayoutUnit::FromFloatRound`).
  @inline(__always) static func roundedToLayoutUnit(_ value: Float) -> Double {
    Double((value * 64).rounded()) / 64
  }

  /// A length truncated to the LayoutUnit grid (the `LayoutUnit(float)` constructor).
  @inline(__always) static func truncatedToLayoutUnit(_ value: Float) -> Double {
    Double((value * 64).rounded(.towardZero)) / 64
  }

  /// The font's whole-pixel ascent and descent and its line spacing at `fontSize`.
  static func fontHeight(of font: FontMetrics, fontSize: Double) -> (
    ascent: Double, descent: Double, lineSpacing: Double
  ) {
    let metrics = SkiaFontMetrics(fontations: font, fontSize: fontSize)
    // `SkScalarRoundToScalar` is floorf(x + 0.5f).
    let ascent = (metrics.ascent + 0.5).rounded(.down)
    let descent = (metrics.descent + 0.5).rounded(.down)
    let lineGap = metrics.leading.rounded(.toNearestOrAwayFromZero)
    return (Double(ascent), Double(descent), Double(ascent + descent + lineGap))
  }

  /// The used line height of a box whose primary font is `font` at `fontSize`.
  static func usedLineHeight(of font: FontMetrics, fontSize: Double, lineHeight: LineHeight) -> Double {
    switch lineHeight {
    case .natural:
      return fontHeight(of: font, fontSize: fontSize).lineSpacing
    case .fixed(let points):
      return roundedToLayoutUnit(Float(points))
    case .multiple(let factor), .fontSizeMultiple(let factor):
      // A number is kept as a percentage (`Length::Percent(ClampTo<float>(n * 100))`).
      let percent = Float(factor * 100)
      let size = Float(roundedToLayoutUnit(Float(fontSize)))
      return truncatedToLayoutUnit(size * percent / 100)
    }
  }

  /// A font's box with the half-leading of `lineHeight` (both whole-pixel metrics and a
  /// LayoutUnit line height).
  static func box(ascent: Double, descent: Double, lineHeight: Double) -> LineBox {
    let leading = Int((lineHeight - (ascent + descent)) * 64)
    // `diff / 2` truncates toward zero; `Floor()` is an arithmetic shift (toward −∞).
    let half = leading / 2
    let above = (half >> 6) << 6
    return LineBox(above: ascent + Double(above) / 64, below: descent + Double(leading - above) / 64)
  }

  static func box(of font: FontMetrics, fontSize: Double, lineHeight: LineHeight) -> LineBox {
    let height = fontHeight(of: font, fontSize: fontSize)
    switch lineHeight {
    case .natural:
      return box(ascent: height.ascent, descent: height.descent, lineHeight: height.lineSpacing)
    default:
      return box(
        ascent: height.ascent, descent: height.descent,
        lineHeight: usedLineHeight(of: font, fontSize: fontSize, lineHeight: lineHeight))
    }
  }

  static func fallbackFontsGrowLines(under lineHeight: LineHeight) -> Bool { lineHeight == .natural }

  static var clusterFontRule: ClusterFontRule { .chainOrderMatchingVariationSelector }

  static var breaksBeforeConditionalJapaneseStarters: Bool { false }

  static var overlongWordsFillLines: Bool { false }

  /// Blink reshapes a line end that HarfBuzz marks unsafe to break (`ShapingLineBreaker`), so a
  /// line ending inside a kerning pair is measured without it.

  static var keepsKerningAtLineEnd: Bool { false }

  /// `ShapingLineBreaker::ShapeLine` reshapes the line end from the last safe-to-break point:
  /// a piece of a cut word ends with its last grapheme's advance alone.
  static var reshapesCutWordEnds: Bool { true }
  static var splitsLigatures: Bool { true }

  static var positionGrid: Double? { layoutUnit }

  /// Tabs reach Blink's tab stops (``WebTabStops``).
  static var expandsTabs: Bool { true }

  /// Blink's break iterator starts at each line's start (`LineBreaker` sets its start offset
  /// from the break token), so a line that starts at a cut word's hyphen sees no letter before
  /// it: it keeps the digits after a hyphen-minus, and the letter after one of Unicode 16's
  /// hyphens, word-initial there (``WebScalarScan/hasLineStartHyphen``).
  static var joinsLineStartHyphens: Bool { true }

  /// `LineBreaker::AddHyphen`: a line ending at a soft hyphen ends with the style's hyphen,
  /// which the fit test counts (``WebSoftHyphens``).
  static var drawsHyphenAtSoftHyphenBreaks: Bool { true }

  /// A thin space (U+2009) or another space separator but the space and the ideographic space
  /// takes room at a line's end: `will three\u{2009}` needs the thin space's width, and where
  /// only the word fits, the line is cut before it (Chromium 156, pre-wrap).
  static var hangsOtherSpaceSeparators: Bool { false }

  /// `ShapeResultSpacing::ComputeSpacing` leaves joined letters unspaced (``WebLetterSpacing``).
  static func scalarsWithoutLetterSpacing(
    in codes: UnsafeBufferPointer<UInt32>, scalarIsRightToLeft: [Bool]?
  ) -> [Bool]? {
    WebLetterSpacing.unspacedScalars(of: codes)
  }

  /// The engine's web paragraph is CSS's default, `direction: ltr`.
  static var paragraphIsLeftToRight: Bool { true }

  /// Web fonts pass through OTS, which drops a legacy `kern` table it cannot vouch for
  /// (``WebFontSanitizer``).
  static func fontsWithoutLegacyKerning(in chain: FontChain) -> FontMask {
    WebFontSanitizer.fontsWithoutLegacyKerning(in: chain)
  }

  /// `FontFeatures` turns `liga`, `clig` and `calt` off when letter spacing is not 0, so `ﬁ`
  /// takes the spacing twice.
  static var turnsLigaturesOffUnderLetterSpacing: Bool { true }

  /// Every right-to-left text: HarfBuzz reverses a run in a right-to-left script into its own
  /// direction, which changes the bundled CJK font's kerning of `*.` (``WebLeadingScripts``).
  static var takesLeadingScriptsOfEveryRightToLeftText: Bool { true }

  /// `HarfBuzzShaper` shapes the script runs of the whole text (``WebLeadingScripts``).
  static func leadingScripts(
    of codes: UnsafeBufferPointer<UInt32>, segmentEnds: UnsafeBufferPointer<(end: Int, isHard: Bool)>,
    scalarIsRightToLeft: UnsafeBufferPointer<Bool>
  ) -> [UInt8]? {
    WebLeadingScripts.leadingScripts(
      of: codes, segmentEnds: segmentEnds, scalarIsRightToLeft: scalarIsRightToLeft)
  }

  static var hasStrut: Bool { true }

  static var finalHardBreakStartsLine: Bool { false }

  @inline(__always) static func height(of box: LineBox) -> Double { box.above + box.below }

  /// A line fits while its position is at most the available width plus one LayoutUnit
  /// (`LineBreaker`'s `AddEpsilon`, `line_breaker.h`); the available width is the CSS width
  /// truncated to LayoutUnits (`LayoutUnit(float)`): at 78.74 px a word piece 78.7506 px wide
  /// does not fit, as in Chromium.
  @inline(__always) static func lineLimit(forWidth width: Double) -> Double {
    // The CSS width is a `float` (as `truncatedToLayoutUnit` takes it). Widths are positive: the
    // nearest whole number of LayoutUnits (adding and taking away 2⁵²), one less where that is
    // above. (`rounded(.towardZero)` is a libm call without SSE4.1, and a conversion through
    // `Int64` checks its range: 8 instructions more a measurement.)
    let units = Double(Float(width)) * 64
    var whole = (units + 0x1p52) - 0x1p52
    if whole > units { whole -= 1 }
    return whole * (1.0 / 64) + layoutUnit
  }
}
