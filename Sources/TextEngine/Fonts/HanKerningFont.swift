/// What Blink's `HanKerning` needs of a font to set fullwidth punctuation half as wide
/// (`text-spacing-trim`, ``TextSpacingTrim/normal``): the classes its glyphs give full stops,
/// colons, semicolons and curly quotes (`HanKerning::FontData`), and how much narrower its
/// `halt` feature sets each punctuation character. A font without `halt`, or whose punctuation
/// Blink finds unfit, has none (`Font.hanKerning` is nil).
struct HanKerningFont: Sendable {
  /// The class of U+3001, U+3002, U+FF0C and U+FF0E: by their glyphs' bounds when all four
  /// agree, else ``HanKerningClass/other``.
  var dotClass: HanKerningClass
  var colonClass: HanKerningClass
  var semicolonClass: HanKerningClass
  /// True when the curly quotes' glyphs sit as fullwidth quotes do (open on the right half,
  /// close on the left).
  var quotesAreFullwidth: Bool
  /// Each punctuation character's advance and its advance under `halt` (design units), by
  /// scalar, for those `halt` changes.
  var haltedAdvances: [UInt32: (full: Int32, halted: Int32)]
  var unitsPerEm: Int32

  /// The class Blink gives `scalar`'s class in this font (`HanKerning::GetCharType`).
  func resolved(_ characterClass: HanKerningClass) -> HanKerningClass {
    switch characterClass {
    case .dot: return dotClass
    case .colon: return colonClass
    case .semicolon: return semicolonClass
    case .openQuote: return quotesAreFullwidth ? .open : .openNarrow
    case .closeQuote: return quotesAreFullwidth ? .close : .closeNarrow
    case .other, .open, .close, .middle, .openNarrow, .closeNarrow: return characterClass
    }
  }

  /// `halt`'s change to `scalar`'s advance in points at `fontSize`, each advance on HarfBuzz's
  /// 1/65536 grid as Blink shapes it; 0 when `halt` leaves it.
  func haltDelta(of scalar: UInt32, fontSize: Double) -> Double {
    guard let advances = haltedAdvances[scalar] else { return 0 }
    let scale = fontSize / Double(unitsPerEm) * 65536
    return ((Double(advances.halted) * scale).rounded() - (Double(advances.full) * scale).rounded()) / 65536
  }
}
