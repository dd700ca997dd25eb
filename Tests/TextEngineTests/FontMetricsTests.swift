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

  @Test func bundledChainsHavePrimaryThenEmoji() throws {
    let regular = try BundledFonts.regularChain()
    let bold = try BundledFonts.boldChain()
    #expect(regular.fonts.map(\.familyName) == ["Noto Sans CJK SC", "Noto Color Emoji"])
    #expect(bold.primary.styleName == "Bold")
    #expect(regular.fonts[1].hasColorGlyphs)
    #expect(!regular.primary.hasColorGlyphs)
  }

  @Test func familyNameResolvesBundledFonts() throws {
    let font = try BundledFonts.font(family: "Noto Color Emoji")
    #expect(font.path.hasSuffix("NotoColorEmoji.ttf"))
    let bold = try BundledFonts.font(family: "noto sans cjk sc", weight: .bold)
    #expect(bold.styleName == "Bold")
  }
}
