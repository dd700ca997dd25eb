import Testing

@testable import TextEngine

/// The `android` platform's line heights on the bundled fonts, hand-worked from their metrics
/// (fontTools): Noto Sans CJK SC at 15 px is ascent −17, descent 4 (21 px), top −28, bottom 16;
/// Noto Sans Arabic (hhea 1374 / −738) is ascent 20.61 → −21, descent 11.07 → 11.
@Suite struct AndroidTextRulesTests {
  static let measurer = try! BundledFonts.measurer(systemFonts: false, platform: .android)

  static func height(_ text: String, _ style: TextStyle = TextStyle(), width: Double = 343) throws -> Double {
    try measurer.prepare(text, style: style).measure(width: width).height
  }

  static let textView = TextStyle(androidStyle: .textView)

  /// A line is `descent − ascent` of the integer metrics: 21 px, not the float 21.72 and never
  /// with the leading (a font whose line gap is 1 px still has 14 px lines).
  @Test func lineHeightIsDescentMinusAscentWithoutLeading() throws {
    #expect(try Self.height("一") == 21)
    #expect(try Self.height("一\n二\n三") == 63)
    var font = FontMetrics(
      unitsPerEm: 1024, ascender: 1472, descender: -320, lineGap: 128, useTypoMetrics: false, glyphCount: 1)
    font.boundsTop = 1600
    font.boundsBottom = -500
    let box = AndroidTextRules.box(of: font, fontSize: 8, lineHeight: .natural)
    #expect(AndroidTextRules.height(of: box) == 14)
  }

  /// `includeFontPadding` (TextView): the first line's top is the font's top (28 above the
  /// baseline, not 17) and the last line's bottom its bottom (16, not 4). One line 28 + 16 = 44;
  /// two 32 + 33 = 65; three 32 + 21 + 33 = 86. Compose pads nothing.
  @Test func fontPaddingOnFirstAndLastLine() throws {
    #expect(try Self.height("一", Self.textView) == 44)
    #expect(try Self.height("一\n二", Self.textView) == 65)
    #expect(try Self.height("一\n二\n三", Self.textView) == 86)
    let layout = try Self.measurer.prepare("一\n二\n三", style: Self.textView).layout(width: 343)
    #expect(layout.lines.map(\.height) == [32, 21, 33])
    #expect(try Self.height("一\n二", TextStyle(androidStyle: .compose)) == 42)
  }

  /// Spacing multiplier 1.5: 21 × 0.5 = 10.5 → 11 below every line but the last: 32 + 32 + 21.
  /// With font padding the first line's extra is computed on its padded 32 px (16): 48 + 32 + 33.
  /// Spacing added 2.5 px rounds to 3 per line (24 + 24 + 21 = 69, not 21 × 3 + 2 × 2.5 = 68).
  @Test func lineSpacingRoundsAndSkipsTheLastLine() throws {
    #expect(try Self.height("一\n二\n三", TextStyle(lineHeight: .multiple(1.5))) == 85)
    #expect(try Self.height("一", TextStyle(lineHeight: .multiple(1.5))) == 21)
    #expect(try Self.height("一\n二\n三", TextStyle(lineHeight: .multiple(1.5), androidStyle: .textView)) == 113)
    #expect(try Self.height("一\n二\n三", TextStyle(lineSpacing: 2.5)) == 69)
  }

  /// Compose's `lineHeight = 30.sp`: middle lines 30, first 23 and last 28 (trimmed), one line 21;
  /// `2.em` at 15 px is the same 30 px. TextView's `setLineHeight(30)` adds 30 − 21 = 9 below
  /// each line but the last, with font padding: 41 + 30 + 33.
  @Test func composeLineHeightCeilsAlignsProportionallyAndTrims() throws {
    #expect(try Self.height("一\n二\n三", TextStyle(lineHeight: .fixed(30))) == 81)
    #expect(try Self.height("一\n二\n三", TextStyle(lineHeight: .fontSizeMultiple(2))) == 81)
    #expect(try Self.height("一", TextStyle(lineHeight: .fixed(30))) == 21)
    #expect(try Self.height("一\n二\n三", TextStyle(lineHeight: .fixed(22.5))) == 22 + 23 + 22)
    #expect(try Self.height("一\n二\n三", TextStyle(lineHeight: .fixed(30), androidStyle: .textView)) == 104)
  }

