import Foundation
import Testing
import TextEngine

@Suite struct PreparedTextTests {
  let measurer: TextMeasurer
  let style = TextStyle(fontSize: 15, lineHeight: .fixed(21))

  init() throws { measurer = try Fixtures.measurer() }

  func layout(_ text: String, width: Double, style: TextStyle? = nil) throws -> TextLayout {
    try measurer.prepare(text, style: style ?? self.style).layout(width: width)
  }

  @Test func emptyTextHasNoLines() throws {
    let result = try layout("", width: 100)
    #expect(result.lineCount == 0)
    #expect(result.height == 0)
    #expect(!result.truncated)
  }

  @Test func spacesOnlyIsOneLineOfZeroWidth() throws {
    let result = try layout("     ", width: 100)
    #expect(result.lineCount == 1)
    #expect(result.lines[0].width == 0)
  }

  @Test(arguments: [
    ("\n", 2), ("\n\n", 3), ("a\nb", 2), ("a\r\nb", 2), ("a\u{2028}b", 2), ("a\u{2029}b", 2), ("a\n", 2),
    ("a\rb", 2), ("a\u{85}b", 2),
  ])
  func hardBreaksEndLines(text: String, lines: Int) throws {
    let result = try layout(text, width: 1000)
    #expect(result.lineCount == lines)
    #expect(result.height == Double(lines) * 21)
  }

  @Test func crlfIsOneBreakAndNotInLineText() throws {
    let prepared = try measurer.prepare("ab\r\ncd", style: style)
    let result = try prepared.layout(width: 1000)
    #expect(result.breaks == [4])
    #expect(result.lines.map { prepared.text(of: $0) } == ["ab", "cd"])
  }

