/// Glyph advances as Chromium measures them: 16.16 fixed point from FreeType's linear advances
/// (Skia's FreeType port, `generateMetrics`, hinting off), `FT_MulDiv(units, x_scale, 64)` with
/// `x_scale = FT_DivFix(size × 64, unitsPerEm)` — a 1000-unit ideograph at 15 px is
/// 983047 / 65536 = 15.000107 px, not 15 — and, for a colour font of bitmaps, the strike's
/// advance scaled to the size, truncated to 1/65536 px (Noto Color Emoji: 136 px at 109 ppem,
/// 18.7156 px at 15 px; HarfBuzz's `hmtx` gives 18.677). Line widths are sums of these, exact in
/// 1/65536 px, as Blink's `TextRunLayoutUnit`s are.
struct WebAdvances {
  enum Face: Sendable {
    /// An outline font: design units a point, and FreeType's `x_scale` (16.16).
    case scalable(unitsPerPoint: Double, xScale: Int64)
    /// A bitmap font: strike pixels a point, and 1/65536 px a strike pixel at the size.
    case bitmap(strikePixelsPerPoint: Double, fixedPerStrikePixel: Double)
  }

  /// What a face needs of a font: its units per em, and its strike's pixels per em for a font
  /// of bitmaps (0 for an outline font).
  struct FontFacts: Sendable {
    var unitsPerEm: Int32
    var strikePixelsPerEm: Int32

    init(_ font: Font) {
      unitsPerEm = Int32(clamping: font.unitsPerEm)
      strikePixelsPerEm = Int32(clamping: font.metrics.bitmapStrike?.pixelsPerEm ?? 0)
    }
  }

  /// The facts of each `FontMask` bit's font (past the chain's fonts, the primary font's), and
  /// the chain: read once per chain and kept by the measurer, so that a `WebAdvances` refers to
  /// them without retaining anything.
  final class ChainFacts: Sendable {
    let fonts: InlineArray<16, FontFacts>
    let fontChain: FontChain

    init(_ chain: FontChain) {
      fontChain = chain
      let primary = FontFacts(chain.primary)
      var fonts = InlineArray<16, FontFacts>(repeating: primary)
      for (bit, font) in chain.fonts.prefix(FontMask.othersBit).enumerated() { fonts[bit] = FontFacts(font) }
      self.fonts = fonts
    }
  }

  let fontSize: Double
  /// Unretained: the measurer that made this value keeps the facts for its whole life, longer
  /// than the `prepare` that uses it (copies of the builder's output retain nothing).
  unowned(unsafe) let chain: ChainFacts

  init(chain: ChainFacts, fontSize: Double) {
    self.fontSize = fontSize
    self.chain = chain
  }

  /// The face of `FontMask` bit `bit` (past the chain's fonts, the primary font).
  func face(bit: Int) -> Face {
    let font = chain.fonts[bit & 15]
    let unitsPerEm = Int64(font.unitsPerEm)
    if font.strikePixelsPerEm > 0 {
      let pixelsPerEm = Double(font.strikePixelsPerEm)
      return .bitmap(
        strikePixelsPerPoint: pixelsPerEm / fontSize, fixedPerStrikePixel: fontSize / pixelsPerEm * 65536)
    }
    // FT_DivFix: (a × 65536 + b / 2) / b.
    let sizeInSixtyFourths = Int64((fontSize * 64).rounded())
    return .scalable(
      unitsPerPoint: Double(unitsPerEm) / fontSize,
      xScale: (sizeInSixtyFourths << 16 + unitsPerEm / 2) / unitsPerEm)
  }

  /// The `FontMask` bit of the font of `cluster`, one of a segment's clusters set in the fonts
  /// `fonts`: the font Blink picks for it (per cluster, in chain order, U+FE0F to the colour font
  /// first), or 0 (the primary font) when that is none of the segment's fonts (a word set in one
  /// later font, an installed face). A colour emoji beside a space is measured at its strike's
  /// advance, not the primary font's.
  @inline(__always) func fontBit(ofCluster cluster: UnsafeBufferPointer<UInt32>, among fonts: FontMask) -> Int
  {
    // (Most clusters of such segments are the primary font's: spaces, punctuation.)
    if cluster.count == 1, chain.fontChain.primary.coverage.contains(cluster[0]) { return 0 }
    guard let index = chain.fontChain.fontIndex(coveringCluster: cluster, rule: WebTextRules.clusterFontRule),
      index < FontMask.othersBit, fonts.rawValue & (1 << UInt16(index)) != 0
    else { return 0 }
    return index
  }

  /// An outline font's advance: `points` in design units (rounded half up by truncation: it is
  /// positive), then `FT_MulDiv(units, xScale, 64)`, `(a × b + c / 2) / c`, in 1/65536 px.
  @inline(__always) static func scalableAdvance(_ points: Double, unitsPerPoint: Double, xScale: Int64)
    -> Double
  {
    guard points > 0 else { return 0 }
    let units = (points * unitsPerPoint + 0.5).truncatedNonNegative
    return Double((units &* xScale &+ 32) >> 6) * 0x1p-16
  }

  /// Chromium's advance for a cluster HarfBuzz gave `points` (at the font size) in `face`.
  @inline(__always) static func advance(_ points: Double, in face: Face) -> Double {
    guard points > 0 else { return 0 }
    switch face {
    case .scalable(let unitsPerPoint, let xScale):
      return Self.scalableAdvance(points, unitsPerPoint: unitsPerPoint, xScale: xScale)
    case .bitmap(let strikePixelsPerPoint, let fixedPerStrikePixel):
      let strikeAdvance = Double((points * strikePixelsPerPoint + 0.5).truncatedNonNegative)
      return Double((strikeAdvance * fixedPerStrikePixel).truncatedNonNegative) * 0x1p-16
    }
  }
}
