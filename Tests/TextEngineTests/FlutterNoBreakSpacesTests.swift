import Testing

@testable import TextEngine

/// A no-break space inside a word too long for any line is a break of last resort in
/// SkParagraph (`FlutterNoBreakSpaces`), and an ordinary character in Blink
/// (`corpus/no-break-spaces.oracles.jsonl`: 60 generated English and Russian texts with U+00A0
/// or U+202F between words, at 16 widths from 60 to 240 px).
@Suite struct FlutterNoBreakSpacesTests {
  /// `о списков\u{A0}их` at 60 px: the word waits for the next line, where it ends after the
  /// space (`о ` | `списков\u{A0}` | `их`); 126 layouts differed before.
  @Test func flutterBreaksAsSkParagraph() throws {
    let (differing, count) = try FixtureBreaks.differing(
      in: "corpus/no-break-spaces.oracles.jsonl", platform: .flutter, engine: "skia")
    #expect(count > 900)
    #expect(differing == ["nbs006@120"])
  }

  /// `не файл\u{202F}снизу` at 60 px: the line ends after the no-break space that does not fit
  /// (SkParagraph: `не файл\u{202F}` | `снизу`), and a hard break after the word still ends the
  /// next line, in plain text and spans.
  @Test func theRestOfTheWordLeadsTheNextLineUpToAHardBreak() throws {
    let chain = [
      "Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Thai", "Noto Sans Devanagari",
    ]
    let measurer = try PlatformCorpusTests.measurer(chain: chain, platform: .flutter)
    let style = TextStyle(fontSize: 15, lineHeight: .fixed(21))
    let text = "не файл\u{202F}снизу\nвот"
    #expect(try measurer.prepare(text, style: style).layout(width: 60).breaks == [8, 14])
    let spans = try measurer.prepare([TextSpan(text, style: style)], paragraph: nil, truncationToken: nil)
    #expect(try spans.layout(width: 60).breaks == [8, 14])
  }

  @Test func webBreaksAsChromium() throws {
    let (differing, count) = try FixtureBreaks.differing(
      in: "corpus/no-break-spaces.oracles.jsonl", platform: .web, engine: "chromium")
    #expect(count == 960)
    #expect(differing.isEmpty)
  }

  /// The decision alone: a space before which the word fits a line, from the first grapheme
  /// that does not fit on; the line ends after it when it is that grapheme.
  @Test func theLastSpaceWithinTheLineDecides() {
    let widths: [Double] = [10, 10, 10, 2, 10, 10, 2, 10, 10]
    let spaces: Set<Int> = [3, 6]
    func decide(after lead: Double, limit: Double) -> FlutterNoBreakSpaces.Break {
      FlutterNoBreakSpaces.decide(
        from: 0, to: widths.count, after: lead, limit: limit, width: { widths[$0] },
        isNoBreakSpace: spaces.contains)
    }
    #expect(decide(after: 0, limit: 30) == .endsAfter(grapheme: 3))
    #expect(decide(after: 20, limit: 40) == .waits)
    #expect(decide(after: 0, limit: 53) == .endsAfter(grapheme: 6))
    #expect(decide(after: 0, limit: 25) == .none)
  }
}
