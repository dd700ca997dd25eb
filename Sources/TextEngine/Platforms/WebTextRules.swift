/// ``TextPlatform/web``: Chromium's Blink LayoutNG on Linux (provisional; see the report).
enum WebTextRules: PlatformTextRules {
  /// Blink's LayoutUnit: 1/64 px.
  static let layoutUnit = 1.0 / 64

  /// A length on the LayoutUnit grid, rounded to nearest (`LayoutUnit::FromFloatRound`).
  @inline(__always) static func roundedToLayoutUnit(_ value: Double) -> Double {
    (value * 64).rounded() / 64
  }

  /// A length on the LayoutUnit grid, truncated (`LayoutUnit(float)`).
  @inline(__always) static func layoutUnit(_ value: Double) -> Double {
    (value * 64).rounded(.towardZero) / 64
  }

  /// The font's ascent and descent at `fontSize` as Blink uses them: Skia's float metrics
  /// rounded to whole pixels.
  static func roundedAscentDescent(of font: FontMetrics, fontSize: Double) -> (
    ascent: Double, descent: Double, lineGap: Double
  ) {
    let metrics = SkiaFontMetrics(font, fontSize: fontSize)
    return (
      Double(metrics.ascent.rounded()), Double(metrics.descent.rounded()), Double(metrics.leading.rounded())
    )
  }

  static func box(of font: FontMetrics, fontSize: Double, lineHeight: LineHeight) -> LineBox {
    let (ascent, descent, lineGap) = roundedAscentDescent(of: font, fontSize: fontSize)
    let height: Double
    switch lineHeight {
    case .natural: height = ascent + descent + lineGap
    case .fixed(let points): height = layoutUnit(points)
    case .multiple(let factor), .fontSizeMultiple(let factor):
      height = layoutUnit(factor * layoutUnit(fontSize))
    }
    let leading = height - (ascent + descent)
    let above = ascent + (leading / 2 * 64).rounded(.down) / 64
    return LineBox(above: above, below: height - above)
  }

  static func fallbackFontsGrowLines(under lineHeight: LineHeight) -> Bool { lineHeight == .natural }

  static var hasStrut: Bool { true }

  @inline(__always) static func height(of box: LineBox) -> Double { box.above + box.below }
}
