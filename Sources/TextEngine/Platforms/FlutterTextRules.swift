/// ``TextPlatform/flutter``: SkParagraph, as in Flutter's engine (provisional; see the report).
enum FlutterTextRules: PlatformTextRules {
  static func box(of font: FontMetrics, fontSize: Double, lineHeight: LineHeight) -> LineBox {
    let metrics = SkiaFontMetrics(font, fontSize: fontSize)
    let multiplier: Float
    switch lineHeight {
    case .natural:
      return LineBox(
        above: Double(metrics.ascent + metrics.leading / 2),
        below: Double(metrics.descent + metrics.leading / 2))
    case .fixed(let points): multiplier = Float(points / fontSize)
    case .multiple(let factor), .fontSizeMultiple(let factor): multiplier = Float(factor)
    }
    let scale = multiplier * Float(fontSize) / (metrics.ascent + metrics.descent)
    return LineBox(above: Double(metrics.ascent * scale), below: Double(metrics.descent * scale))
  }

  static func fallbackFontsGrowLines(under lineHeight: LineHeight) -> Bool { true }

  static var hasStrut: Bool { false }

  /// Every line is rounded to a whole pixel (SkParagraph's "flutter change").
  @inline(__always) static func height(of box: LineBox) -> Double {
    Double((Float(box.above) + Float(box.below)).rounded())
  }
}
