import Testing

@testable import TextEngine

/// Blink hangs only the space and the ideographic space at a line's end; a thin space (U+2009)
/// and the other space separators take room there, and where only the word before one fits, the
/// line is cut before it (`corpus/space-separators.oracles.jsonl`: 30 generated texts with thin
/// and ideographic spaces at 16 widths from 60 to 240 px, and `abcd efgh?ijkl` with each of 14
/// space separators at 66–80 px).
@Suite struct WebSpaceSeparatorsTests {
  /// 40 of 620 layouts differed before.
  @Test func webBreaksAsChromium() throws {
    let (differing, count) = try FixtureBreaks.differing(
      in: "corpus/space-separators.oracles.jsonl", platform: .web, engine: "chromium")
    #expect(count == 620)
    #expect(differing.isEmpty)
  }

  /// SkParagraph hangs them all, as before (one layout of a word too long for a 60 px line
  /// after a thin space, which SkParagraph begins on a line of its own).
  @Test func flutterBreaksAsSkParagraph() throws {
    let (differing, count) = try FixtureBreaks.differing(
      in: "corpus/space-separators.oracles.jsonl", platform: .flutter, engine: "skia")
    #expect(count == 480)
    #expect(differing == ["sps025@60"])
  }

  /// `abcd efgh\u{2009}ijkl`: the thin space counts in the line (74 px), the space does not
  /// (72 px).
  @Test func aThinSpaceTakesRoomAtTheLineEnd() throws {
    let measurer = try PlatformCorpusTests.measurer(chain: ["Noto Sans"], platform: .web)
    let style = TextStyle(fontSize: 15, lineHeight: .fixed(21))
    #expect(try measurer.prepare("abcd efgh ijkl", style: style).layout(width: 72).breaks == [10])
    let thin = try measurer.prepare("abcd efgh\u{2009}ijkl", style: style)
    #expect(try thin.layout(width: 72).breaks == [5])
    #expect(try thin.layout(width: 74).breaks == [10])
  }

  @Test func otherSpaceSeparatorsAreTheOnesThatHangElsewhere() {
    for scalar: UInt32 in [0x1680, 0x2000, 0x2006, 0x2008, 0x2009, 0x200A, 0x205F] {
      #expect(UnicodeProperties.isTrailingWhitespace(scalar))
      #expect(!UnicodeProperties.isTrailingWhitespace(scalar, hangsOtherSpaces: false))
    }
    for scalar: UInt32 in [0x20, 0x09, 0x3000, 0x0A, 0x2028] {
      #expect(UnicodeProperties.isTrailingWhitespace(scalar, hangsOtherSpaces: false))
    }
    #expect(!UnicodeProperties.isTrailingWhitespace(0x2007, hangsOtherSpaces: true))
  }
}
