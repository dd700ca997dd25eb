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

  /// Blink makes one inline item per bidi level run and shapes each in its own direction
  /// (`inline_items_builder.cc`, `harfbuzz_shaper.cc`): a line-break segment that changes direction
  /// (`<b>خيارات`, `(للاستخدام` after Latin text) is shaped in runs of one direction each. Arabic
  /// shaped left-to-right takes other glyphs (`خيارات` 31.77 px instead of 42.39). Expected breaks
  /// are Chromium 156's (`chromium_lines.py`, the multi-script corpus's chain, 15 px).
  static let multiscriptChain = [
    "Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Thai", "Noto Sans Devanagari",
    "Noto Sans CJK SC", "Noto Color Emoji",
  ]

  static func multiscriptLineStarts(_ text: String, width: Double) throws -> [Int] {
    let measurer = try PlatformCorpusTests.measurer(chain: multiscriptChain, platform: .web)
    return try measurer.layout(text, style: TextStyle(fontSize: 15), width: width).breaks
  }

  @Test(arguments: [
    ("<b>خيارات أخرى (متقدمة)</b>", 150.0, [15]),
    ("<b>خيارات أخرى (متقدمة)</b>", 170.0, [23]),
    ("GtkActionGroup المربوط به GtkAction هذا أو NULL (للاستخدام الداخلي)", 150.0, [15, 36, 59]),
  ])
  func segmentsThatChangeDirectionShapeEachRunInItsOwnDirection(text: String, width: Double, chromium: [Int])
    throws
  {
    #expect(try Self.multiscriptLineStarts(text, width: width) == chromium)
  }

  @Test func aRightToLeftRunIsAsWideAsAlone() throws {
    // `<b>` then `خيارات` (one segment): 26.39 + 42.39 px, each run in its own direction.
    let measurer = try PlatformCorpusTests.measurer(chain: Self.multiscriptChain, platform: .web)
    let width = try measurer.prepare("<b>خيارات", style: TextStyle(fontSize: 15)).unconstrainedWidth
    #expect(abs(width - (26.390625 + 42.390625)) < 1.0 / 32)
  }

  /// A line holds only its own glyphs' fonts (Blink's `AccumulateUsedFonts` over the line's
  /// parts of its items): where a line breaks inside a segment set in Noto Sans and Noto Sans
  /// Arabic (`<abbasizad@hotmail.com>میلاد `, broken between graphemes), a line of its Latin
  /// part alone is Noto Sans's 20 px, not Noto Sans Arabic's 32. Chromium 156 (`line-height:
  /// normal`, `chromium_heights.py`): 240 px at 150 and 170 px, five lines of 32 and four of 20.
  @Test(arguments: [150.0, 170.0])
  func aLineBrokenInsideASegmentHoldsOnlyItsOwnFonts(width: Double) throws {
    let text =
      "عباس ایزد <abbasizad@hotmail.com>میلاد زکریا <meelad@farsiweb.info>روزبه پورنادر "
      + "<roozbeh@farsiweb.info>هدایت وطن\u{200C}خواه<hedayat@fedoraproject.org>"
    let measurer = try PlatformCorpusTests.measurer(chain: Self.multiscriptChain, platform: .web)
    let prepared = try measurer.prepare(text, style: TextStyle(fontSize: 15))
    let layout = try prepared.layout(width: width)
    #expect(layout.lines.map(\.height) == [32, 20, 32, 20, 32, 20, 32, 32, 20])
    #expect(layout.height == 240)
    #expect(try prepared.measure(width: width).height == 240)
  }

  /// Each cluster of a segment set in several fonts takes its own font's advance: Blink shapes
  /// per font run, and a colour emoji's advance is its strike's (136 px at 109 ppem, 18.7156 px
  /// at 15 px), whatever follows it in the segment. A segment `😃 ` (emoji, then a space in the
  /// primary font) was measured in the primary font's units (18.6875 px). Chromium 156 breaks
  /// (`rich_lines.py` / `chromium_lines.py`, Noto Sans CJK SC + Noto Color Emoji, 15 px): the
  /// bold `@🟢 😃😃 😙: ` is 105.06 px, so `欲把相` (45.02) no longer fits at 150.
  @Test func anEmojiBesideASpaceKeepsItsStrikeAdvance() throws {
    let measurer = try PlatformCorpusTests.measurer(
      chain: ["Noto Sans CJK SC", "Noto Color Emoji"], platform: .web)
    let style = TextStyle(fontSize: 15)
    let alone = try measurer.prepare("😃", style: style).unconstrainedWidth
    let spaced = try measurer.prepare("😃 ", style: style).unconstrainedWidth
    #expect(alone == 18.71875 && spaced == alone)
    let text = "🔥🔥🔥 good 中文字  ?😃 ❤️🙏🙏🙏 😃😃😃 a good  那个  #tag"
    #expect(try measurer.layout(text, style: style, width: 90).breaks == [4, 14, 21, 27, 39])
    let spans = [
      TextSpan("@🟢 😃😃 😙: ", style: TextStyle(fontSize: 15, weight: .bold)),
      TextSpan("欲把相思说似谁，浅情人不知。 -- 晏几道《长相思·长相思》", style: style),
    ]
    let layout = try measurer.prepare(spans, paragraph: style).layout(width: 150)
    #expect(layout.lines.dropFirst().map(\.scalarRange.lowerBound) == [11, 21, 33])
  }

  /// Chromium's ICU 78 has Unicode 15.1's LB20a: no break after a word-initial hyphen before a
  /// letter where ICU decides (the hyphen before a non-ASCII letter). Chromium 156 breaks this
  /// line before ` -الداخلي`'s hyphen (26), never after it (27).
  @Test(arguments: [(200.0, [26]), (80.0, [9, 19, 26, 39])])
  func aWordInitialHyphenStaysWithTheLetterAfterIt(width: Double, chromium: [Int]) throws {
    let text = "أو  <b>  NULL קובץ خيارات -الداخلي هذا GtkAction"
    #expect(try Self.multiscriptLineStarts(text, width: width) == chromium)
  }

  /// A word broken inside the `fi` ligature: Blink reshapes the line end alone, so `f` takes its
  /// own advance (344 units, 5.16 px), not half the ligature's 602. Chromium 156's breaks (Noto
  /// Sans, Noto Sans Arabic, Noto Sans Hebrew, 15 px), on the common path and, with a Hebrew
  /// run in the same segment, on the general one.
  @Test(arguments: [
    ("Openfile.txt", 43.5, [4, 11]), ("helpOpenfile.txt", 74.0, [8]),
    ("helpהגדרותOpenfile.txt", 33.0, [4, 8, 11, 15, 20]), ("הגדרותOpenfile.txt", 45.5, [6, 11]),
  ])
  func aWordBrokenInsideTheFiLigatureEndsWithTheOwnAdvanceOfF(text: String, width: Double, chromium: [Int])
    throws
  {
    let measurer = try PlatformCorpusTests.measurer(
      chain: ["Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew"], platform: .web)
    #expect(try measurer.layout(text, style: TextStyle(fontSize: 15), width: width).breaks == chromium)
  }

  /// Each bidi item's part of a line is rounded up to LayoutUnits on its own (Blink's line
  /// width is the sum of its item parts' `SnappedWidth`s), items being the level runs of a
  /// paragraph at level 0: `١٢٣` (level 2) then `  </b>` (level 0) is 20.265625 + 39.765625 =
  /// 60.03 px, over 60 + 1/64, where one sum rounded up would fit. Chromium 156's breaks.
  @Test(arguments: [
    ("١٢٣  </b>— \"quoted\"  به", 60.0, [5, 11, 18]),
    ("A-13.5 Office 3.5  روزبه NULL ( ٤٥x إعدادات الملف هذا", 100.0, [14, 25, 36, 50]),
    ("שלום  file.txt </b> ؟ NULL ( »  \"quoted\" 2024  حفظ أخرىהגדרות 10%", 80.0, [6, 20, 32, 41, 51, 62]),
  ])
  func eachBidiItemIsRoundedUpOnItsOwn(text: String, width: Double, chromium: [Int]) throws {
    #expect(try Self.multiscriptLineStarts(text, width: width) == chromium)
  }

  /// Unicode 15.1's LB21a in Chromium's ICU 78, `HL (HY | BA) × [^HL]`: a hyphen or a maqaf
  /// (U+05BE) between Hebrew letters may be broken after, where ICU 72 keeps the compound whole.
  /// Chromium 156's breaks (bundled fonts in their order; texts from Debian's Hebrew and Yiddish
  /// translations).
  @Test(arguments: [
    ("כורדית (עיראק, ערבית-לטינית)", 150.0, [21]),
    (
      "דאָקומענט ענדיקט זיך אומגעריכטערהײט אין דרינען פֿון דעם שלאָס־הענטל פֿון עלעמענט '%s'", 150.0,
      [21, 40, 62, 81]
    ),
    ("דער צוגאָב צו יעדן איבערחזר אין אַקטיװיטעט־מאָדע (ניט רעקאָמענדירט)", 170.0, [19, 43]),
  ])
  func aHyphenBetweenHebrewLettersMayBeBrokenAfter(text: String, width: Double, chromium: [Int]) throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .web)
    #expect(try measurer.layout(text, style: TextStyle(fontSize: 15), width: width).breaks == chromium)
    // The same text under ICU's break iterator (a language) breaks alike.
    let hebrew = TextStyle(fontSize: 15, language: "he")
    #expect(try measurer.layout(text, style: hebrew, width: width).breaks == chromium)
  }

  /// Unicode 15.1's LB25 `IS × NU` in Chromium's ICU 78: no break between an infix separator
  /// and a digit after it (`config ،١٢٣`: Chromium 156 breaks before the Arabic comma, at 33,
  /// never after it).
  @Test(arguments: [(150.0, [12, 33, 58]), (80.0, [12, 23, 33, 39, 52])])
  func anInfixSeparatorStaysWithTheDigitAfterIt(width: Double, chromium: [Int]) throws {
    let text = "עזרה زکریا  </b>للاستخدام config ،١٢٣  إعدادات  3.5 زکریا هذا"
    #expect(try Self.multiscriptLineStarts(text, width: width) == chromium)
  }
}

