extension TextMeasurer {
  /// A text's line height by the measurer's platform, and what its lines are as tall as when
  /// they differ: nil boxes when every line is `lineHeight` tall (the text's fonts never change
  /// a line's box), which keeps `measure(width:)` on its arithmetic of line counts.
  ///
  /// (A struct, not a tuple: a tuple holding an optional struct is copied through the runtime's
  /// generic tuple witnesses, about 550 instructions a `prepare`.)
  struct LineModel {
    var lineHeight: Double
    var boxes: PreparedText.LineBoxes?
  }

  /// The line model of a text set in `fonts` of `chain` in `style`.
  func lineModel(of fonts: FontMask, chain: FontChain, style: TextStyle) -> LineModel {
    let rules = platform.rules
    let primary = chain.primary.metrics
    let primaryBox = rules.box(of: primary, primary: primary, style: style)
    let lineHeight = rules.primaryLineHeight(of: primary, box: primaryBox, style: style)
    let others = FontMask(rawValue: fonts.rawValue & ~FontMask.primary.rawValue)
    guard others.rawValue != 0, rules.fallbackFontsGrowLines(in: style) else {
      return LineModel(lineHeight: lineHeight, boxes: nil)
    }
    var fontBoxes = [LineBox](repeating: .empty, count: 16)
    fontBoxes[0] = primaryBox
    var differs = false
    var bits = others.rawValue
    while bits != 0 {
      let bit = bits.trailingZeroBitCount
      bits &= bits &- 1
      // Fonts past the fifteenth, and installed fallback faces, share a bit: they count as the
      // primary font (a documented limit).
      guard bit < FontMask.othersBit, bit < chain.fonts.count else { continue }
      let box = rules.box(of: chain.fonts[bit].metrics, primary: primary, style: style)
      fontBoxes[bit] = box
      differs = differs || (rules.hasStrut ? !box.fits(in: primaryBox) : box != primaryBox)
    }
    guard differs else { return LineModel(lineHeight: lineHeight, boxes: nil) }
    return LineModel(
      lineHeight: lineHeight,
      boxes: PreparedText.LineBoxes(
        platform: platform, strut: rules.hasStrut ? primaryBox : .empty, fontBoxes: fontBoxes,
        emptyLine: primaryBox, strutBoundsEdges: rules.hasStrut && rules.strutBoundsParagraphEdges(in: style))
    )
  }
}
