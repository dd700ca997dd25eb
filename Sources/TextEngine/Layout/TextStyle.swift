import SelfSizingCore

/// Everything about a paragraph's appearance that changes its measurement.
public struct TextStyle: Sendable, Hashable {
  /// Font size in points.
  public var fontSize: Double
  /// Which chain of the engine (regular or bold) to use.
  public var weight: FontWeight
  /// Extra advance added after every grapheme cluster, in points. It may be negative; then it
  /// takes a cluster's advance down to 0 at most (a text never measures narrower than a part of
  /// it), in measurement and in `TextMeasurer.glyphRuns(_:style:)` alike.
  public var letterSpacing: Double
  /// The height of one line.
  public var lineHeight: LineHeight
  /// Extra space between consecutive lines, in points (not after the last line).
  public var lineSpacing: Double
  /// The most lines to show; 0 means unlimited. Longer text is truncated at the tail with "…".
  public var maxLines: Int
  /// When set, heights are rounded up to the next multiple of `1 / pixelScale` (UIKit's
  /// `ceil` to device pixels); nil keeps exact heights.
  public var pixelScale: Double?
  /// BCP 47 language passed to HarfBuzz (selects `locl` forms) and to fontconfig (picks the
  /// installed fallback fonts for Han, kana and Hangul), such as `"ja"` or `"zh-Hant"`; empty for
  /// none. Case and `_` for `-` do not matter.
  public var language: String
  /// How lines are broken: greedily (``TextWrap/auto``), or as CSS `text-wrap-style: balance`
  /// and `pretty` do on the platforms that have them (``TextPlatform/wrapStyles``).
  public var textWrap: TextWrap
  /// Which Android widget's defaults measure the text on ``TextPlatform/android``: Compose's
  /// (greedy breaking, no font padding) or TextView's (minikin's optimal breaker, font
  /// padding). Other platforms take only ``AndroidStyle/compose``, the default.
  public var androidStyle: AndroidStyle
  /// SkParagraph's rounding hack on ``TextPlatform/flutter``: on (skia's default, and Flutter's
  /// before 3.15), the paragraph's width is floored to a whole pixel and a line's width rounded
  /// to 0.01 px for the fit test; off (Flutter 3.16 and later), the width is kept and a line's
  /// width floored to 0.01 px. Other platforms have no such switch and take only `true`.
  public var flutterRoundingHack: Bool
  /// Whether fullwidth punctuation keeps its full width (CSS `text-spacing-trim`) on
  /// ``TextPlatform/web``: ``TextSpacingTrim/spaceAll`` (the default) or Chromium's ``TextSpacingTrim/normal``.
  /// Other platforms take only `spaceAll`.
  public var textSpacingTrim: TextSpacingTrim

  /// A style; the defaults are 15 pt regular, natural line height, no spacing, no line limit,
  /// exact heights, no language, greedy wrapping, Compose's defaults on Android, the rounding
  /// hack on Flutter and fullwidth punctuation kept full width.
  public init(
    fontSize: Double = 15, weight: FontWeight = .regular, letterSpacing: Double = 0,
    lineHeight: LineHeight = .natural, lineSpacing: Double = 0, maxLines: Int = 0,
    pixelScale: Double? = nil, language: String = "", textWrap: TextWrap = .auto,
    androidStyle: AndroidStyle = .compose, flutterRoundingHack: Bool = true,
    textSpacingTrim: TextSpacingTrim = .spaceAll
  ) {
    self.fontSize = fontSize
    self.weight = weight
    self.letterSpacing = letterSpacing
    self.lineHeight = lineHeight
    self.lineSpacing = lineSpacing
    self.maxLines = maxLines
    self.pixelScale = pixelScale
    self.language = language
    self.textWrap = textWrap
    self.androidStyle = androidStyle
    self.flutterRoundingHack = flutterRoundingHack
    self.textSpacingTrim = textSpacingTrim
  }

  /// Checks that every number is in its `MetricRange` (font size above 0 and at most 10,000
  /// points, lengths up to a million points, pixel scale 1…16), so that every measurement is
  /// finite, and that the language is empty or a well-formed BCP 47 tag (subtags of up to 8
  /// ASCII letters and digits joined by `-`, at most 63 characters).
  /// - Throws: `TextError` with code `invalidStyle`, the field at fault and what it must be.
  public func validate() throws(TextError) {
    // Every prepare validates its style: a style in range returns after plain comparisons.
    if isInRange { return }
    try reportOutOfRange()
  }

  private var isInRange: Bool {
    guard MetricRange.fontSize.contains(fontSize), MetricRange.signedLength.contains(letterSpacing),
      MetricRange.length.contains(lineSpacing), CountRange.lineLimit.contains(maxLines)
    else { return false }
    if let pixelScale, !MetricRange.pixelScale.contains(pixelScale) { return false }
    if !language.isEmpty, LanguageTag.violation(language) != nil { return false }
    switch lineHeight {
    case .natural: return true
    case .fixed(let points): return MetricRange.size.contains(points)
    case .multiple(let factor), .fontSizeMultiple(let factor):
      return MetricRange.lineHeightMultiple.contains(factor)
    }
  }

  @inline(never) private func reportOutOfRange() throws(TextError) {
    // The message is built only on failure (formatting the numbers costs more than the checks).
    func check(_ value: Double, _ range: MetricRange, _ field: String, _ name: String) throws(TextError) {
      if let violation = range.violation(value) {
        throw TextError(.invalidStyle, "\(name) \(violation)", field: field, requirement: violation)
      }
    }
    try check(fontSize, .fontSize, "fontSize", "font size")
    try check(letterSpacing, .signedLength, "letterSpacing", "letter spacing")
    try check(lineSpacing, .length, "lineSpacing", "line spacing")
    if let violation = CountRange.lineLimit.violation(maxLines) {
      throw TextError(.invalidStyle, "max lines \(violation)", field: "maxLines", requirement: violation)
    }
    switch lineHeight {
    case .natural: break
    case .fixed(let points): try check(points, .size, "lineHeight", "fixed line height")
    case .multiple(let factor), .fontSizeMultiple(let factor):
      try check(factor, .lineHeightMultiple, "lineHeight", "line height multiple")
    }
    if let pixelScale { try check(pixelScale, .pixelScale, "pixelScale", "pixel scale") }
    if let violation = LanguageTag.violation(language) {
      throw TextError(.invalidStyle, "language \(violation)", field: "language", requirement: violation)
    }
  }
}

extension TextStyle {
  /// A grapheme cluster's advance with the letter spacing that follows it, in points: a
  /// negative spacing takes it down to 0 at most, so that widths only add up. Measurement, the
  /// ellipsis and `TextMeasurer.glyphRuns(_:style:)` all apply the spacing through it.
  @inline(__always) static func spacedAdvance(_ advance: Double, letterSpacing: Double) -> Double {
    max(0, advance + letterSpacing)
  }
}
