import Foundation
import Testing

@testable import TextEngine

/// The script Blink shapes a segment's leading Common characters in (``WebLeadingScripts``): the
/// script run of the whole text they continue, kept from HarfBuzz's reversal into a
/// right-to-left script's direction when that run holds a digit and no letter.
@Suite struct WebLeadingScriptsTests {
  let common: UInt8 = 0 + 1
  let arabic: UInt8 = 2 + 1

  /// The leading scripts of `text`'s segments ending at `ends`, as the web's paragraph (level 0)
  /// directs them.
  func leadingScripts(_ text: String, segmentEnds ends: [Int]) throws -> [UInt8]? {
    let breaks = ends.map { (end: $0, isHard: false) }
    let codes = text.unicodeScalars.map(\.value)
    let directions = try breaks.withUnsafeBufferPointer {
      try BidiLevels.segmentDirections(DecodedText(text), breaks: $0, isLeftToRight: true)
    }
    return codes.withUnsafeBufferPointer { codes in
      breaks.withUnsafeBufferPointer { breaks in
        directions.scalarIsRightToLeft.withUnsafeBufferPointer {
          WebLeadingScripts.leadingScripts(of: codes, segmentEnds: breaks, scalarIsRightToLeft: $0)
        }
      }
    }
  }

  /// `*.PPD، *.ppd.gz`: the Arabic comma starts an Arabic run, which `*.` continues, where the
  /// segment alone would be Latin; the text's first `*.` leads a Latin run, as its segment does.
  @Test func commonCharactersAfterAnArabicCommaAreArabic() throws {
    #expect(try leadingScripts("*.PPD، *.ppd.gz", segmentEnds: [7, 15]) == [0, arabic])
  }

  /// `ملف (PPD) *.txt`: the opening bracket continues the Arabic run; the closing one takes its
  /// script back, so `*.` after it is Arabic too. Neither run holds a digit: HarfBuzz reverses
  /// both, as Blink's.
  @Test func bracketsAndWhatFollowsThemKeepTheArabicRun() throws {
    #expect(try leadingScripts("ملف (PPD) *.txt", segmentEnds: [4, 10, 15]) == [0, arabic, arabic])
  }

  /// `مرحبا 2020 *.`: the digits and `*.` are one left-to-right Arabic run in Blink, which holds a
  /// digit, so HarfBuzz keeps it left to right; shaped in the Common script here, which it never
  /// reverses.
  @Test func aRunWithADigitIsNotReversed() throws {
    #expect(try leadingScripts("مرحبا 2020 *.", segmentEnds: [6, 11, 13]) == [0, common, common])
    // Right to left (between Arabic words), the same run keeps its script.
    #expect(try leadingScripts("مرحبا *. مرحبا", segmentEnds: [6, 9, 14]) == [0, arabic, 0])
  }

  /// Every segment of one left-to-right stretch of an Arabic run shares its answer: the digit
  /// at its start (an Arabic number after `ب`, at level 2, left to right) keeps all 2,000 `*.`
  /// after it (between it and `x`: left to right) unreversed. The stretch is looked at once, not
  /// once a segment: a text of 100,000 such segments prepares in linear time.
  @Test func theSegmentsOfOneStretchShareItsAnswer() throws {
    let text = "ب 1" + String(repeating: " *.", count: 2_000) + " x"
    // `ب `, `1 `, then `*. ` 2,000 times, then `x`.
    let ends = [2, 4] + (1...2_000).map { 4 + 3 * $0 } + [6_005]
    let scripts = try #require(try leadingScripts(text, segmentEnds: ends))
    #expect(scripts.first == 0)
    #expect(scripts.last == 0)
    #expect(scripts.dropFirst().dropLast().allSatisfy { $0 == common })
  }

  /// Texts without a segment that leads with a Common character of another run need nothing.
  @Test func mostTextsNeedNone() throws {
    #expect(try leadingScripts("مرحبا بالعالم", segmentEnds: [6, 13]) == nil)
    #expect(try leadingScripts("abc *.txt مرحبا", segmentEnds: [4, 10, 15]) == nil)
  }