  /// A line's text leaves out the hard-break characters that end it, at any width (also when
  /// words are broken between graphemes), and keeps every other character.
  @Test(arguments: [1.0, 30, 1000])
  func lineTextsLeaveOutOnlyHardBreaks(width: Double) throws {
    let text = "ab\r\ncd\u{2028}ef\u{2029}\n\u{85}gh\u{B}ij\u{C}kl\rmn op\n"
    let prepared = try measurer.prepare(text, style: style)
    let lines = try prepared.layout(width: width).lines.map { prepared.text(of: $0) }
    let hardBreaks: Set<Unicode.Scalar> = ["\r", "\n", "\u{2028}", "\u{2029}", "\u{85}", "\u{B}", "\u{C}"]
    #expect(lines.allSatisfy { !$0.unicodeScalars.contains(where: hardBreaks.contains) }, "\(lines)")
    #expect(
      lines.joined()
        == String(String.UnicodeScalarView(text.unicodeScalars.filter { !hardBreaks.contains($0) })))
  }

  @Test(arguments: [0.0, -1, .nan, -.infinity])
  func invalidWidthsAreRejected(width: Double) throws {
    let prepared = try measurer.prepare("hello", style: style)
    #expect(throws: TextError.self) { try prepared.layout(width: width) }
    #expect(throws: TextError.self) { try prepared.measure(width: width) }
    do {
      _ = try prepared.measure(width: width)
    } catch {
      #expect(error.code == .invalidWidth)
    }
  }

  @Test func infiniteWidthBreaksOnlyAtHardBreaks() throws {
    let result = try layout("a long line of words that never wraps\nsecond", width: .infinity)
    #expect(result.lineCount == 2)
  }

  @Test(arguments: [
    TextStyle(fontSize: 0), TextStyle(fontSize: -3), TextStyle(fontSize: .nan), TextStyle(maxLines: -1),
    TextStyle(lineHeight: .fixed(0)), TextStyle(lineHeight: .multiple(.infinity)), TextStyle(lineSpacing: -1),
    TextStyle(letterSpacing: .nan), TextStyle(pixelScale: 0),
  ])
  func invalidStylesAreRejected(style: TextStyle) throws {
    #expect(throws: TextError.self) { try measurer.prepare("text", style: style) }
  }

  @Test func controlCharactersAreZeroWidthAndNotMissing() throws {
    let plain = try measurer.prepare("ab", style: style)
    let controls = try measurer.prepare("a\u{0007}\u{0000}b", style: style)
    #expect(controls.unconstrainedWidth == plain.unconstrainedWidth)
    #expect(controls.missingGlyphs == 0)
  }

  @Test func trailingSpacesHang() throws {
    let word = try measurer.prepare("word", style: style).unconstrainedWidth
    // Exactly the word's width: the spaces after it do not push it to a second line.
    let result = try layout("word      ", width: word)
    #expect(result.lineCount == 1)
    #expect(result.lines[0].width == word)
  }

  @Test func exactTiesFit() throws {
    let prepared = try measurer.prepare("language and of UNIX", style: style)
    let width = prepared.unconstrainedWidth
    #expect(abs(width - 150) < 1e-9)
    #expect(try prepared.layout(width: 150).lineCount == 1)
    #expect(try prepared.layout(width: 150 - 0.01).lineCount == 2)
  }

  @Test func overlongWordsBreakBetweenGraphemeClusters() throws {
    let text = String(repeating: "👨‍👩‍👧‍👦", count: 10) + "supercalifragilistic"
    let prepared = try measurer.prepare(text, style: style)
    let result = try prepared.layout(width: 50)
    #expect(result.lineCount > 4)
    let scalars = Array(text.unicodeScalars)
    for offset in result.breaks {
      // Never inside a ZWJ sequence: no line starts with a ZWJ or a joined member.
      #expect(scalars[offset] != "\u{200D}")
      #expect(offset == 0 || scalars[offset - 1] != "\u{200D}")
    }
    for line in result.lines { #expect(line.width <= 50 + PreparedText.fitTolerance) }
  }

  /// Kinsoku: ICU's rules never start a line with closing CJK punctuation.
  @Test func closingPunctuationNeverStartsALine() throws {
    let text = "今天天气很好，我们去公园吧。你说呢？「好的」！我们走吧，马上出发。"
    let prepared = try measurer.prepare(text, style: style)
    let scalars = Array(text.unicodeScalars)
    let forbidden: Set<Unicode.Scalar> = ["，", "。", "？", "！", "」", "、"]
    // From three ideographs wide: narrower lines must break inside "的」！" (emergency breaks).
    for width in stride(from: 45.0, through: 200, by: 1) {
      for offset in try prepared.layout(width: width).breaks {
        #expect(!forbidden.contains(scalars[offset]), "width \(width) starts a line with \(scalars[offset])")
      }
    }
  }

  @Test func maxLinesTruncatesWithAnEllipsis() throws {
    let text = "The quick brown fox jumps over the lazy dog and keeps running far away"
    let truncatingStyle = TextStyle(fontSize: 15, lineHeight: .fixed(21), maxLines: 2)
    let prepared = try measurer.prepare(text, style: truncatingStyle)
    let result = try prepared.layout(width: 100)
    #expect(result.lineCount == 2)
    #expect(result.truncated)
    #expect(result.height == 42)
    #expect(result.lines[1].isTruncated)
    #expect(prepared.text(of: result.lines[1]).hasSuffix("…"))
    #expect(result.lines[1].width <= 100 + PreparedText.fitTolerance)
    let measured = try prepared.measure(width: 100)
    #expect(measured.lineCount == 2 && measured.truncated && measured.height == 42)
    // Enough lines: nothing truncated.
    let short = try measurer.prepare("short", style: truncatingStyle).layout(width: 100)
    #expect(!short.truncated)
  }

  @Test func lineHeightModes() throws {
    let text = "one\ntwo\nthree"
    let natural = try layout(text, width: 200, style: TextStyle(fontSize: 15))
    #expect(abs(natural.height - 3 * 21.72) < 1e-9)
    let multiple = try layout(text, width: 200, style: TextStyle(fontSize: 15, lineHeight: .multiple(1.5)))
    #expect(abs(multiple.height - 3 * 21.72 * 1.5) < 1e-9)
    let spaced = try layout(
      text, width: 200, style: TextStyle(fontSize: 15, lineHeight: .fixed(20), lineSpacing: 4))
    #expect(spaced.height == 3 * 20 + 2 * 4)
    let rounded = try layout(text, width: 200, style: TextStyle(fontSize: 15, pixelScale: 2))
    #expect(rounded.height == 65.5)  // 65.16 rounded up to half points
    let exact = try layout(
      text, width: 200, style: TextStyle(fontSize: 15, lineHeight: .fixed(21), pixelScale: 3))
    #expect(exact.height == 63)
  }

  @Test func fixedLineHeightIgnoresFallbackFonts() throws {
    let result = try layout("😀😀😀\n汉字", width: 200)
    #expect(result.height == 42)
  }

  @Test func measureAgreesWithLayoutAtManyWidths() throws {
    let texts = try Fixtures.jsonLines("corpus/feed-visible.jsonl").prefix(200).map { $0["text"] as! String }
    for text in texts {
      let prepared = try measurer.prepare(text, style: TextStyle(fontSize: 15, maxLines: 3))
      for width in [37.5, 80, 120, 171, 260] {
        let measured = try prepared.measure(width: width)
        let laidOut = try prepared.layout(width: width)
        #expect(measured.lineCount == laidOut.lineCount)
        #expect(measured.truncated == laidOut.truncated)
        #expect(measured.height == laidOut.height)
      }
    }
  }

  /// A fuzzer's finding (`web-zero-width-line-measure`): on the web at −16 px spacing, where
  /// every cluster is 0 wide, the empty line after a final hard break had keys 1/64 px apart
  /// (the previous paragraph's content end, rounded from its own start, past the empty
  /// paragraph's start), and `measure` took that for its widest line where `layout` and a
  /// batch say 0. A line without content is 0 wide in all three (and in the unconstrained
  /// width).
  @Test(arguments: ["-S\n-x\n\n", "-S  a\n-x\n\n", "-S\n-x\n \n"])
  func aLineWithoutContentIsZeroWideInMeasureAsInLayout(text: String) throws {
    let web = try BundledFonts.measurer(systemFonts: false, platform: .web)
    let prepared = try web.prepare(text, style: TextStyle(fontSize: 0.5, letterSpacing: -16))
    let batch = PreparedTextBatch([prepared, prepared])
    for width in [0.09375, 1, 50] {
      let measured = try prepared.measure(width: width)
      let laidOut = try prepared.layout(width: width)
      #expect(measured.maxLineWidth == laidOut.lines.map(\.width).max())
      #expect(measured.maxLineWidth == 0)
      #expect(try batch.measure(width: width) == [measured, measured])
    }
    #expect(prepared.unconstrainedWidth == 0)
  }

  @Test func linesCoverTheTextInOrder() throws {
    let text = "Mixed 中文 and English, with emoji 🎉🎉 and a verylongwordthatmustbreak somewhere."
    let prepared = try measurer.prepare(text, style: style)
    for width in stride(from: 30.0, through: 400, by: 7) {
      let result = try prepared.layout(width: width)
      var expectedStart = 0
      for line in result.lines {
        #expect(line.scalarRange.lowerBound == expectedStart)
        expectedStart = line.scalarRange.upperBound
      }
      #expect(expectedStart == prepared.scalars.count)
    }
  }

  @Test func aMegabyteParagraphIsMeasured() throws {
    let sentence = "这是一个很长的段落 with English words and 数字 12345. "
    let text = String(repeating: sentence, count: 1_000_000 / sentence.utf8.count + 1)
    #expect(text.utf8.count >= 1_000_000)
    let prepared = try measurer.prepare(text, style: style)
    let result = try prepared.measure(width: 343)
    #expect(result.lineCount > 1000)
    #expect(result.height == Double(result.lineCount) * 21)
  }

  /// A word longer than a cache entry describes (65,535 scalars) is shaped each time instead of
  /// cached, and measures the same every time: twice its cached half, plus the kerning where
  /// the halves meet.
  @Test func aWordTooLongToCacheIsShapedEachTime() throws {
    // A measurer of its own: the shared one's cache holds other tests' segments.
    let measurer = TextMeasurer(regular: try BundledFonts.regularChain(), bold: try BundledFonts.boldChain())
    let word = String(repeating: "ab", count: 40_000)
    let first = try measurer.prepare(word, style: style)
    #expect(measurer.cachedSegmentCount == 0)
    let second = try measurer.prepare(word, style: style)
    for width in [100.0, 5_000, .infinity] {
      #expect(try first.measure(width: width) == second.measure(width: width))
    }
    func widest(_ text: String) throws -> Double {
      try measurer.prepare(text, style: style).measure(width: .infinity).maxLineWidth
    }
    let half = try widest(String(repeating: "ab", count: 20_000))
    #expect(measurer.cachedSegmentCount == 1)
    let kerning = try widest("abab") - 2 * widest("ab")
    let whole = try first.measure(width: .infinity).maxLineWidth
    #expect(abs(whole - (2 * half + kerning)) < 1e-6 * whole)
  }

  @Test func tooLongTextIsRejected() throws {
    let text = String(repeating: "a", count: TextMeasurer.maximumScalarCount + 1)
    #expect(throws: TextError.self) { try measurer.prepare(text, style: style) }
  }
}

