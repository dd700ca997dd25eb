import Testing

@testable import TextEngine

/// SkParagraph's rules that are not line heights: here, when a word too long for any line starts
/// on the line before it (`TextWrapper::lookAhead`'s `tooLongWord`). Expected breaks are
/// skia-python 144's (`skia_lines.py`, Noto Sans alone, 15 px): a word is too long when it is
/// wider than the line without its last cluster (the walk that measures it stops at the
/// cluster a break opportunity follows), and then it fills the line if two of its clusters fit.
struct FlutterTextRulesTests {
  static func lineStarts(_ text: String, width: Double) throws -> [Int] {
    let measurer = try PlatformCorpusTests.measurer(chain: ["Noto Sans"], platform: .flutter)
    let layout = try measurer.layout(
      text, style: TextStyle(fontSize: 15, lineHeight: .fixed(21)), width: width)
    return layout.lines.dropFirst().map(\.scalarRange.lowerBound)
  }

  @Test(arguments: [
    // "authorityKeyIdentifie" fits a 150 px line, so the word is not too long there and waits
    // for the next line; at 100 px it is, and fills the line after "в по ".
    ("сертификатов по authorityKeyIdentifier", 150.0, [16, 37]),
    ("сертификатов по authorityKeyIdentifier", 100.0, [11, 25]),
    // "anonscm.debian.org" (without the "/" a break follows) fits 150 px: the line ends after
    // "https://"; at 100 px the word fills it.
    ("x https://anonscm.debian.org/viewvc/sepwatch/trunk/", 150.0, [10, 28, 45]),
    ("x https://anonscm.debian.org/viewvc/sepwatch/trunk/", 100.0, [14, 26, 36, 45]),
    ("aaaa bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", 100.0, [11, 21, 31, 41]),
  ])
  func aTooLongWordFillsTheLineAsSkParagraphFillsIt(text: String, width: Double, skia: [Int]) throws {
    #expect(try Self.lineStarts(text, width: width) == skia)
  }
}

extension FlutterTextRulesTests {
  /// ICU 74's Unicode 15.1 rules that the engine's breaker (Unicode 15.0) lacks, as skia-python
  /// 144 breaks them.
  @Test(arguments: [
    // LB15c: a break before a number's leading separator after a space; LB25: none inside it.
    ("aaaa .5 bb", 50.0, [5]),
    ("aaaa .5 bb", 60.0, [8]),
    ("aaaa :1234", 60.0, [5]),
    ("Netscape X.509", 80.0, [9]),
    // LB15b: no break before a closing quotation mark followed by punctuation, even after a space.
    ("aaaa bb ”.“ c", 40.0, [5, 12]),
    ("aaaa bb ”.“ c", 50.0, [5]),
    // LB15a: no break after an opening quotation mark and its space.
    ("aa “ bbbb", 50.0, [3]),
  ])
  func quotationMarksAndNumbersBreakAsICU74(text: String, width: Double, skia: [Int]) throws {
    #expect(try FlutterTextRulesTests.lineStarts(text, width: width) == skia)
  }
}

extension FlutterTextRulesTests {
  /// SkParagraph shapes each bidi run apart: an Arabic word glued to Latin text (`<b>خيارات`,
  /// `(للاستخدام` after a Latin word in a left-to-right paragraph) is shaped right-to-left on its
  /// own, so its letters join and its lam-alef is a ligature. Breaks are skia-python 144's (Noto
  /// Sans, Noto Sans Arabic, 15 px).
  @Test(arguments: [
    ("<b>خيارات أخرى (متقدمة)</b>", 170.0, [15]),
    ("GtkActionGroup المربوط به GtkAction هذا أو NULL (للاستخدام الداخلي)", 150.0, [15, 36, 59]),
  ])
  func eachBidiRunIsShapedApart(text: String, width: Double, skia: [Int]) throws {
    let measurer = try PlatformCorpusTests.measurer(
      chain: ["Noto Sans", "Noto Sans Arabic"], platform: .flutter)
    let layout = try measurer.layout(text, style: TextStyle(fontSize: 15), width: width)
    #expect(layout.lines.dropFirst().map(\.scalarRange.lowerBound) == skia)
  }

