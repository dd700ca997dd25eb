/// ``TextPlatform/flutter``: SkParagraph as in skia m144 (skia-python 144.1, Flutter's engine).
///
/// - Font metrics come from Skia's FreeType port in `Float` (`SkiaFontMetrics(freeType:)`); a
///   colour emoji font of bitmaps takes its strike's metrics.
/// - Each run's ascent and descent take half the font's leading each (`Run::calculateMetrics`,
///   `modules/skparagraph/src/Run.cpp`); with `TextStyle.height` h they are scaled so that they
///   add up to `h × fontSize`, proportionally, in `Float`. Flutter has no point line height: a
///   fixed height of `p` points is `height: p / fontSize`.
/// - A line is as tall as the runs on it: the largest ascent plus the largest descent of the
///   fonts of its clusters (trailing spaces included, hard breaks not), rounded half away from
///   zero to a whole pixel (`InternalLineMetrics::height`, "flutter change"). There is no
///   strut; a line holding only a hard break takes the primary font's run, and a final hard
///   break adds a line as tall as the one before it.
enum FlutterTextRules: PlatformTextRules {
  /// `TextStyle.height` for a line height, or nil for the font's own metrics (height unset).
  static func heightMultiplier(_ lineHeight: LineHeight, fontSize: Double) -> Float? {
    switch lineHeight {
    case .natural: nil
    case .fixed(let points): Float(points / fontSize)
    case .multiple(let factor), .fontSizeMultiple(let factor): Float(factor)
    }
  }

  /// A run's box in `font` at `fontSize` under `TextStyle.height` `multiplier`.
  static func box(of font: FontMetrics, fontSize: Double, multiplier: Float?) -> LineBox {
    let metrics = SkiaFontMetrics(freeType: font, fontSize: fontSize)
    // Skia's ascent is negative; `* 0.5` is a double literal.
    var ascent = Float(Double(-metrics.ascent) - Double(metrics.leading) * 0.5)
    var descent = Float(Double(metrics.descent) + Double(metrics.leading) * 0.5)
    if let multiplier, abs(multiplier) > 1.0 / 4096 {
      let runHeight = multiplier * Float(fontSize)
      let scale = runHeight / (descent - ascent)
      ascent *= scale
      descent *= scale
    }
    return LineBox(above: -Double(ascent), below: Double(descent))
  }

  static func box(of font: FontMetrics, fontSize: Double, lineHeight: LineHeight) -> LineBox {
    box(of: font, fontSize: fontSize, multiplier: heightMultiplier(lineHeight, fontSize: fontSize))
  }

  /// `TextStyle.height` is the paragraph's: a point line height over the paragraph's size, as a
  /// multiple of each run's own size.
  static func spanBox(of font: FontMetrics, fontSize: Double, primary: FontMetrics, paragraph: TextStyle)
    -> LineBox
  {
    box(
      of: font, fontSize: fontSize,
      multiplier: heightMultiplier(paragraph.lineHeight, fontSize: paragraph.fontSize))
  }

  static func fallbackFontsGrowLines(under lineHeight: LineHeight) -> Bool { true }

  static var clusterFontRule: ClusterFontRule { .chainOrder }

  static var breaksBeforeConditionalJapaneseStarters: Bool { true }

  static var overlongWordsFillLines: Bool { true }

  /// `TextWrapper::lookAhead`'s `nextNonBreakingSpace` (``FlutterNoBreakSpaces``).
  static var breaksTooLongWordsAtNoBreakSpaces: Bool { true }

  /// SkParagraph breaks lines in the paragraph's shaping (`TextWrapper` sums cluster widths), so a
  /// line ending inside a kerning pair keeps it.

  static var keepsKerningAtLineEnd: Bool { true }

  /// SkShaper ends a script run where `hb_unicode_script` changes: Katakana and Hiragana are two
  /// runs, and `ユーザーで` keeps `ーで`'s −0.9 px apart.
  static var scriptRunsJoinKana: Bool { false }
  static var splitsLigatures: Bool { false }

  static var restartsScriptRunsAtBidiRuns: Bool { true }

  static var positionGrid: Double? { nil }

  /// `TextWrapper::lookAhead` adds a whitespace cluster that does not fit to the line's words and
  /// goes on; the next cluster does not fit either, so the line ends after the space (`ab :cd`).
  static var endsLinesAfterOverflowingSpaces: Bool { true }

  /// Skia's FreeType port measures a colour emoji font by its strike (``SkiaBitmapAdvances``).
  static var measuresBitmapStrikeAdvances: Bool { true }

  static var hasStrut: Bool { false }

  static var finalHardBreakStartsLine: Bool { true }

  /// SkParagraph leaves runs of cursive scripts unspaced (``FlutterLetterSpacing``).
  static func scalarsWithoutLetterSpacing(
    in codes: UnsafeBufferPointer<UInt32>, scalarIsRightToLeft: [Bool]?
  ) -> [Bool]? {
    FlutterLetterSpacing.unspacedScalars(of: codes, scalarIsRightToLeft: scalarIsRightToLeft)
  }

  /// SkShaper shapes the script runs of each bidi run (``FlutterLeadingScripts``).
  static func leadingScripts(
    of codes: UnsafeBufferPointer<UInt32>, segmentEnds: UnsafeBufferPointer<(end: Int, isHard: Bool)>,
    scalarIsRightToLeft: UnsafeBufferPointer<Bool>
  ) -> [UInt8]? {
    FlutterLeadingScripts.leadingScripts(
      of: codes, segmentEnds: segmentEnds, scalarIsRightToLeft: scalarIsRightToLeft)
  }

  /// The paragraph's width is floored to a whole pixel; a line fits when it is narrower than
  /// that minus 0.25, breaks when wider than it plus 0.25, and in between fits when its width
  /// rounded to 0.01 is not wider (`TextWrapper.cpp`, `LineBreakerWithLittleRounding`, with the
  /// rounding hack on). For a whole-pixel width that is: narrower than it plus 0.005.
  @inline(__always) static func lineLimit(forWidth width: Double) -> Double {
    guard width.isFinite else { return width }
    return (width.rounded(.down) + 0.005).nextDown
  }

  /// `lineLimit(forWidth:)` with the rounding hack as `style` has it. Off (`ParagraphImpl::layout`
  /// keeps the width; `LineBreakerWithLittleRounding` floors a line's width to 0.01): a line
  /// fits when its width floored to 0.01 is not wider, that is, when it is narrower than the
  /// width in hundredths (as Skia's `Float` has it: 150.7 is 15,070) floored, plus one.
  @inline(__always) static func lineLimit(forWidth width: Double, in style: TextStyle) -> Double {
    guard !style.flutterRoundingHack, width.isFinite else { return lineLimit(forWidth: width) }
    let hundredths = (Float(width) * 100).rounded(.down)
    return ((Double(hundredths) + 1) / 100).nextDown
  }

  /// SkParagraph's bidi regions come from a paragraph at level 0 for `TextDirection.ltr`
  /// (`ParagraphImpl::computeCodeUnitProperties`: `UBIDI_LTR`), Flutter's default, whatever its
  /// first strong character.
  static var paragraphIsLeftToRight: Bool { true }

  /// `::round((double)descent - ascent + leading)`: half away from zero.
  @inline(__always) static func height(of box: LineBox) -> Double {
    (box.below + box.above).rounded(.toNearestOrAwayFromZero)
  }
}
