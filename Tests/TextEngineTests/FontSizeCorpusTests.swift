import Foundation
import Testing
import TextEngine

/// The visible corpora's other tests are at 15 px; these are 400 of their texts (200 feed, 200
/// multi-script) at other font sizes, against Chromium 156's and SkParagraph's (skia-python
/// 144.1) own answers with the bundled defaults' fonts in their order
/// (`corpus/font-sizes.oracles.jsonl`): paragraph heights at 12, 13, 14, 17 and 20 px in each
/// line-height mode at 150/170/343 px, and line breaks at 11, 13, 16 and 17 px (fixed line
/// heights 16, 19, 22 and 24 px) at 97, 123, 211.5 and 288 px.
///
/// Each list of differences is exact: any change, better or worse, fails until it is updated.
@Suite struct FontSizeCorpusTests {
  static let fixture = "corpus/font-sizes.oracles.jsonl"
  static let modes: [(name: String, lineHeight: LineHeight)] = [
    ("normal", .natural), ("1.3", .fontSizeMultiple(1.3)), ("20px", .fixed(20)),
  ]
  static let heightSizes = ["12", "13", "14", "17", "20"]
  static let heightWidths = ["150", "170", "343"]
  /// Font size → the fixed line height the breaks were read with.
  static let breakSizes: [(size: String, lineHeight: Double)] = [
    ("11", 16), ("13", 19), ("16", 22), ("17", 24),
  ]
  static let breakWidths = ["97", "123", "211.5", "288"]

  /// Every layout of a platform: the heights that differ from `engine`'s by more than 1/128 px
  /// (`id@size/mode@width`), the breaks that differ (`id@size@width`), and how many of each.
  static func differences(platform: TextPlatform, engine: String) throws -> (
    heights: [String], breaks: [String], heightCount: Int, breakCount: Int
  ) {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: platform)
    var heights: [String] = []
    var breaks: [String] = []
    var heightCount = 0
    var breakCount = 0
    for row in try Fixtures.jsonLines(fixture) {
      let id = row["id"] as! String
      let text = row["text"] as! String
      let heightAnswers = row["heights"] as! [String: [String: [String: [String: Double]]]]
      for size in heightSizes {
        for mode in modes {
          let prepared = try measurer.prepare(
            text, style: TextStyle(fontSize: Double(size)!, lineHeight: mode.lineHeight))
          for width in heightWidths {
            heightCount += 1
            let expected = heightAnswers[size]![mode.name]![width]![engine]!
            if abs(try prepared.measure(width: Double(width)!).height - expected) > 1.0 / 128 {
              heights.append("\(id)@\(size)/\(mode.name)@\(width)")
            }
          }
        }
      }
      let breakAnswers = row["breaks"] as! [String: [String: [String: [Int]]]]
      let scalars = text.unicodeScalars.count
      for (size, lineHeight) in breakSizes {
        let prepared = try measurer.prepare(
          text, style: TextStyle(fontSize: Double(size)!, lineHeight: .fixed(lineHeight)))
        for width in breakWidths {
          breakCount += 1
          // (The oracles report no start for the empty line after a final hard break.)
          let layout = try prepared.layout(width: Double(width)!).breaks.filter { $0 < scalars }
          if layout != breakAnswers[size]![width]![engine]! { breaks.append("\(id)@\(size)@\(width)") }
        }
      }
    }
    return (heights, breaks, heightCount, breakCount)
  }

  /// Web heights and breaks are Chromium's on all 18,000 and 6,400 layouts. (Eight breaks were
  /// not before the engine reshaped a cut word's end: words cut between graphemes inside a
  /// kerning pair, `DLLVM_POL|LY` at 16 px and 97 px, where Blink's piece loses the pair's
  /// kerning and steps back a grapheme once it no longer fits; `View.cutKerning`.)
  @Test func webAtOtherFontSizesIsChromium() throws {
    let result = try Self.differences(platform: .web, engine: "chromium")
    #expect(result.heightCount == 18_000)
    #expect(result.breakCount == 6_400)
    #expect(result.heights == [])
    #expect(result.breaks == [])
  }

  /// Flutter heights are SkParagraph's on all 18,000 layouts; breaks on 6,396 of 6,400. The
  /// others: a left-to-right embedding (U+202A) after a space, which SkParagraph's answer puts
  /// at the end of the line before, and one emoji at a tie (`Docs/Platforms.md`).
  @Test func flutterAtOtherFontSizesIsSkParagraph() throws {
    let result = try Self.differences(platform: .flutter, engine: "skia")
    #expect(result.heightCount == 18_000)
    #expect(result.breakCount == 6_400)
    #expect(result.heights == [])
    #expect(result.breaks == ["c01750@11@211.5", "mv01169@13@97", "mv01169@16@123", "mv01169@17@123"])
  }
}
