import Testing

@testable import TextEngine

/// Chromium 156's ICU keeps a word-initial hyphen with the letter after it (LB20a) for Unicode
/// 16's hyphens: `-`, U+2010 and the figure and en dashes and the other unambiguous hyphens
/// (U+058A, U+05BE, U+1400, U+2012, U+2013, U+2E17, U+2E40, U+2E5D), at a text's start and
/// after a space or a no-break space (`corpus/dashes.oracles.jsonl`: 22 dashes, each at a
/// text's start, after a space, after a no-break space, after a letter and after `(`, before
/// Latin, Cyrillic, Greek and Hebrew letters, `@`, digits and a combining mark, at 30 and 45 px).
@Suite struct WebWordInitialHyphensTests {
  /// 211 of 860 layouts differed before (U+2010 and `-` alone were word-initial hyphens). A
  /// dash that starts a line inside a word cut between graphemes (`xyz|–abc`) is word-initial
  /// there too (Blink's break iterator starts at the line). Left: U+058A starting such a line
  /// (the scan looks for `-` and U+2010…U+2013 only), and a hyphen with a combining mark before
  /// the letter (`-\u{301}abc`), which ICU keeps as the hyphen (LB9).
  @Test func webBreaksAsChromium() throws {
    let (differing, count) = try FixtureBreaks.differing(
      in: "corpus/dashes.oracles.jsonl", platform: .web, engine: "chromium")
    #expect(count == 860)
    #expect(Set(differing) == Self.webMismatches)
  }

  static let webMismatches: Set<String> = [
    "dsh152@30", "dsh155@30", "dsh161@30", "dsh164@30", "dsh226@30", "dsh226@45", "dsh227@30", "dsh227@45",
    "dsh228@45", "dsh246@30", "dsh246@45", "dsh247@30", "dsh247@45", "dsh248@45", "dsh266@30", "dsh266@45",
    "dsh267@30", "dsh267@45", "dsh268@45", "dsh286@30", "dsh286@45", "dsh287@30", "dsh287@45", "dsh288@45",
    "dsh386@30", "dsh386@45", "dsh387@30", "dsh387@45", "dsh388@45", "dsh406@30", "dsh406@45", "dsh407@30",
    "dsh407@45", "dsh408@45", "dsh426@30", "dsh426@45", "dsh427@30", "dsh427@45", "dsh428@45",
  ]

  /// SkParagraph (ICU 74) keeps Unicode 15.1's hyphens alone, `-` and U+2010, as before. Left
  /// (not modelled): SkParagraph breaks after such a hyphen before a Hebrew letter or `@` after
  /// a space or no-break space (`xy -שלום`), but not at a text's start; and U+1806 with a
  /// combining mark after a space.
  @Test func flutterBreaksAsSkParagraph() throws {
    let (differing, count) = try FixtureBreaks.differing(
      in: "corpus/dashes.oracles.jsonl", platform: .flutter, engine: "skia")
    #expect(count == 860)
    #expect(Set(differing) == Self.flutterMismatches)
  }

  static let flutterMismatches: Set<String> = [
    "dsh013@30", "dsh013@45", "dsh028@30", "dsh028@45", "dsh307@45", "dsh380@45", "dsh383@30", "dsh383@45",
    "dsh384@45", "dsh400@45", "dsh403@30", "dsh403@45", "dsh404@45",
  ]

  /// Fuzz findings (helper run at 02bfdcc, `Fuzz/Findings/attributed/web-join-*`), each the
  /// same as plain text and as one span: a dash cut alone from the letter it is joined with
  /// (`s|–|t`) is as wide as the dash reshaped alone (8.046875 px, not 7.609375 with its kerning
  /// to `t`: Blink cuts the joined word there); a joined dash whose segment ends with a soft
  /// hyphen whose hyphen does not fit is cut in the room less the hyphen (`xyz|–|a\u{AD}bc`, plain
  /// text took `–a\u{AD}` at 31.5 px, over 24), as is the older join of a hyphen before digits;
  /// a line that starts at a segment of one hyphen (after `-` or `?`, where the text breaks
  /// before it) keeps it with the letters after it (`Na-|-ж|жж`).
  @Test func joinedDashesBreakAlikeAsSpansAndPlainText() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .web)
    let style = TextStyle(fontSize: 15)
    for (text, width, breaks, dashLine) in [
      ("s\u{2013}t", 12.5, [1, 2], 1), ("AV\u{2013}Te", 14.0, [1, 2, 3, 4], 2),
      ("xyz\u{2013}a\u{AD}bc", 24.0, [3, 4, 6], 1), ("xyz\u{2013}a\u{AD}", 24.0, [3, 4], 1),
      ("xyz-1\u{AD}bc", 24.0, [3, 4, 6], -1), ("Na--\u{436}\u{436}\u{436}", 25.0, [3, 5], -1),
      ("Na?-\u{436}\u{436}\u{436}", 28.0, [3, 6], -1),
    ] {
      let plain = try measurer.prepare(text, style: style).layout(width: width)
      let spans = try measurer.prepare([TextSpan(text, style: style)], paragraph: nil, truncationToken: nil)
        .layout(width: width)
      #expect(plain.breaks == breaks, "\(text)")
      #expect(spans.breaks == breaks, "\(text)")
      #expect(plain.lines.map(\.width) == spans.lines.map(\.width), "\(text)")
      #expect(plain.lines.allSatisfy { $0.width <= width }, "\(text)")
      if dashLine >= 0 { #expect(plain.lines[dashLine].width == 8.046875, "\(text)") }
    }
  }

  @Test func unicode16HyphensAreWordInitialOnTheWeb() throws {
    let measurer = try PlatformCorpusTests.measurer(chain: ["Noto Sans"], platform: .web)
    let style = TextStyle(fontSize: 15, lineHeight: .fixed(21))
    for dash in ["\u{2013}", "\u{2012}", "\u{2E17}"] {
      // `xy –abcdefghijklmnop` at 45 px: the dash starts the word's line, not the end of `xy`'s.
      #expect(
        try measurer.prepare("xy \(dash)abcdefghijklmnop", style: style).layout(width: 45).breaks.first == 3)
    }
    for scalar: UInt32 in [0x2D, 0x058A, 0x05BE, 0x1400, 0x2010, 0x2012, 0x2013, 0x2E17, 0x2E40, 0x2E5D] {
      #expect(LineBreaker.isUnicode16Hyphen(scalar))
    }
    for scalar: UInt32 in [0x2011, 0x2014, 0x2015, 0x2212, 0xFE63, 0xFF0D, 0x1806, 0xAD] {
      #expect(!LineBreaker.isUnicode16Hyphen(scalar))
    }
  }
}
