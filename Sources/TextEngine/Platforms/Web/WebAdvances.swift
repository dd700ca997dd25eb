/// Glyph advances as Chromium measures them: 16.16 fixed point from FreeType's linear advances
/// (Skia's FreeType port, `generateMetrics`, hinting off), `FT_MulDiv(units, x_scale, 64)` with
/// `x_scale = FT_DivFix(size × 64, unitsPerEm)` — a 1000-unit ideograph at 15 px is
/// 983047 / 65536 = 15.000107 px, not 15 — and, for a colour font of bitmaps, the strike's
/// advance scaled to the size, truncated to 1/65536 px (Noto Color Emoji: 136 px at 109 ppem,
/// 18.7156 px at 15 px; HarfBuzz's `hmtx` gives 18.677). Line widths are sums of these, exact in
/// 1/65536 px, as Blink's `TextRunLayoutUnit`s are.
struct WebAdvances: Sendable {
  enum Face: Sendable {
    case scalable(unitsPerEm: Double, xScale: Int64)
    case bitmap(unitsPerEm: Double, pixelsPerEm: Double)
  }

  let fontSize: Double
  let chain: FontChain

  init(chain: FontChain, fontSize: Double) {
    self.fontSize = fontSize
    self.chain = chain
  }

  /// The face of `FontMask` bit `bit` (past the chain's fonts, the primary font).
  func face(bit: Int) -> Face {
    let fonts = chain.fonts
    let metrics = (bit < fonts.count && bit < FontMask.othersBit ? fonts[bit] : fonts[0]).metrics
    let unitsPerEm = Int64(metrics.unitsPerEm)
    if let strike = metrics.bitmapStrike {
      return .bitmap(unitsPerEm: Double(unitsPerEm), pixelsPerEm: Double(strike.pixelsPerEm))
    }
    // FT_DivFix: (a × 65536 + b / 2) / b.
    let sizeInSixtyFourths = Int64((fontSize * 64).rounded())
    return .scalable(
      unitsPerEm: Double(unitsPerEm), xScale: (sizeInSixtyFourths << 16 + unitsPerEm / 2) / unitsPerEm)
  }

  /// Chromium's advance for a cluster HarfBuzz gave `points` (at the font size) in `face`.
  @inline(__always) func advance(_ points: Double, in face: Face) -> Double {
    switch face {
    case .scalable(let unitsPerEm, let xScale):
      let units = Int64((points / fontSize * unitsPerEm).rounded())
      guard units > 0 else { return 0 }
      // FT_MulDiv: (a × b + c / 2) / c.
      return Double((units * xScale + 32) >> 6) / 65536
    case .bitmap(let unitsPerEm, let pixelsPerEm):
      let strikeAdvance = (points / fontSize * unitsPerEm * pixelsPerEm / unitsPerEm).rounded()
      return (strikeAdvance * fontSize / pixelsPerEm * 65536).rounded(.towardZero) / 65536
    }
  }
}
