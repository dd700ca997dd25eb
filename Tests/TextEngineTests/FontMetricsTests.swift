import Foundation
import Testing
import TextEngine

/// Vertical metrics read by the engine against the values fontTools reads from the same files
/// (Tests/Fixtures/font-metrics.json, made by Scripts/make-font-fixtures.py).
@Suite struct FontMetricsTests {
  static func fixtureFonts() throws -> [[String: Any]] {
    (try Fixtures.json("font-metrics.json") as! [String: Any])["fonts"] as! [[String: Any]]
  }

  static let fileNames = ["NotoSansCJKsc-Regular.otf", "NotoSansCJKsc-Bold.otf", "NotoColorEmoji.ttf"]

  @Test(arguments: fileNames)
  func metricsMatchFontTools(fileName: String) throws {
    let fixture = try #require(try Self.fixtureFonts().first { $0["file"] as? String == fileName })
    let font = try Font(
      path: Fixtures.fontsDirectory + "/" + fileName, faceIndex: fixture["faceIndex"] as! Int)
    let hhea = fixture["hhea"] as! [String: Int]
    let os2 = fixture["os2"] as! [String: Any]
    #expect(font.metrics.unitsPerEm == fixture["unitsPerEm"] as! Int)
    #expect(font.metrics.glyphCount == fixture["numGlyphs"] as! Int)
    #expect(font.metrics.ascender == hhea["ascender"])
    #expect(font.metrics.descender == hhea["descender"])
    #expect(font.metrics.lineGap == hhea["lineGap"])
    #expect(font.metrics.typoAscender == os2["sTypoAscender"] as? Int)
    #expect(font.metrics.typoDescender == os2["sTypoDescender"] as? Int)
    #expect(font.metrics.typoLineGap == os2["sTypoLineGap"] as? Int)
    #expect(font.metrics.winAscent == os2["usWinAscent"] as? Int)
    #expect(font.metrics.winDescent == os2["usWinDescent"] as? Int)
    #expect(font.metrics.xHeight == os2["sxHeight"] as? Int)
    #expect(font.metrics.capHeight == os2["sCapHeight"] as? Int)
    #expect(font.metrics.useTypoMetrics == os2["useTypoMetrics"] as? Bool)
    #expect(font.familyName == fixture["familyName"] as? String)
  }

  @Test func naturalLineHeightOfTheCJKFaceAt15Points() throws {
    // hhea 1160 / −288 / 0 at 1000 upem: (1160 + 288) × 15 / 1000.
    let metrics = try BundledFonts.regularChain().primary.metrics(atPointSize: 15)
    #expect(abs(metrics.naturalLineHeight - 21.72) < 1e-12)
    #expect(abs(metrics.ascender - 17.4) < 1e-12)
    #expect(abs(metrics.descender + 4.32) < 1e-12)
  }

  @Test func bundledChainsHaveTheCJKPrimaryThenScriptsThenEmoji() throws {
    let regular = try BundledFonts.regularChain()
    let bold = try BundledFonts.boldChain()
    let families = [
      "Noto Sans CJK SC", "Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Thai",
      "Noto Sans Devanagari", "Noto Color Emoji",
    ]
    #expect(regular.fonts.map(\.familyName) == families)
    #expect(bold.fonts.map(\.familyName) == families)
    #expect(regular.fonts.dropLast().allSatisfy { $0.styleName == "Regular" })
    #expect(bold.fonts.dropLast().allSatisfy { $0.styleName == "Bold" })
    #expect(regular.fonts.last === bold.fonts.last)
    #expect(regular.fonts.map(\.hasColorGlyphs) == [false, false, false, false, false, false, true])
  }

  /// Latin incl. Vietnamese, Greek, Cyrillic, Arabic/Persian, Hebrew, Thai, Devanagari, Chinese,
  /// kana, kanji, Hangul and emoji: a letter of each has a glyph in both bundled chains.
  @Test(arguments: [
    "Việt Nam", "Ελληνικά ά", "Українська ї ґ", "العربية", "فارسی پ", "עברית", "ภาษาไทย", "हिन्दी",
    "中文字体", "ひらがな カタカナ", "漢字 鬱", "한국어 똠", "👩‍👩‍👧 🇯🇵 1️⃣",
  ])
  func bundledChainsCoverTheCommonScripts(text: String) throws {
    let measurer = try BundledFonts.measurer(systemFonts: false)
    for weight in FontWeight.allCases {
      let prepared = try measurer.prepare(text, style: TextStyle(fontSize: 15, weight: weight))
      #expect(prepared.missingGlyphs == 0, "\(weight)")
    }
  }

  @Test func familyNameResolvesBundledFonts() throws {
    let font = try BundledFonts.font(family: "Noto Color Emoji")
    #expect(font.path.hasSuffix("NotoColorEmoji.ttf"))
    let bold = try BundledFonts.font(family: "noto sans cjk sc", weight: .bold)
    #expect(bold.styleName == "Bold")
  }
}