  /// `n (للاستخدام` is 76.2755 px wide in SkParagraph (`MaxIntrinsicWidth`), its Arabic shaped
  /// right-to-left after the left-to-right parenthesis.
  @Test func anArabicWordAfterALatinParenthesisIsShapedRightToLeft() throws {
    let measurer = try PlatformCorpusTests.measurer(
      chain: ["Noto Sans", "Noto Sans Arabic"], platform: .flutter)
    let layout = try measurer.layout("n (للاستخدام", style: TextStyle(fontSize: 15), width: 1000)
    #expect(abs(layout.lines[0].width - 76.2755) < 0.01)
  }
}

extension FlutterTextRulesTests {
  /// A space that does not fit ends its line even where no break opportunity follows it
  /// (`TextWrapper::lookAhead` adds an overflowing whitespace cluster to the line's words), and a
  /// word's length for the too-long test stops at a space. Breaks are skia-python 144's (Noto
  /// Sans alone, 15 px); `measure` counts the same lines as `layout`.
  @Test(arguments: [
    ("aa bbbb :c dd", 40.0, [3, 8]),
    ("aa bbbb :c dd", 46.0, [3, 9]),
    ("aa bbbb :c dd", 58.0, [8]),
    ("aa bbbb :c dd", 64.0, [3, 11]),
    ("word ! next", 43.0, [5]),
    ("word ! next", 46.0, [7]),
  ])
  func aSpaceThatDoesNotFitEndsItsLine(text: String, width: Double, skia: [Int]) throws {
    #expect(try Self.lineStarts(text, width: width) == skia)
    let measurer = try PlatformCorpusTests.measurer(chain: ["Noto Sans"], platform: .flutter)
    let prepared = try measurer.prepare(text, style: TextStyle(fontSize: 15, lineHeight: .fixed(21)))
    #expect(try prepared.measure(width: width).lineCount == skia.count + 1)
    // The same text as two spans breaks the same.
    let style = TextStyle(fontSize: 15, lineHeight: .fixed(21))
    let spans = [
      TextSpan(String(text.prefix(4)), style: style), TextSpan(String(text.dropFirst(4)), style: style),
    ]
    let rich = try measurer.prepare(spans, paragraph: style).layout(width: width)
    #expect(rich.lines.dropFirst().map(\.scalarRange.lowerBound) == skia)
  }
}

extension FlutterTextRulesTests {
  /// A colour emoji font of bitmaps advances by its strike, scaled in 16.16 as Skia's FreeType
  /// port scales it (136 px at 109 ppem): skia-python's `MaxIntrinsicWidth` of `😃😃` is 32.44,
  /// 37.44 and 42.41 px at 13, 15 and 17 px (HarfBuzz's `hmtx` would give 37.35 at 15 px).
  @Test(arguments: [(13.0, 32.4375), (15.0, 37.4375), (17.0, 42.40625)])
  func emojiAdvanceByTheirStrike(size: Double, width: Double) throws {
    let measurer = try PlatformCorpusTests.measurer(
      chain: ["Noto Sans CJK SC", "Noto Color Emoji"], platform: .flutter)
    let layout = try measurer.layout("😃😃", style: TextStyle(fontSize: size), width: 1000)
    #expect(layout.lines[0].width == width)
  }
}

extension FlutterTextRulesTests {
  /// Mixed texts of a random stress test, as skia-python 144 breaks them (the multi-script
  /// chain, 15 px): spaces that do not fit stay on the line inside an over-long word too; no
  /// LB15c break after `( ` or an opening quotation mark's spaces; and a hyphen after those
  /// spaces is not word-initial (ICU 74 breaks after it).
  @Test(arguments: [
    ("😃😃 ok, Netscape， ” )", 60.0, [3, 11, 19]),
    ("中文 ， ! ” “ ( .5 ‘ aa .5", 97.0, [9]),
    ("\" ; </b> “  -fPIC خيارات </b>   $10", 97.0, [13, 27]),
    ("? بالرمزمرحبا123 /    ) - X.509 中文 : «mot»", 60.0, [10, 22, 32, 37]),
  ])
  func mixedTextsBreakAsSkParagraph(text: String, width: Double, skia: [Int]) throws {
    let measurer = try PlatformCorpusTests.measurer(
      chain: [
        "Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Thai", "Noto Sans Devanagari",
        "Noto Sans CJK SC", "Noto Color Emoji",
      ], platform: .flutter)
    let layout = try measurer.layout(text, style: TextStyle(fontSize: 15), width: width)
    #expect(layout.lines.dropFirst().map(\.scalarRange.lowerBound) == skia)
  }
}

