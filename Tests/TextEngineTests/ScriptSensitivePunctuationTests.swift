import Foundation
import Testing

@testable import TextEngine

/// Punctuation a font shapes by script (`Font.scriptSensitivePunctuation`): Noto Sans CJK SC, the
/// bundled CJK font, sets `…` 1,059 units wide in a Latin run and 1,000 in a Han one. Chromium
/// and SkParagraph shape a segment's leading Common characters in the run they continue (`OK …`:
/// Latin), where the engine shaped a segment of Common characters in the Common script
/// (`corpus/script-sensitive-punctuation.oracles.jsonl`: 101 texts with `…` after Latin,
/// digits, Cyrillic, Han, kana and brackets).
@Suite struct ScriptSensitivePunctuationTests {
  static let style = TextStyle(fontSize: 15, lineHeight: .fixed(21))

  static func rows() throws -> [[String: Any]] {
    try Fixtures.jsonLines("corpus/script-sensitive-punctuation.oracles.jsonl")
  }

  /// The bundled CJK font's `…` is the only General Punctuation it sets by script; the Latin
  /// font sets none so.
  @Test func theBundledCJKFontSetsTheEllipsisByScript() throws {
    let chain = try BundledFonts.regularChain()
    let cjk = try #require(chain.fonts.first { $0.familyName == "Noto Sans CJK SC" })
    #expect(cjk.scriptSensitivePunctuation == [0x2026])
    let latin = try #require(chain.fonts.first { $0.familyName == "Noto Sans" })
    #expect(latin.scriptSensitivePunctuation.isEmpty)
  }

  /// Line widths and breaks as Chromium's. The texts that differ start with spaces: Chromium's
  /// line is 1/64 px wider there, with or without the ellipsis (`" 好好"` too).
  @Test func webLinesAreChromiums() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .web)
    var widthMismatches: Set<String> = []
    var breakMismatches: Set<String> = []
    for row in try Self.rows() {
      let id = row["id"] as! String
      let prepared = try measurer.prepare(row["text"] as! String, style: Self.style)
      let chromium = row["chromium"] as! [String: Any]
      let widths = try prepared.layout(width: 1_000).lines.map(\.width)
      let expected = chromium["lineWidths"] as! [Double]
      if widths.count != expected.count || zip(widths, expected).contains(where: { abs($0 - $1) > 0.0006 }) {
        widthMismatches.insert(id)
      }
      for (width, breaks) in chromium["breaks"] as! [String: [Int]] {
        let starts = try prepared.layout(width: Double(width)!).lines.dropFirst().map(
          \.scalarRange.lowerBound)
        if starts != breaks { breakMismatches.insert("\(id)@\(width)") }
      }
    }
    #expect(widthMismatches == ["ssp007", "ssp033", "ssp036", "ssp038", "ssp045", "ssp061", "ssp062"])
    #expect(breakMismatches.isEmpty)
  }

  /// Longest lines and breaks as SkParagraph's (whose widths are sums in `float`).
  @Test func flutterLinesAreSkParagraphs() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .flutter)
    var mismatches: Set<String> = []
    for row in try Self.rows() {
      let id = row["id"] as! String
      let prepared = try measurer.prepare(row["text"] as! String, style: Self.style)
      let skia = row["skia"] as! [String: Any]
      let longest = try prepared.layout(width: 1_000).lines.map(\.width).max() ?? 0
      if abs(longest - (skia["longestLine"] as! Double)) > 0.003 { mismatches.insert(id) }
      for (width, breaks) in skia["breaks"] as! [String: [Int]] {
        let starts = try prepared.layout(width: Double(width)!).lines.dropFirst().map(
          \.scalarRange.lowerBound)
        if starts != breaks { mismatches.insert("\(id)@\(width)") }
      }
    }
    #expect(mismatches.isEmpty)
  }

  /// Only texts with General Punctuation are looked at (decoding notes it), and only segments
  /// whose leading Common
  /// characters hold the ellipsis take their run's script: `OK “好”` (quotes the font sets alike
  /// in every script) keeps its segments' own, and `好 …` takes Han, as wide as Common.
  @Test func onlySegmentsLeadingWithTheEllipsisTakeTheRunsScript() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .web)
    #expect(!DecodedText("OK ... next").hasGeneralPunctuation)
    #expect(DecodedText("OK … next").hasGeneralPunctuation)
    #expect(DecodedText("“").hasGeneralPunctuation)
    #expect(!DecodedText("\u{2070}\u{1FFF}").hasGeneralPunctuation)
    let latin = try measurer.prepare("OK …", style: Self.style).layout(width: 1_000).lines[0].width
    let han = try measurer.prepare("好 …", style: Self.style).layout(width: 1_000).lines[0].width
    // OK (742 + 646 units) and a space (224), then … in a Latin run (1,059), rounded up to 1/64 px.
    #expect(latin == (Double(742 + 646 + 224 + 1_059) * 15 / 1_000 * 64).rounded(.up) / 64)
    #expect(han == (Double(1_000 + 224 + 1_000) * 15 / 1_000 * 64).rounded(.up) / 64)
  }
}
