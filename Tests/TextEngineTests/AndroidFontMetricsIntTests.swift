import Testing

@testable import TextEngine

/// `Paint.getFontMetricsInt` (frameworks/base `libs/hwui/jni/Paint.cpp`): ascent, descent and
/// leading rounded with `floor(x + 0.5)` on Skia's signed values, top floored, bottom ceiled.
@Suite struct AndroidFontMetricsIntTests {
  /// Noto Sans CJK SC (the bundled primary), read with fontTools: unitsPerEm 1000, hhea
  /// 1160 / −288 / 0, head yMax 1808, yMin −1048. At 15 px: ascent 17.4 → −17, descent 4.32 → 4,
  /// top −27.12 → −28 (floored), bottom 15.72 → 16 (ceiled), leading 0.
  @Test func bundledPrimaryAt15px() throws {
    let font = try BundledFonts.regularChain().primary.metrics
    #expect(font.boundsTop == 1808)
    #expect(font.boundsBottom == -1048)
    let metrics = AndroidFontMetricsInt(font: font, fontSize: 15)
    #expect(metrics == AndroidFontMetricsInt(top: -28, ascent: -17, descent: 4, bottom: 16, leading: 0))
    #expect(metrics.lineHeight == 21)
  }

  /// Exact halves (unitsPerEm 1024 at 8 px, all binary fractions): Skia's ascent −11.5 rounds to
  /// −11 (toward +∞, `floor(−11.5 + 0.5)`), the descent 2.5 to 3; top −12.5 floors to −13, bottom
  /// 3.90625 ceils to 4; a line gap of 0.5 px rounds to a leading of 1.
  @Test func halvesRoundTowardPositiveInfinity() {
    var font = FontMetrics(
      unitsPerEm: 1024, ascender: 1472, descender: -320, lineGap: 64, useTypoMetrics: false, glyphCount: 1)
    font.boundsTop = 1600
    font.boundsBottom = -500
    let metrics = AndroidFontMetricsInt(font: font, fontSize: 8)
    #expect(metrics == AndroidFontMetricsInt(top: -13, ascent: -11, descent: 3, bottom: 4, leading: 1))
    // The leading is in the font's spacing, never in a line's height.
    #expect(metrics.lineHeight == 14)
    #expect(metrics.fontSpacing == 15)
  }
}