/// SkParagraph's rounding hack (`ParagraphStyle::setApplyRoundingHack`): on, the paragraph's
/// width is floored to a whole pixel and a line's width rounded to 0.01 px for the fit test; off
/// (Flutter 3.16 and later), the width is kept and a line's width floored to 0.01 px
/// (`ParagraphImpl::layout`, `LineBreakerWithLittleRounding`). Read from Skia's source:
/// skia-python 144 does not expose the switch.
extension FlutterTextRulesTests {
  @Test func theFitLimitFollowsTheRoundingHack() {
    var off = TextStyle()
    off.flutterRoundingHack = false
    // On: below the floored width plus 0.005 (a line rounded to 0.01 is then not wider).
    #expect(FlutterTextRules.lineLimit(forWidth: 150.7, in: TextStyle()) == 150.005.nextDown)
    // Off: below the width floored to 0.01 plus 0.01.
    #expect(FlutterTextRules.lineLimit(forWidth: 150.7, in: off) == 150.71.nextDown)
    #expect(FlutterTextRules.lineLimit(forWidth: 150, in: off) == 150.01.nextDown)
    #expect(FlutterTextRules.lineLimit(forWidth: .infinity, in: off) == .infinity)
  }

  /// A one-line text `u` px wide at fractional widths: with the hack on, a width between `u` and
  /// the next whole pixel is floored below `u` and the text wraps; off, it fits, and at 0.02 px
  /// less than `u` it wraps.
  @Test func aFractionalWidthHoldsTheLineOnlyWithTheHackOff() throws {
    let measurer = try PlatformCorpusTests.measurer(chain: ["Noto Sans"], platform: .flutter)
    let text = "Hello wide world"
    let on = TextStyle(fontSize: 15, lineHeight: .fixed(21))
    var off = on
    off.flutterRoundingHack = false
    let width = try measurer.prepare(text, style: on).layout(width: .infinity).lines[0].width
    let fraction = width - width.rounded(.down)
    #expect(fraction > 0.05 && fraction < 0.95, "the text's width \(width) needs a fractional part")
    let between = width.rounded(.down) + 0.99
    #expect(try measurer.prepare(text, style: on).measure(width: between).lineCount == 2)
    #expect(try measurer.prepare(text, style: off).measure(width: between).lineCount == 1)
    #expect(try measurer.prepare(text, style: off).measure(width: width - 0.02).lineCount == 2)
  }

  @Test func onlyFlutterTurnsTheHackOff() throws {
    var off = TextStyle()
    off.flutterRoundingHack = false
    for platform in TextPlatform.allCases where platform != .flutter {
      let measurer = try PlatformCorpusTests.measurer(chain: ["Noto Sans"], platform: platform)
      #expect(throws: TextError.self) { try measurer.prepare("text", style: off) }
      do {
        _ = try measurer.prepare("text", style: off)
      } catch {
        #expect(error.code == .invalidStyle && error.field == "flutterRoundingHack")
        #expect(error.message.contains("flutter"))
      }
    }
    let flutter = try PlatformCorpusTests.measurer(chain: ["Noto Sans"], platform: .flutter)
    #expect(try flutter.prepare("text", style: off).measure(width: 100).lineCount == 1)
  }
}

