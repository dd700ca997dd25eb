/// The advances of a colour font of bitmaps as SkParagraph measures them: FreeType transforms the
/// strike's advance (whole strike pixels, 26.6) by the 16.16 scale `size / ppem`
/// (`FT_MulFix`, `SkScalerContext_FreeType`), so Noto Color Emoji's 136 px at 109 ppem is
/// 18.71875 px at 15 px where HarfBuzz's `hmtx` gives 18.677 (16.21875 at 13 px, 21.203125 at
/// 17 px).
///
/// A class made once per chain (a measurer's), so that a prepared text's builder holds one
/// reference, not the chain's fields.
final class SkiaBitmapAdvances: Sendable {
  /// The `FontMask` bit (chain index) of the bitmap font.
  let bit: Int
  let pixelsPerEm: Double
  let chain: FontChain

  /// The advances of the first bitmap font of `chain`, or nil when it has none.
  init?(chain: FontChain) {
    guard
      let bit = chain.fonts.prefix(FontMask.othersBit).firstIndex(where: { $0.metrics.bitmapStrike != nil }),
      let strike = chain.fonts[bit].metrics.bitmapStrike, strike.pixelsPerEm > 0
    else { return nil }
    self.bit = bit
    pixelsPerEm = Double(strike.pixelsPerEm)
    self.chain = chain
  }

  /// Skia's advance for a cluster HarfBuzz gave `points` at `fontSize` in the bitmap font.
  func advance(_ points: Double, fontSize: Double) -> Double {
    guard points > 0 else { return 0 }
    let strikePixels = Int64((points / fontSize * pixelsPerEm).rounded())
    let scale = Int64((fontSize / pixelsPerEm * 65536).rounded())
    return Double((strikePixels &* 64 &* scale &+ 0x8000) >> 16) / 64
  }

  /// True when the cluster `scalars` is set in the bitmap font (SkParagraph's chain order).
  func setsInBitmapFont(_ scalars: UnsafeBufferPointer<UInt32>) -> Bool {
    chain.fontIndex(coveringCluster: scalars, rule: FlutterTextRules.clusterFontRule) == bit
  }
}
