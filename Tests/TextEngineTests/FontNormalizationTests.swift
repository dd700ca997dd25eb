import Testing

@testable import TextEngine

/// What HarfBuzz's normalizer draws with a font whose cmap lacks the scalar
/// (`Font.rendersThroughNormalization`), on the bundled primary (Noto Sans CJK SC subset: the
/// basic Greek and Cyrillic letters, U+0301, U+0020, not ύ, і, U+2007, U+FFFD) and Noto Sans
/// Hebrew (U+2010, not U+2011), and the fonts the web and flutter then choose against android's
/// cmap rule.
@Suite struct FontNormalizationTests {
  static let primary = try! BundledFonts.regularChain().primary

  @Test func decompositionsWhosePartsTheFontHasAreDrawn() {
    let font = Self.primary
    for scalar: UInt32 in [0x03CD, 0x03AD, 0x03AF] {  // ύ έ ί: υ ε ι + U+0301
      #expect(!font.covers(Unicode.Scalar(scalar)!))
      #expect(font.rendersThroughNormalization(scalar), "\(String(scalar, radix: 16))")
    }
    // і (U+0456) has no decomposition; U+FFFD neither; a letter the cmap has is not asked about.
    #expect(!font.rendersThroughNormalization(0x0456))
    #expect(!font.rendersThroughNormalization(0xFFFD))
  }

  @Test func spacesOfOtherWidthsAndTheNonBreakingHyphenAreDrawn() throws {
    let font = Self.primary
    for scalar: UInt32 in [0x2007, 0x2009, 0x202F] {
      #expect(!font.covers(Unicode.Scalar(scalar)!), "\(String(scalar, radix: 16))")
      #expect(font.rendersThroughNormalization(scalar), "\(String(scalar, radix: 16))")
    }
    // U+1680 (Ogham space) has no space fallback in HarfBuzz.
    #expect(!font.rendersThroughNormalization(0x1680))
    let hebrew = try #require(
      BundledFonts.regularChain().fonts.first { $0.familyName == "Noto Sans Hebrew" })
    #expect(!hebrew.covers("\u{2011}"))
    #expect(hebrew.rendersThroughNormalization(0x2011))
  }

  @Test func onlyTheWebAndFlutterChooseFontsSo() throws {
    let style = TextStyle(fontSize: 15)
    for (platform, expected) in [
      (TextPlatform.web, "Noto Sans CJK SC"), (.flutter, "Noto Sans CJK SC"), (.android, "Noto Sans"),
    ] {
      let measurer = try BundledFonts.measurer(systemFonts: false, platform: platform)
      for text in ["ύ", "\u{2007}"] {
        let fonts = measurer.clusterFonts(text, style: style).map { $0.font?.familyName }
        #expect(fonts == [expected], "\(platform) \(text.unicodeScalars.first!.value)")
      }
    }
  }
}