/// Spans are inline items that Chromium shapes whole: the kerning across a span's break
/// opportunities counts, and a line whose snapped width is exactly the limit fits only as
/// Blink's exact test of its last part allows (`PreparedText`'s tie rule). Chromium 156's breaks
/// (`rich_lines.py`; Noto Sans CJK SC Regular and Bold, Noto Color Emoji, 15 px, fixed 21 px
/// lines) for paragraphs built from texts the corpora do not hold.
extension WebTextRulesTests {
  @Test(arguments: [
    // "Pong game. They had" is 150.015625 px snapped, exactly the limit, and 150.031 exact: "had"
    // starts the next line.
    (
      "@Eric: ", 15.0,
      "A couple of kids tried using pickles instead of paddles for a Ping-Pong game. They had the volley of the Dills.",
      150.0, [19, 36, 55, 74, 90, 112]
    ),
    (
      "@Eric: ", 15.0,
      "A couple of kids tried using pickles instead of paddles for a Ping-Pong game. They had the volley of the Dills.",
      170.0, [24, 44, 69, 90, 112]
    ),
    // The kerning between break opportunities of the regular span moves "regression" back.
    (
      "iris-inter-", 17.0,
      "context-busy-tracking.diff: Fix a regression causing flickering and corruption on Intel. (Closes: #1003987)",
      150.0, [19, 43, 64, 79, 100]
    ),
  ])
  func spansBreakAsChromiumBreaksThem(
    lead: String, leadSize: Double, text: String, width: Double, chromium: [Int]
  )
    throws
  {
    let measurer = try PlatformCorpusTests.measurer(
      chain: ["Noto Sans CJK SC", "Noto Color Emoji"], platform: .web)
    let style = TextStyle(fontSize: 15, lineHeight: .fixed(21))
    let spans = [
      TextSpan(lead, style: TextStyle(fontSize: leadSize, weight: .bold, lineHeight: .fixed(21))),
      TextSpan(text, style: style),
    ]
    let layout = try measurer.prepare(spans, paragraph: style).layout(width: width)
    #expect(layout.lines.dropFirst().map(\.scalarRange.lowerBound) == chromium)
  }