extension FlutterTextRulesTests {
  /// Whether a word too long for any line begins on the line before it counts glyphs by their
  /// places in their runs (`fClusters.endPos() − fClusters.startPos()`, `FlutterTooLongWords`):
  /// `😱“msgid”和“msgstr[%u]”项` (no break inside: LB19a keeps `“` with `m`) starts with the
  /// second of two emoji, glyph 1 of the emoji font's run. At 152 px its clusters that fit end at
  /// the `“` after `和`, glyph 2 of the run `和“`: 2 − 1 is one glyph, so it waits for the next
  /// line; at 104–136 px they end in the Latin run `msgid”` (glyph 6 − 1 > 1) and it fills the
  /// line. skia-python 144's breaks, the bundled chain, 15 px.
  @Test func aTooLongWordCountsGlyphsInTheirRunsAsSkParagraph() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .flutter)
    let text = "束😱😱“msgid”和“msgstr[%u]”项并非都以"
    let skia: [Double: [Int]] = [
      40: [2, 4, 8, 11, 14, 19, 22, 24, 26], 48: [2, 5, 10, 13, 19, 23, 26], 56: [2, 6, 11, 16, 22, 25],
      64: [2, 7, 12, 19, 24], 72: [2, 8, 13, 22, 26], 80: [2, 9, 15, 23], 88: [2, 9, 17, 25],
      96: [2, 10, 19, 26], 104: [8, 18, 26], 112: [9, 20], 120: [9, 20], 128: [10, 23], 136: [10, 23],
      144: [2, 14, 27], 152: [2, 15], 160: [2, 16],
    ]
    let style = TextStyle(fontSize: 15, lineHeight: .fixed(21))
    let prepared = try measurer.prepare(text, style: style)
    // A paragraph of spans in that style counts the same runs.
    let spans = try measurer.prepare([
      TextSpan("束😱😱“msgid”和", style: style), TextSpan("“msgstr[%u]”项并非都以", style: style),
    ])
    for (width, breaks) in skia {
      #expect(try prepared.layout(width: width).lines.dropFirst().map(\.scalarRange.lowerBound) == breaks)
      #expect(try spans.layout(width: width).breaks == breaks, "spans at \(width)")
    }
    // Thai clusters with a vowel sign are two glyphs, which the count does not model: where one
    // lies between the word's first run's start and its last fitting cluster, two graphemes
    // fitting decides (`บีซีอีเอโอL10n@OpenTLE.กำหนด…` fills the line at 150 px).
    let thai = try measurer.prepare(
      "'Breezy Badger'ฟรังก์ ซีเอฟเอ บีซีอีเอโอL10n@OpenTLE.กำหนดให้เป็นเครื่องพิมพ์ปริยาย",
      style: TextStyle(fontSize: 15, lineHeight: .fixed(21)))
    #expect(try thai.layout(width: 150).lines.dropFirst().map(\.scalarRange.lowerBound) == [22, 45, 65])
    #expect(try thai.layout(width: 170).lines.dropFirst().map(\.scalarRange.lowerBound) == [24, 38, 57])
  }

  /// One cluster of a too-long word fitting is as many glyphs as HarfBuzz draws it: a
  /// Devanagari consonant and its vowel sign (`के`) are two, so the word fills the line at 60 and
  /// 72 px (skia-python 144, the multi-script chain by family); a cluster that composes into one
  /// scalar (`e` and U+0301) is one.
  @Test func aTooLongWordsFirstClusterOfSeveralGlyphsFillsTheLine() throws {
    let chain = [
      "Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Thai", "Noto Sans Devanagari",
    ]
    let measurer = try PlatformCorpusTests.measurer(chain: chain, platform: .flutter)
    let prepared = try measurer.prepare(
      "of The केजिसमेंहोनीहै friendship You", style: TextStyle(fontSize: 15, lineHeight: .fixed(21)))
    let skia: [Double: [Int]] = [
      60: [9, 19, 28], 72: [9, 22, 33], 84: [7, 22, 33], 108: [7, 22], 132: [22],
    ]
    for (width, breaks) in skia {
      #expect(try prepared.layout(width: width).breaks == breaks, "\(width)")
    }
    #expect(
      ["e\u{301}".unicodeScalars.map(\.value), [0x915, 0x947], [0x430, 0x301]].map {
        $0.withUnsafeBufferPointer(HarfBuzzNormalization.composesToOneScalar)
      } == [true, false, false])
  }

  /// Spans find a run where the chain's cluster font changes, as plain text does, not where the
  /// clusters' line boxes do: fonts whose boxes are the same (`U+FFFD`'s and Latin's, bold at
  /// 22 px under a fixed line height) still start a run. Fuzz finding
  /// `Fuzz/Corpus/attributed/crash-flutter-too-long-word-runs`: the one-span paragraph broke at
  /// [9, 18, 27, 37], its plain text at [12, 20, 29, 43].
  @Test func spansCountATooLongWordsRunsByClusterFontsAsPlainText() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .flutter)
    let replacements = String(repeating: "\u{FFFD}", count: 14)
    let text =
      "nKaiTi?\0\0\u{FFFD}\u{FFFD}A\(replacements)\u{1}\(replacements.prefix(8))\u{3}"
      + "\0\0\0\0\0\0\0\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"
    let style = TextStyle(
      fontSize: 22, weight: .bold, letterSpacing: 12.125, lineHeight: .fixed(26.5), lineSpacing: 1,
      language: "ar")
    let plain = try measurer.prepare(text, style: style)
    let spans = try measurer.prepare([TextSpan(text, style: style)])
    for width in [303.625, 152.8125, 516.1625] {
      #expect(try spans.layout(width: width).breaks == plain.layout(width: width).breaks, "\(width)")
    }
  }
}
