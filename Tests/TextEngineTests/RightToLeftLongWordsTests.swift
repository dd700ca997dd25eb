import Testing

@testable import TextEngine

/// Words too long for a line in right-to-left text, glued to brackets, digits, Latin and
/// punctuation (`corpus/rtl-long-words.oracles.jsonl`: 240 generated Arabic, Persian and Hebrew
/// texts at 21 widths from 80 to 200 px), broken as Chromium and SkParagraph break them.
@Suite struct RightToLeftLongWordsTests {
  /// The layouts (`id@width`) whose breaks differ from `engine`'s on `platform`.
  func differing(platform: TextPlatform, engine: String) throws -> [String] {
    let (differing, count) = try FixtureBreaks.differing(
      in: "corpus/rtl-long-words.oracles.jsonl", platform: platform, engine: engine)
    #expect(count == 5_040)
    return differing
  }

  /// SkParagraph's count of a too-long word's glyphs in runs of SkShaper's bidi regions
  /// (`FlutterTooLongWords`), with the paragraph at level 0 and script runs per bidi run:
  /// 319 layouts differed before (the count fell back to two graphemes fitting).
  @Test func flutterBreaksAsSkParagraph() throws {
    #expect(
      try differing(platform: .flutter, engine: "skia") == [
        "rlw139@140", "rlw139@146", "rlw230@158", "rlw230@164",
      ])
  }

  /// A cut word's piece, or a word alone on its line, over several bidi items fits once its
  /// items' parts are snapped (13 layouts differed before; what is left breaks one grapheme
  /// later than Chromium).
  @Test func webBreaksAsChromium() throws {
    #expect(
      try differing(platform: .web, engine: "chromium") == [
        "rlw053@128", "rlw078@164", "rlw101@86", "rlw151@152", "rlw159@146", "rlw159@80", "rlw183@140",
        "rlw221@122", "rlw234@128",
      ])
  }
}
