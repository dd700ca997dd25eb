import Testing

@testable import TextEngine

/// Compose's `lineHeight` with `LineHeightStyle.Default` (`LineHeightStyleSpan.kt`): every line
/// `ceil(lineHeight)` px, the difference split in proportion to the font's ascent and descent
/// (the descent's share ceiled), the first line's top and the last line's bottom trimmed.
@Suite struct ComposeLineHeightTests {
  /// The bundled primary at 15 px: ascent −17, descent 4 (21 px).
  static let font = AndroidFontMetricsInt(top: -28, ascent: -17, descent: 4, bottom: 16)

  /// 30 px: diff 9, descent's share ceil(9 × 4/21) = ceil(1.71) = 2 → descent 6, ascent −24.
  /// Middle lines 30; the first keeps the font's ascent (6 + 17 = 23), the last its descent
  /// (4 + 24 = 28); one line keeps the font's 21.
  @Test func growsProportionallyAndTrims() {
    let lines = ComposeLineHeight(lineHeight: 30, font: Self.font)
    #expect(lines.descent == 6)
    #expect(lines.ascent == -24)
    #expect(lines.height(ofLine: 1, of: 3) == 30)
    #expect(lines.height(ofLine: 0, of: 3) == 23)
    #expect(lines.height(ofLine: 2, of: 3) == 28)
    #expect(lines.height(ofLine: 0, of: 1) == 21)
  }

  /// 22.5 px is ceiled to 23: diff 2, ceil(2 × 4/21) = ceil(0.38) = 1 → descent 5, ascent −18.
  @Test func ceilsTheLineHeight() {
    let lines = ComposeLineHeight(lineHeight: 22.5, font: Self.font)
    #expect(lines.descent == 5)
    #expect(lines.ascent == -18)
    #expect(lines.height(ofLine: 1, of: 3) == 23)
  }

  /// 15 px, shorter than the font: diff −6, the descent's change is ceil(−6 × 17/21) =
  /// ceil(−4.86) = −4 → descent 0, ascent −15; first 0 + 17 = 17, last 4 + 15 = 19.
  @Test func shrinksWithTheAscentsShare() {
    let lines = ComposeLineHeight(lineHeight: 15, font: Self.font)
    #expect(lines.descent == 0)
    #expect(lines.ascent == -15)
    #expect(lines.height(ofLine: 0, of: 3) == 17)
    #expect(lines.height(ofLine: 2, of: 3) == 19)
  }
}
