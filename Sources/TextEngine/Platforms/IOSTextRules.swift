/// ``TextPlatform/ios``: a model of UIKit, not verified on a device.
///
/// - Natural line height: the primary font's `ascender − descender + lineGap` (`UIFont.lineHeight`);
///   fallback fonts never change a line's height.
/// - ``LineHeight/multiple(_:)`` multiplies the natural height (`lineHeightMultiple`);
///   ``LineHeight/fontSizeMultiple(_:)`` is the fixed height `factor × fontSize`.
/// - The leading is split evenly above and below the glyphs; heights are exact, rounded up to
///   device pixels only when the style has a pixel scale (`ceil`, as UIKit sizes views).
enum IOSTextRules: PlatformTextRules {
  static func lineHeight(of font: FontMetrics, fontSize: Double, lineHeight: LineHeight) -> Double {
    if let fixed = fixedLineHeight(lineHeight, fontSize: fontSize) { return fixed }
    let natural = font.scaled(toPointSize: fontSize).naturalLineHeight
    if case .multiple(let factor) = lineHeight { return natural * factor }
    return natural
  }

  /// The height every line under `lineHeight` at `fontSize` has whatever its runs (rich text
  /// included): the fixed height, or the multiple of the font size; nil when lines follow their
  /// fonts.
  static func fixedLineHeight(_ lineHeight: LineHeight, fontSize: Double) -> Double? {
    switch lineHeight {
    case .fixed(let points): points
    case .fontSizeMultiple(let factor): factor * fontSize
    case .natural, .multiple: nil
    }
  }

  static func box(of font: FontMetrics, fontSize: Double, lineHeight: LineHeight) -> LineBox {
    let scaled = font.scaled(toPointSize: fontSize)
    let height = Self.lineHeight(of: font, fontSize: fontSize, lineHeight: lineHeight)
    let above = scaled.ascender + (height - (scaled.ascender - scaled.descender)) / 2
    return LineBox(above: above, below: height - above)
  }

  /// The height itself, not its box's parts added again (which may differ in the last bit), as
  /// a span's line takes it.
  static func primaryLineHeight(of primary: FontMetrics, box: LineBox, style: TextStyle) -> Double {
    lineHeight(of: primary, fontSize: style.fontSize, lineHeight: style.lineHeight)
  }

  static func fallbackFontsGrowLines(under lineHeight: LineHeight) -> Bool { false }

  static var clusterFontRule: ClusterFontRule { .colourFontForEmojiPresentation }

  static var breaksBeforeConditionalJapaneseStarters: Bool { false }

  static var overlongWordsFillLines: Bool { false }

  /// Core Text sets each line anew (a model: not verified on a device).

  static var keepsKerningAtLineEnd: Bool { false }
  static var splitsLigatures: Bool { false }

  static var positionGrid: Double? { nil }

  static var hasStrut: Bool { true }

  static var finalHardBreakStartsLine: Bool { true }

  @inline(__always) static func height(of box: LineBox) -> Double { box.above + box.below }

  /// `width` plus 1/256 pt (``PreparedText/fitTolerance``): exact ties fit.
  @inline(__always) static func lineLimit(forWidth width: Double) -> Double {
    width + PreparedText.fitTolerance
  }
}