  /// Line widths at 1,000 px as Chromium 156 lays them out (bundled fonts in their order,
  /// 15 px, `direction: ltr`), which differed by the kerning of `*.`, `".` and the like in Noto
  /// Sans CJK before (2.3 px for `*.`), and the glyph runs drawn add up to them (within 0.1 px:
  /// they are HarfBuzz's advances, not Blink's in 1/65536 px on LayoutUnits).
  @Test func widthsAreChromiums() throws {
    let chromium: [(String, Double)] = [
      ("*.PPD، *.ppd.gz", 105.063), ("ملف (PPD) *.txt", 102), ("קובץ \"test\", ו-*.txt", 118.656),
      ("قال: \"مرحبا\". ثم *.ppd", 133.484), ("שלום (abc) *.x, 'y'.", 120.344),
      ("مرحبا 2020. *.PPD، *.ppd.gz و \"x\",", 218.219), ("נא לבחור *, קבצים: *.ppd ו-\"*.gz\".", 217.328),
      ("انقر \"*.txt\"، ثم '*.doc'، أو \".\"", 170.109), ("(ملف) *.a (b) *.c", 104.453),
      ("שלום. \"abc\". 'def'. *.g", 142.391), ("مرحبا 2020. *.PPD", 116.25), ("مرحبا 2020. *.", 86.953),
      ("مرحبا . *.", 51.328), ("مرحبا *.", 43.797), ("مرحبا 2020 *.", 82.781), ("مرحبا 20. *.", 70.297),
      ("2020. *.", 52.016), ("مرحبا x. *.", 60.984),
    ]
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .web)
    let style = TextStyle(fontSize: 15, lineHeight: .fixed(21))
    for (text, width) in chromium {
      let layout = try measurer.layout(text, style: style, width: 1_000)
      #expect(layout.lines.count == 1)
      #expect(abs(layout.lines[0].width - width) < 0.001, "\(text)")
      let drawn = try measurer.glyphRuns(text, style: style).flatMap(\.glyphs).map(\.advance).reduce(0, +)
      #expect(abs(drawn - width) < 0.1, "\(text)")
    }
  }

  /// 500 right-to-left texts with ASCII punctuation and digits from Debian's translations at
  /// 150, 170 and 343 px (`corpus/rtl-punctuation.oracles.jsonl`, Chromium 156, bundled fonts
  /// in their order): every layout breaks as Chromium (1,493 of the 1,500 before Unicode 15.1's
  /// LB21a, `LineBreaker.breaksHebrewCompound`), in plain text and one span, and `measure` counts
  /// the same lines. Lines as wide as Chromium's but for a known list
  /// (`corpus/rtl-punctuation-mismatches.json`; `SELFSIZE_RECORD_RTL_PUNCTUATION_MISMATCHES=1`
  /// rewrites it), each within 2/64 px, all in right-to-left items (25 plain lines, 21 of them
  /// off in one span too; 244 until a line from a segment's start that ends in the bidi item it
  /// starts in took `ceil(e − o)`, as spans do). Before leading scripts and the left-to-right
  /// paragraph, 50 lines were off by more (2.31 px for a kerned `*.`).
  @Test func rightToLeftTextsWithPunctuationAreChromiums() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .web)
    let style = TextStyle(fontSize: 15, lineHeight: .fixed(21))
    var layouts = 0
    var lines = 0
    var widthsDiffering: [String] = []
    for row in try Fixtures.jsonLines("corpus/rtl-punctuation.oracles.jsonl") {
      let text = row["text"] as! String
      let prepared = try measurer.prepare(text, style: style)
      let rich = try measurer.prepare([TextSpan(text, style: style)])
      let chromiumWidths = row["widths"] as! [String: [Double]]
      for (width, chromium) in (row["breaks"] as! [String: [Int]]).sorted(by: { $0.key < $1.key }) {
        let name = "\(row["id"]!)@\(width)"
        layouts += 1
        let (layout, spans) = try PlatformCorpusTests.layouts(
          prepared, rich, width: Double(width)!, expectingBreaks: chromium, name: name)
        guard layout.breaks == chromium, spans.lines.count == layout.lines.count else { continue }
        for (index, line) in layout.lines.enumerated() {
          lines += 1
          let expected = chromiumWidths[width]![index]
          // (Chromium's widths are rounded to 1/1000 px; the grid is 1/64 px.)
          if abs(line.width - expected) >= 0.0006 {
            widthsDiffering.append("\(name) line \(index)")
            #expect(abs(line.width - expected) < 0.032, "\(name) line \(index)")
          }
          if abs(spans.lines[index].width - expected) >= 0.0006 {
            widthsDiffering.append("\(name) span line \(index)")
            #expect(abs(spans.lines[index].width - expected) < 0.032, "\(name) span line \(index)")
          }
        }
      }
    }
    #expect(layouts == 1_500)
    #expect(lines == 2_629)
    if ProcessInfo.processInfo.environment["SELFSIZE_RECORD_RTL_PUNCTUATION_MISMATCHES"] == "1" {
      try JSONSerialization.data(withJSONObject: ["widths": widthsDiffering], options: [.prettyPrinted])
        .write(to: Fixtures.url("corpus/rtl-punctuation-mismatches.json"))
    }
    let known = try Fixtures.json("corpus/rtl-punctuation-mismatches.json") as! [String: [String]]
    #expect(widthsDiffering == known["widths"]!)
  }
}