@Suite struct BidiTextTests {
  @Test func rightToLeftTextIsSegmentedAndMeasuredInTheHebrewFallback() throws {
    let measurer = try Fixtures.measurer()
    let prepared = try measurer.prepare("abc שלום עולם def 😀", style: TextStyle(fontSize: 15))
    #expect(prepared.missingGlyphs == 0)
    let runs = try measurer.glyphRuns("abc שלום", style: TextStyle(fontSize: 15))
    #expect(runs.last?.font.familyName == "Noto Sans Hebrew")
    let layout = try prepared.layout(width: 60)
    #expect(layout.lineCount >= 2)
    #expect(layout.lines.last?.scalarRange.upperBound == prepared.scalarCount)
  }

  @Test func supplementaryPlaneOffsetsCountScalarsNotUTF16() throws {
    let measurer = try Fixtures.measurer()
    // 😀 is one scalar but two UTF-16 units: breaks must count scalars.
    let prepared = try measurer.prepare("😀😀😀 𠀀𠀁 words here", style: TextStyle(fontSize: 15))
    let opportunities = try measurer.lineBreakOpportunities(in: "😀😀😀 𠀀𠀁 words here")
    #expect(opportunities.last?.offset == prepared.scalarCount)
    #expect(opportunities.map(\.offset).contains(4))
  }

