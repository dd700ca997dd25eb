import Testing

@testable import TextEngine

/// Blink's rules that are not line heights: here, a word broken between grapheme clusters
/// inside a ligature. Expected breaks are Chromium 156's (`chromium_lines.py`, Noto Sans alone,
/// 15 px, `overflow-wrap: break-word`), at widths on both sides of where the ligature's first
/// half (Noto Sans's `ff`, 688 units, 344 a half) ends: 122.19 px of prefix, 127.35 with the
/// first `f`, 132.51 with both.
struct WebTextRulesTests {
  static let word = "abcdefghijklmndiffopqrstuvwxyzabcdefghijklmnop"

  static func lineStarts(_ platform: TextPlatform, width: Double) throws -> [Int] {
    let measurer = try PlatformCorpusTests.measurer(chain: ["Noto Sans"], platform: platform)
    let layout = try measurer.layout(
      word, style: TextStyle(fontSize: 15, lineHeight: .fixed(21)), width: width)
    return layout.lines.dropFirst().map(\.scalarRange.lowerBound)
  }

  @Test(arguments: [
    (121.69, [15, 31]), (127.29, [16, 32]), (127.39, [17, 32]), (129.19, [17, 33]), (132.49, [17, 33]),
    (132.59, [18, 34]),
  ])
  func aWordBreaksInsideALigatureAsChromiumBreaksIt(width: Double, chromium: [Int]) throws {
    #expect(try Self.lineStarts(.web, width: width) == chromium)
  }

  @Test func otherPlatformsKeepALigatureWhole() throws {
    // The ligature's advance stays on its first `f`: nothing breaks between the two.
    #expect(!FlutterTextRules.splitsLigatures && !IOSTextRules.splitsLigatures)
    #expect(try Self.lineStarts(.ios, width: 127.39).first == 16)
  }
}
