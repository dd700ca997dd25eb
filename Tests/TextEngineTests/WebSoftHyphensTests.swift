import Testing

@testable import TextEngine

/// A line ending at a soft hyphen ends with a hyphen Blink counts (`WebSoftHyphens`), and
/// shaping passes over soft hyphens (`corpus/soft-hyphens.oracles.jsonl`: 180 German, English,
/// Russian, Ukrainian and Greek texts hyphenated by dictionary and 20 edge cases, at 16 widths
/// from 60 to 240 px).
@Suite struct WebSoftHyphensTests {
  static let chain = ["Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans CJK SC"]
  static let style = TextStyle(fontSize: 15, lineHeight: .fixed(21))

  static func prepared(_ text: String, platform: TextPlatform = .web) throws -> PreparedText {
    try PlatformCorpusTests.measurer(chain: chain, platform: platform).prepare(text, style: style)
  }

  /// 784 layouts differed before; what is left is right-to-left text with soft hyphens (Blink's
  /// items there are not modelled) and a soft hyphen before a hyphen-minus (`te\u{AD}-Ver`).
  @Test func webBreaksAsChromium() throws {
    let (differing, count) = try FixtureBreaks.differing(
      in: "corpus/soft-hyphens.oracles.jsonl", platform: .web, engine: "chromium")
    #expect(count == 3200)
    #expect(
      differing == [
        "shy189@192", "shy189@228", "shy189@60", "shy189@84", "shy190@108", "shy190@120", "shy190@132",
        "shy190@144", "shy190@156", "shy190@168", "shy190@60", "shy190@72", "shy190@84", "shy192@60",
      ])
  }

  /// `text-wrap-style`: a candidate at a soft hyphen ends with the hyphen and has the hyphen's
  /// penalty, the orphans penalty goes back over such candidates, `pretty` optimizes where the
  /// two lines before the last end with hyphens, and `balance` bisects with the line finder.
  /// Left: the greedy lines' differences (right-to-left texts, a soft hyphen before a
  /// hyphen-minus) and one layout each (`shy106@120`, `shy199@84`); 1,425 and 571 layouts
  /// differed before.
  @Test(arguments: [TextWrap.balance, .pretty])
  func webWrapStylesBreakAsChromium(_ wrap: TextWrap) throws {
    let (differing, count) = try FixtureBreaks.differing(
      in: "corpus/soft-hyphens.oracles.jsonl", platform: .web, engine: "chromium-\(wrap.rawValue)",
      textWrap: wrap, spansBreakAsPlainText: true)
    #expect(count == 3200)
    let bidiAndHyphenMinus = [
      "shy189@192", "shy189@228", "shy189@60", "shy189@84", "shy190@108", "shy190@120", "shy190@132",
      "shy190@144", "shy190@156", "shy190@168", "shy190@60", "shy190@72", "shy190@84", "shy192@60",
    ]
    switch wrap {
    case .balance:
      #expect(
        differing == [
          "shy106@120", "shy189@60", "shy190@144", "shy190@156", "shy190@60", "shy190@72", "shy190@84",
          "shy192@60",
        ])
    default:
      #expect(differing == (bidiAndHyphenMinus + ["shy199@84"]).sorted())
    }
  }

  /// SkParagraph draws no hyphen, and keeps the kerning across a soft hyphen on the cluster
  /// before it (32 layouts differed before). Left: a soft hyphen inside a ligature (`of\u{AD}fice`
  /// shapes `ffi` across it, and SkParagraph does not break inside a cluster: shy106) and one
  /// after a space (shy196, likely `skia_lines.py`'s zero-width artifact).
  @Test func flutterBreaksAsSkParagraph() throws {
    let (differing, count) = try FixtureBreaks.differing(
      in: "corpus/soft-hyphens.oracles.jsonl", platform: .flutter, engine: "skia")
    #expect(count == 3200)
    #expect(
      differing == [
        "shy106@120", "shy106@216", "shy106@228", "shy106@84", "shy106@96", "shy196@132", "shy196@144",
        "shy196@156", "shy196@168", "shy196@180", "shy196@60", "shy196@72", "shy196@84",
      ])
  }

  /// `ab c\u{AD} d` at 30 px: `ab c` is 28.75 px, with its hyphen 33.59: the line ends after
  /// `ab `; at 34 px it holds the hyphen, which its width counts.
  @Test func aLineEndingAtASoftHyphenCountsTheHyphen() throws {
    let text = try Self.prepared("ab c\u{AD} d")
    #expect(try text.layout(width: 30).breaks == [3])
    let wide = try text.layout(width: 34)
    #expect(wide.breaks == [6])
    #expect(wide.lines[0].width == 33.59375)
    #expect(try text.layout(width: 34).lines[0].width == text.measure(width: 34).maxLineWidth)
  }

  /// Blink counts the hyphen at the end of a paragraph too (`x ab\u{AD}` at 30 px breaks after
  /// `x `), then takes it away: a last line is as wide as its text.
  @Test func theHyphenCountsAtTheParagraphsEndButIsNotDrawn() throws {
    #expect(try Self.prepared("x ab\u{AD}").layout(width: 30).breaks == [2])
    #expect(try Self.prepared("ab c\u{AD}\nd").layout(width: 30).breaks == [3, 6])
    let alone = try Self.prepared("abc\u{AD}").layout(width: 30)
    #expect(alone.breaks.isEmpty)
    #expect(alone.lines[0].width == 24.84375)
  }

  /// Where the hyphen does not fit, Blink lays the line out again in the room less the hyphen:
  /// `will\u{2009}in\u{AD}t\u{AD}e\u{AD}r\u{AD}` at 60 px ends at `e\u{AD}` (57.75 px with it),
  /// and `interna\u{AD}tional` at 50 px, whose `interna` fits only without the hyphen, is cut
  /// in that room (`intern`).
  @Test func aHyphenThatDoesNotFitTakesTheLineBack() throws {
    let spaced = try Self.prepared("will\u{2009}in\u{AD}t\u{AD}e\u{AD}r\u{AD}").layout(width: 60)
    #expect(spaced.breaks == [12])
    #expect(spaced.lines[0].width == 57.75)
    #expect(try Self.prepared("interna\u{AD}tional").layout(width: 50).breaks == [6])
  }

  /// HarfBuzz kerns across the soft hyphens it hides (`Y\u{AD}o` as `Yo`), which segments
  /// shaped apart lose unless it is put back: between the segments on the web (to the bit), on
  /// the cluster before the soft hyphen where the line keeps a pair's kerning (flutter: the
  /// pair's kerning rounded to 1/65536 px, as across any opportunity).
  @Test(arguments: [TextPlatform.web, .flutter])
  func shapingPassesOverSoftHyphens(_ platform: TextPlatform) throws {
    for (hyphenated, plain) in [("Y\u{AD}ou T\u{AD}o", "You To"), ("до\u{AD}чер\u{AD}ний", "дочерний")] {
      let difference =
        try Self.prepared(hyphenated, platform: platform).unconstrainedWidth
        - Self.prepared(plain, platform: platform).unconstrainedWidth
      #expect(platform == .web ? difference == 0 : abs(difference) < 1.0 / 65536, "\(hyphenated)")
    }
  }

  /// A run of soft hyphens longer than HarfBuzz is given (`NativeFont.maximumSoftHyphenRun`)
  /// still takes no room and is kerned across, in the bundled chain (Noto Sans CJK SC first, in
  /// which HarfBuzz 6.0 is quadratic in such a run: 100,000 took about 15 s); and a hostile text
  /// of 100,000 of them is one line as wide as the rest of the text.
  @Test(arguments: [TextPlatform.web, .flutter, .ios])
  func longRunsOfSoftHyphensTakeNoRoom(_ platform: TextPlatform) throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: platform)
    let style = TextStyle(fontSize: 15)
    let long = String(repeating: "\u{AD}", count: NativeFont.maximumSoftHyphenRun + 1)
    let difference =
      try measurer.prepare("Y\(long)ou T\(long)o", style: style).unconstrainedWidth
      - measurer.prepare("You To", style: style).unconstrainedWidth
    #expect(platform == .web ? difference == 0 : abs(difference) < 1.0 / 65536)

    let hostile = try measurer.prepare(String(repeating: "\u{AD}", count: 100_000) + "ok", style: style)
    let layout = try hostile.layout(width: 343)
    #expect(layout.lineCount == 1)
    let spans = try measurer.prepare(
      [TextSpan(String(repeating: "\u{AD}", count: 100_000) + "ok", style: style)], paragraph: nil,
      truncationToken: nil)
    #expect(try spans.layout(width: 343).lineCount == 1)
    #expect(
      layout.lines.first?.width
        == (try measurer.prepare("ok", style: style).layout(width: 343).lines.first?.width))
  }

  /// Flutter and iOS draw no hyphen: the line holds `x ab` (29.48 px) at 30 px.
  @Test func otherPlatformsDrawNoHyphen() throws {
    for platform in [TextPlatform.flutter, .ios] {
      #expect(try Self.prepared("x ab\u{AD}", platform: platform).layout(width: 30).breaks.isEmpty)
    }
  }

  /// In spans, the hyphen is the span's (its size), and a line that would end with one that
  /// does not fit goes back to the opportunity before it.
  @Test func spansCountTheirOwnHyphens() throws {
    let measurer = try PlatformCorpusTests.measurer(chain: Self.chain, platform: .web)
    let large = TextStyle(fontSize: 30, lineHeight: .fixed(21))
    let spans = try measurer.prepare(
      [
        TextSpan("ab ", style: Self.style), TextSpan("c\u{AD}", style: large),
        TextSpan(" d", style: Self.style),
      ],
      paragraph: Self.style, truncationToken: nil)
    // `ab c` (36 px) fits 42 px, not with the 30 px span's hyphen (9.69 px): the line ends
    // after `ab `; at 46 px it holds the hyphen.
    #expect(try spans.layout(width: 42).breaks == [3])
    let wide = try spans.layout(width: 46)
    #expect(wide.breaks == [6])
    #expect(wide.lines[0].width > 45 && wide.lines[0].width <= 46)
    #expect(try spans.layout(width: 60).breaks.isEmpty)
  }

  /// Fuzz findings (`Fuzz/Corpus/attributed/crash-web-soft-hyphen-*`), with the bundled chain,
  /// whose primary font (Noto Sans CJK SC) draws a hyphen 1 em wide: each breaks the same as one
  /// span and as plain text, and as Blink's rules say.
  /// - `Dictiol\u{AD}I` at 26 px: the cut word's tail `iol\u{AD}` keeps `I` after it, which fits
  ///   (the room less the hyphen was only for the piece before it);
  /// - `pe\u{AD}h \u{AD}` at 26 px: the line from the tail `e\u{AD}` cannot end with the last
  ///   hyphen, and ends after the tail, with its hyphen, in the room less it;
  /// - a line from a segment rounded up further than its end is a grid unit wider when its
  ///   hyphen is tested (it steps back: no line wider than the width);
  /// - and when its room less the hyphen is: a line whose keys end exactly at that room fits only
  ///   where its exact width does (`ShapeLine` compares exact positions). `i\u{AD}p\u{AD}y` at
  ///   2.25 px with 1.75 px letter spacing (`web-soft-hyphen-letter-spacing-wider-line`),
  ///   `in\u{AD}ter\u{AD}na\u{AD}tion\u{AD}al` at 34.75 px and `epeiiol\u{AD}i\u{AD}tu` at 26 px
  ///   with 5.625 px (`web-soft-hyphen-spans-cut-after-fix`, also under `balance`): plain text
  ///   took the segment with its hyphen, 1/64 px past the width, where spans cut it;
  /// - a piece cut in the room less the hyphen has its end reshaped in that room, not the line's:
  ///   `xhyhy,\u{AD}` at 26 px, 10.25 px with 2.25 px letter spacing
  ///   (`web-soft-hyphen-letter-spacing-cut`), and `AVAVAVAV\u{AD}` at 44 px: the pieces `hy`
  ///   and `AVA` fit that room by their advances, not once their last letter loses its kerning
  ///   to the next (the line steps back to `h`, `AV`), where plain text tested the line's room.
  ///
  /// (`epeiiol\u{AD}i\u{AD}tu`'s `l\u{AD}` is a line wider than the width, in both: Blink's
  /// break-anywhere cut goes on past the soft hyphen there, `l\u{AD}i`, which is not modelled.)
  @Test func fuzzFindingsBreakAlikeAsSpansAndPlainText() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .web)
    struct Case {
      var text: String
      var fontSize = 16.0
      var letterSpacing = 0.0
      var width: Double
      var breaks: [Int]
      var wrap = TextWrap.auto
      var linesFit = true
    }
    for finding in [
      Case(text: "Dictiol\u{AD}I", width: 26, breaks: [3, 4]),
      Case(text: "pe\u{AD}h \u{AD}", width: 26, breaks: [1, 3, 5]),
      Case(text: " iinl o\u{FFFD}\u{7D0}\u{FFFD} ty\u{AD}DFK\u{4AD}ty$o", width: 85, breaks: [6, 11, 14]),
      Case(text: "i\u{AD}p\u{AD}y", fontSize: 2.25, letterSpacing: 1.75, width: 5.375, breaks: [2, 3]),
      Case(text: "in\u{AD}ter\u{AD}na\u{AD}tion\u{AD}al", width: 34.75, breaks: [3, 5, 7, 8, 10, 12]),
      Case(
        text: "epeiiol\u{AD}i\u{AD}tu", letterSpacing: 5.625, width: 26, breaks: [1, 2, 4, 6, 8, 9, 10, 11],
        linesFit: false),
      Case(
        text: "epeiiol\u{AD}i\u{AD}tu", letterSpacing: 5.625, width: 26, breaks: [1, 2, 4, 6, 8, 9, 10, 11],
        wrap: .balance, linesFit: false),
      Case(text: "xhyhy,\u{AD}", fontSize: 10.25, letterSpacing: 2.25, width: 26, breaks: [3, 4]),
      Case(text: "AVAVAVAV\u{AD}", width: 44, breaks: [4, 6]),
    ] {
      var style = TextStyle(fontSize: finding.fontSize, letterSpacing: finding.letterSpacing)
      style.textWrap = finding.wrap
      let (text, width) = (finding.text, finding.width)
      let plain = try measurer.prepare(text, style: style).layout(width: width)
      let spans = try measurer.prepare([TextSpan(text, style: style)], paragraph: nil, truncationToken: nil)
        .layout(width: width)
      #expect(plain.breaks == finding.breaks, "\(text)")
      #expect(spans.breaks == finding.breaks, "\(text)")
      #expect(
        zip(plain.lines, spans.lines).allSatisfy { abs($0.width - $1.width) <= WebTextRules.layoutUnit },
        "\(text)")
      if finding.linesFit {
        #expect(plain.lines.allSatisfy { $0.width <= width + WebTextRules.layoutUnit }, "\(text)")
      }
    }
  }

  @Test func theHyphenIsRoundedUpToTheLayoutUnitGrid() {
    #expect(WebSoftHyphens.hyphenWidth(em: 0.322, fontSize: 15) == 4.84375)
    #expect(WebSoftHyphens.hyphenWidth(em: 0.25, fontSize: 16) == 4)
  }
}