  /// `fallbackLineSpacing`: a line with Arabic is 21 + 11 = 32 px; under Compose's `lineHeight`
  /// every line keeps its set height.
  @Test func fallbackFontsGrowLines() throws {
    #expect(try Self.height("一\nمرحبا\n三") == 21 + 32 + 21)
    #expect(try Self.height("一\nمرحبا\n三", TextStyle(lineHeight: .fixed(30))) == 81)
  }

  /// With font padding the first line's top is the paint's `top` (28) and the last line's bottom
  /// its `bottom` (16) even when a fallback font reaches further: an Arabic first line is
  /// 28 + 11 = 39 px, an Arabic last line 21 + 16 = 37, one Arabic line 28 + 16 = 44.
  @Test func fontPaddingReplacesAFallbackFontsExtent() throws {
    #expect(try Self.height("مرحبا", Self.textView) == 44)
    #expect(try Self.height("مرحبا\n一", Self.textView) == 39 + 33)
    #expect(try Self.height("مرحبا\n一\nمرحبا", Self.textView) == 39 + 21 + 37)
    let layout = try Self.measurer.prepare("مرحبا\n一\nمرحبا", style: Self.textView).layout(width: 343)
    #expect(layout.lines.map(\.height) == [39, 21, 37])
  }

  /// A line fits while its width is at most the width, with no tolerance: at its own width a
  /// text is one line, a hair narrower two (UIKit's model, with 1/256 pt of tolerance, keeps one).
  @Test func fitTestHasNoEpsilon() throws {
    let text = "aaaaaa bb"
    let prepared = try Self.measurer.prepare(text, style: TextStyle())
    let width = prepared.unconstrainedWidth
    #expect(try prepared.measure(width: width).lineCount == 1)
    #expect(try prepared.measure(width: width.nextDown).lineCount == 2)
    let ios = try Self.measurer.measuring(for: .ios).prepare(text, style: TextStyle())
    #expect(try ios.measure(width: width - 1.0 / 512).lineCount == 1)
  }

  /// TextView's style is Android's only: elsewhere it is an `invalidStyle` error.
  @Test func textViewIsAndroidOnly() throws {
    #expect(throws: TextError.self) {
      try Self.measurer.measuring(for: .web).prepare("a", style: Self.textView)
    }
  }

  /// On the visible feed texts, for both widgets and each kind of line height: `measure` and
  /// `layout` agree on lines and heights, the lines' heights add up to the paragraph's (the first
  /// and last lines carry the padding and trims), and a batch measures as each text alone.
  @Test func measureLayoutAndBatchAgree() throws {
    let texts = try Fixtures.jsonLines("corpus/feed-visible.jsonl").prefix(150).compactMap {
      $0["text"] as? String
    }
    for androidStyle in AndroidStyle.allCases {
      for lineHeight in [LineHeight.natural, .fixed(30), .multiple(1.5)] {
        let style = TextStyle(
          lineHeight: lineHeight, lineSpacing: 1.5, maxLines: 4, androidStyle: androidStyle)
        let prepared = try texts.map { try Self.measurer.prepare($0, style: style) }
        let batch = PreparedTextBatch(prepared)
        for width in [150.0, 343] {
          let batched = try batch.measure(width: width)
          for (index, text) in prepared.enumerated() {
            let measured = try text.measure(width: width)
            let layout = try text.layout(width: width)
            #expect(measured.lineCount == layout.lines.count)
            #expect(measured.height == layout.height)
            #expect(abs(layout.lines.reduce(0) { $0 + $1.height } - layout.height) < 1e-9)
            #expect(batched[index] == measured)
          }
        }
      }
    }
  }

  /// A final hard break starts an empty line (StaticLayout's trailing empty paragraph), for the
  /// greedy and the optimal breaker alike.
  @Test func aFinalHardBreakStartsALine() throws {
    #expect(try Self.measurer.prepare("一\n二\n", style: TextStyle()).measure(width: 343).lineCount == 3)
    #expect(try Self.measurer.prepare("一\n二\n", style: Self.textView).measure(width: 343).lineCount == 3)
  }
}
