import Foundation
import Testing

@testable import TextEngine

/// Marks after a space (ZWNJ, ZWJ, combining marks: Grapheme_Cluster_Break Extend) are in the
/// space's grapheme cluster, which Chromium and SkParagraph never split: UAX #14's LB10 breaks
/// between the space and the marks (they become a letter), the clients after the marks
/// (`d \u{200C}|cd`), whatever follows, and the cluster hangs as a space. Format controls that
/// UAX #14 also counts as marks (U+200E, U+2060) are not in the cluster: Chromium breaks before
/// them. `corpus/space-marks.oracles.jsonl`: 18 texts, Chromium 156's and skia-python 144's breaks
/// at 20–119 px (the multi-script chain, 15 px).
@Suite struct SpaceMarksTests {
  static func mismatches(platform: TextPlatform, engine: String) throws -> [String] {
    let fonts = try FontSelection(regular: MultiscriptCorpusTests.families).resolve()
    let measurer = TextMeasurer(
      regular: fonts.regular, bold: fonts.bold, systemFonts: false, platform: platform)
    var mismatches: [String] = []
    for row in try Fixtures.jsonLines("corpus/space-marks.oracles.jsonl") {
      let id = row["id"] as! String
      let prepared = try measurer.prepare(row["text"] as! String, style: MultiscriptCorpusTests.style)
      let oracle = (row[engine] as! [String: Any])["breaks"] as! [String: [Int]]
      for (width, breaks) in oracle.sorted(by: { Int($0.key)! < Int($1.key)! }) {
        if try prepared.layout(width: Double(width)!).breaks != breaks { mismatches.append("\(id)@\(width)") }
      }
    }
    return mismatches
  }

  /// 604 of 612 layouts (183 differed before; two more with the hyphen a line ending at a soft
  /// hyphen holds, `WebSoftHyphens`). Left: `d\u{200C} ` at 68 px (sm06, ZWNJ before the space), a
  /// space after the marks (sm07: Chromium breaks between the ZWNJ and it), a soft hyphen after a
  /// space (sm11@38), and a nukta after a space (sm14, whose lines Chromium sets narrower).
  @Test func webBreaksAreChromiums() throws {
    let mismatches = try Self.mismatches(platform: .web, engine: "chromium")
    #expect(
      mismatches == [
        "sm06@68", "sm07@20", "sm07@35", "sm11@38", "sm14@23", "sm14@26", "sm14@35", "sm14@38",
      ])
  }

  /// 565 of 612 layouts (192 differed before). Left: words too long for lines of 26–38 px after
  /// the marks, where SkParagraph's glyph count begins them otherwise (sm00–sm04, sm12, sm13),
  /// a space after the marks (sm07), what SkParagraph keeps with a space besides marks: U+200B,
  /// U+2060, U+200E, a soft hyphen (sm08–sm11), and the nukta after a space (sm14).
  @Test func flutterBreaksAreSkParagraphs() throws {
    let mismatches = try Self.mismatches(platform: .flutter, engine: "skia")
    #expect(
      mismatches == [
        "sm00@26", "sm00@29", "sm01@26", "sm01@29", "sm02@26", "sm02@29", "sm03@26", "sm03@29", "sm04@26",
        "sm04@29", "sm07@20", "sm07@35", "sm08@20", "sm08@35", "sm09@20", "sm09@35", "sm10@20", "sm10@23",
        "sm10@32", "sm10@35", "sm10@38", "sm10@41", "sm10@44", "sm10@47", "sm10@50", "sm10@53", "sm10@56",
        "sm10@59", "sm10@62", "sm10@65", "sm10@68", "sm11@20", "sm11@35", "sm12@38", "sm13@26", "sm14@20",
        "sm14@23", "sm14@26", "sm14@29", "sm14@32", "sm14@35", "sm14@38", "sm14@41", "sm14@44", "sm14@47",
        "sm14@50", "sm14@53",
      ])
  }

  /// A paragraph of one span takes a space with marks after it as trailing whitespace as plain
  /// text does (the spans' content ends read each grapheme's scalars, `isTrailingWhitespace(cluster:)`;
  /// fuzz findings `Fuzz/Corpus/attributed/crash-space-mark-*`: a span ` \u{0741}` broke where
  /// its plain text did not, on every platform).
  @Test(arguments: TextPlatform.allCases)
  func aSpanWithMarksAfterASpaceBreaksAsItsPlainText(platform: TextPlatform) throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: platform)
    let style = TextStyle(fontSize: 15, lineHeight: .fixed(21))
    for text in [
      " \u{0741}", " \u{FE0F}x", "ab \u{094D}cd", "ab \u{0611}cd ef", "abcd \u{200C}cdef ghij",
      "中文 \u{200D}中文",
    ] {
      let plain = try measurer.prepare(text, style: style)
      let spans = try measurer.prepare([TextSpan(text, style: style)])
      for width in [4.0, 10, 20, 30, 45, 80] {
        let plainLayout = try plain.layout(width: width)
        let spansLayout = try spans.layout(width: width)
        #expect(spansLayout.breaks == plainLayout.breaks, "\(platform) \(text.debugDescription) \(width)")
        #expect(spansLayout.height == plainLayout.height, "\(platform) \(text.debugDescription) \(width)")
      }
    }
  }
}