  @Test func equalityAndHashFollowTheTextStyleAndWidths() throws {
    let measurer = try Fixtures.measurer()
    let style = TextStyle(fontSize: 15)
    let text = "相等 equal 🎉 text"
    let first = try measurer.prepare(text, style: style)
    // Another measurer (its own, cold cache) prepares the same value.
    let other = TextMeasurer(
      regular: try BundledFonts.regularChain(), bold: try BundledFonts.boldChain(), platform: .ios)
    let second = try other.prepare(text, style: style)
    #expect(first == second)
    #expect(first.hashValue == second.hashValue)
    #expect(first != (try measurer.prepare(text + "!", style: style)))
    #expect(first != (try measurer.prepare(text, style: TextStyle(fontSize: 16))))
    #expect(first != (try measurer.prepare(text, style: TextStyle(fontSize: 15, letterSpacing: 1))))
    #expect(Set([first, second, try measurer.prepare("other", style: style)]).count == 2)
  }
}

extension PreparedTextTests {
  /// Negative kerning where a negative letter spacing took every advance to 0: a line is never
  /// reported narrower than nothing (a fuzzed ios paragraph had a line −0.012 px wide).
  @Test(arguments: TextPlatform.allCases)
  func aLineIsNeverNegativelyWide(platform: TextPlatform) throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: platform)
    let style = TextStyle(fontSize: 1, letterSpacing: -2, lineSpacing: 2)
    let text = "\u{2}ISO10646)\u{0}L\u{0}\u{0}&\u{FFFD}p\n\u{0}8t how\u{627} DFHSGothic-W5 AV Ty -X r. LT"
    let prepared = try measurer.prepare(text, style: style)
    for width in [1.0, 20, 511, 1020] {
      let layout = try prepared.layout(width: width)
      #expect(layout.lines.allSatisfy { $0.width >= 0 }, "\(layout.lines.map(\.width)) @\(width)")
      #expect(try prepared.measure(width: width).maxLineWidth >= 0)
    }
  }
}