  /// A line's limit is the width truncated to LayoutUnits plus one (`LayoutUnit(float)`,
  /// `AddEpsilon`): widths on the grid keep it, fractional ones lose their fraction of 1/64 px,
  /// an unconstrained width stays unconstrained. The width is a `float` first: 150.01562499 is
  /// 150.015625 there, a whole number of LayoutUnits.
  @Test(arguments: [
    (150.0, 150.015625), (78.74, 78.75), (74.37, 74.375), (0.01, 0.015625), (1e9, 1e9 + 0.015625),
    (Double.infinity, Double.infinity), (150.01562499, 150.03125),
  ])
  func lineLimitTruncatesTheWidthToLayoutUnits(width: Double, limit: Double) {
    #expect(WebTextRules.lineLimit(forWidth: width) == limit)
    #expect(
      WebTextRules.lineLimit(forWidth: width) == WebTextRules.truncatedToLayoutUnit(Float(width)) + 1.0 / 64)
  }
}

/// A word cut between graphemes on the web ends its piece reshaped: the last grapheme loses its
/// kerning to the next (`View.cutKerning`). Chromium 156 (bundled fonts in their order, 15 px,
/// `break-word`) lays `https://kernelnewbies.org/Linux_5.5` out at 187.5 px as
/// `https://kernelnewbies.org` (181.640625 px, the piece shaped alone; 182.4375 in context,
/// where `g` kerns with `/`) and `/Linux_5.5` (73.09375); at 90 px `https://www` is 88.4375 px
/// (87.765625 in context: `w` kerns with `.`).
@Suite struct CutWordKerningTests {
  @Test(arguments: [
    ("https://kernelnewbies.org/Linux_5.5", 187.5, [25], [181.640625, 73.09375]),
    (
      "https://www.kernel.org/pub/linux/kernel/v6.x/ChangeLog", 90.0, [11, 23, 35, 47], [88.4375, 81.859375]
    ),
  ])
  func aCutWordsPieceIsAsWideAsShapedAlone(text: String, width: Double, breaks: [Int], widths: [Double])
    throws
  {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .web)
    let style = TextStyle(fontSize: 15, lineHeight: .fixed(21))
    let layout = try measurer.prepare(text, style: style).layout(width: width)
    #expect(layout.breaks == breaks)
    #expect(Array(layout.lines.map(\.width).prefix(widths.count)) == widths)
    // One span of the same style lays out alike.
    let spans = try measurer.prepare([TextSpan(text, style: style)], paragraph: nil, truncationToken: nil)
      .layout(width: width)
    #expect(spans.breaks == breaks)
    #expect(Array(spans.lines.map(\.width).prefix(widths.count)) == widths)
  }

  /// A line that starts at a cut word's hyphen before digits keeps the digits with the hyphen
  /// (`PlatformTextRules.joinsLineStartHyphens`): Blink's break iterator starts at the
  /// line's start and takes the hyphen for a minus sign. Chromium 156 (`corpus/cut-word-line-widths`,
  /// `cw016@60`, `cw043@80`): `…issuecomment|-601105|975`, `2003|-04/msg00|399.html`, where the
  /// opportunity after the hyphen would end those lines after it. Plain text, one span, `measure`
  /// and a batch agree.
  @Test(arguments: [
    (
      "d/control: update meson minimum version https://github.com/systemd/systemd/pull/13842#issuecomment-601105975",
      60.0, [98, 105], [60, 55.15625, 24.984375]
    ),
    (
      "890-elf64_alpha_segfault.diff: dropped as bogus (http://sources.redhat.com/ml/binutils/2003-04/msg00399.html); rth's correct fix is already in the upstream source.",
      80.0, [91, 100], [78.5, 73.765625, 71.296875]
    ),
  ])
  func aLineStartingAtACutWordsHyphenKeepsItsDigits(
    text: String, width: Double, breaks: [Int], widths: [Double]
  ) throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .web)
    let style = TextStyle(fontSize: 15, lineHeight: .fixed(21))
    let prepared = try measurer.prepare(text, style: style)
    let layout = try prepared.layout(width: width)
    let index = try #require(layout.breaks.firstIndex(of: breaks[0]))
    #expect(Array(layout.breaks[index...].prefix(2)) == breaks)
    #expect(Array(layout.lines[index...].map(\.width).prefix(widths.count)) == widths)
    #expect(try prepared.measure(width: width).lineCount == layout.lines.count)
    #expect(try PreparedTextBatch([prepared]).measure(width: width)[0].lineCount == layout.lines.count)
    let spans = try measurer.prepare([TextSpan(text, style: style)], paragraph: nil, truncationToken: nil)
      .layout(width: width)
    #expect(spans.breaks == layout.breaks)
    #expect(spans.lines.map(\.width) == layout.lines.map(\.width))
  }

  /// A word's cuts are cached by segment (`SegmentCutTable`, in ems): a text prepared again, at
  /// another size, in another language or after the caches are emptied loses the same kerning
  /// at each cut as one prepared by a new measurer.
  @Test func aCachedWordLosesTheSameKerningAsAFreshOne() throws {
    let text = "https://kernelnewbies.org/Linux_5.5 and https://www.kernel.org/pub/linux/kernel"
    func cuts(_ measurer: TextMeasurer, fontSize: Double, language: String = "") throws -> [Float] {
      var style = TextStyle(fontSize: fontSize, lineHeight: .fixed(21))
      style.language = language
      return try measurer.prepare(text, style: style).withView { Array($0.cutKerning) }
    }
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .web)
    let first = try cuts(measurer, fontSize: 15)
    #expect(first.count == text.unicodeScalars.count)
    #expect(first.filter { $0 != 0 }.count > 10)
    #expect(try cuts(measurer, fontSize: 15) == first)
    let fresh = { try BundledFonts.measurer(systemFonts: false, platform: .web) }
    #expect(try cuts(measurer, fontSize: 23) == cuts(fresh(), fontSize: 23))
    #expect(try cuts(measurer, fontSize: 15, language: "de") == cuts(fresh(), fontSize: 15, language: "de"))
    measurer.removeCachedSegments()
    #expect(try cuts(measurer, fontSize: 15) == first)
  }

  /// Other platforms keep the kerning at a cut (SkParagraph measures the line in the paragraph's
  /// shaping): the piece is as wide as its graphemes in context.
  @Test func flutterKeepsTheKerningAtACut() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .flutter)
    let prepared = try measurer.prepare(
      "https://kernelnewbies.org/Linux_5.5", style: TextStyle(fontSize: 15, lineHeight: .fixed(21)))
    #expect(prepared.withView { $0.cutKerning.isEmpty })
  }
}
