import Foundation
import Testing

@testable import TextEngine

/// `text-spacing-trim: normal` on the web (``WebSpacingTrim``): against Chromium 156 with the
/// bundled fonts in their order (Noto Sans CJK SC first) (`corpus/text-spacing-trim.oracles.jsonl`: 250 generated texts dense with
/// fullwidth punctuation, kana, hard breaks and Latin at 8 widths, and 9 texts swept over every
/// LayoutUnit from 70 to 97.984375 px).
@Suite struct WebSpacingTrimTests {
  static let normal = TextStyle(fontSize: 15, lineHeight: .fixed(21), textSpacingTrim: .normal)

  static func measurer(platform: TextPlatform = .web) throws -> TextMeasurer {
    try BundledFonts.measurer(systemFonts: false, platform: platform)
  }

  static func rows() throws -> [[String: Any]] {
    try Fixtures.jsonLines("corpus/text-spacing-trim.oracles.jsonl")
  }

  /// Blink's classes (`character_property_data_generator.cc`; the cases of Blink's
  /// `CharacterTest.HanKerning`).
  @Test func characterClassesAreBlinks() {
    let expected: [(UInt32, HanKerningClass)] = [
      (0x201C, .openQuote), (0x201D, .closeQuote), (0x00B7, .middle), (0x3000, .middle), (0xFF0C, .dot),
      (0x3008, .open), (0xFF5F, .open), (0x3009, .close), (0xFF60, .close), (0x0028, .openNarrow),
      (0xFF62, .openNarrow), (0x0029, .closeNarrow), (0xFF63, .closeNarrow), (0x300C, .open),
      (0x300D, .close),
      (0x3002, .dot), (0xFF1A, .colon), (0xFF1B, .semicolon), (0x4E00, .other), (0x0041, .other),
    ]
    for (scalar, characterClass) in expected {
      #expect(HanKerningClass.of(scalar) == characterClass, "U+\(String(scalar, radix: 16, uppercase: true))")
    }
  }

  /// Noto Sans CJK SC has `halt` and no `chws`; `halt` sets its brackets, stops and quotes half
  /// as wide (HarfBuzz, uharfbuzz 0.57: 1,000 → 500 units); Simplified Chinese stops and colons
  /// sit in the left half (closing). Noto Sans (Latin) has no `halt`.
  @Test func theBundledCJKFontTrimsWithHalt() throws {
    let measurer = try Self.measurer()
    let cjk = try #require(measurer.regular.fonts.first { $0.familyName == "Noto Sans CJK SC" })
    let facts = try #require(cjk.hanKerning)
    #expect(!cjk.hasContextualHalfWidthSpacing)
    for scalar: UInt32 in [0x300C, 0x300D, 0xFF0C, 0xFF1A, 0x201C, 0x201D] {
      let advances = try #require(facts.haltedAdvances[scalar])
      #expect(advances.full == 1_000 && advances.halted == 500, "U+\(String(scalar, radix: 16))")
    }
    #expect(facts.dotClass == .close)
    #expect(facts.colonClass == .close)
    #expect(facts.haltDelta(of: 0x300C, fontSize: 15) == -7.5)
    let latin = try #require(measurer.regular.fonts.first { $0.familyName == "Noto Sans" })
    #expect(latin.hanKerning == nil)
  }

  /// Every layout breaks as Chromium's under `normal` (1,222 of the 2,000 break otherwise under
  /// `space-all`), `measure` counts the same lines, and every line is as wide as Chromium's but
  /// for lines that start with a space, which are 1/64 px off under `space-all` as well.
  @Test func layoutsAreChromiums() throws {
    let measurer = try Self.measurer()
    var layouts = 0
    var trimmedBreaks = 0
    var widthsDiffering: [String] = []
    for row in try Self.rows() where row["fontSize"] == nil {
      guard let breaks = row["breaks"] as? [String: [Int]] else { continue }
      let text = row["text"] as! String
      let scalars = Array(text.unicodeScalars)
      let prepared = try measurer.prepare(text, style: Self.normal)
      let widths = row["widths"] as! [String: [Double]]
      let spaceAll = row["spaceAllBreaks"] as! [String: [Int]]
      for (width, expected) in breaks.sorted(by: { $0.key < $1.key }) {
        let label = "\(row["id"]!)@\(width)"
        layouts += 1
        if expected != spaceAll[width] { trimmedBreaks += 1 }
        let layout = try prepared.layout(width: Double(width)!)
        #expect(layout.breaks == expected, "\(label)")
        #expect(try prepared.measure(width: Double(width)!).lineCount == layout.lines.count, "\(label)")
        for (index, line) in layout.lines.enumerated()
        where index < widths[width]!.count && abs(line.width - widths[width]![index]) >= 0.0006 {
          widthsDiffering.append("\(label) line \(index)")
          #expect(scalars[line.scalarRange.lowerBound] == " ", "\(label) line \(index)")
        }
      }
    }
    #expect(layouts == 2_000)
    #expect(trimmedBreaks == 1_222)
    #expect(widthsDiffering.count < 20)
  }

  /// At 13 and 17 px and in bold (40 of the texts at 104, 143, 202, 286 and 301 px): every break
  /// Chromium's. At 13 px Noto Sans CJK's advances are 1/65536 px over 13, which keeps a reshaped
  /// end from fitting exactly on a paragraph's first line, while a trimmed end 286 px from the
  /// line's start fits exactly: Blink sums it in `Float`, where the excess rounds away (3 of these
  /// 600 layouts broke otherwise before the sum was taken in `Float`); at 17 px they are
  /// 3/65536 under.
  @Test func otherSizesAndBoldBreakAsChromium() throws {
    let measurer = try Self.measurer()
    var layouts = 0
    for row in try Self.rows() {
      guard let size = row["fontSize"] as? Double else { continue }
      let style = TextStyle(
        fontSize: size, weight: row["weight"] as? String == "bold" ? .bold : .regular,
        lineHeight: .fixed(21), textSpacingTrim: .normal)
      let prepared = try measurer.prepare(row["text"] as! String, style: style)
      for (width, expected) in row["breaks"] as! [String: [Int]] {
        layouts += 1
        #expect(try prepared.layout(width: Double(width)!).breaks == expected, "\(row["id"]!)@\(width)")
      }
    }
    #expect(layouts == 600)
  }

  /// The default (`space-all`) keeps every mark full width: Chromium's breaks under
  /// `text-spacing-trim: space-all` on every layout.
  @Test func spaceAllIsTheDefault() throws {
    let measurer = try Self.measurer()
    #expect(TextStyle().textSpacingTrim == .spaceAll)
    for row in try Self.rows() {
      guard let spaceAll = row["spaceAllBreaks"] as? [String: [Int]] else { continue }
      let prepared = try measurer.prepare(
        row["text"] as! String, style: TextStyle(fontSize: 15, lineHeight: .fixed(21)))
      for (width, expected) in spaceAll {
        #expect(try prepared.layout(width: Double(width)!).breaks == expected, "\(row["id"]!)@\(width)")
      }
    }
  }

  /// At every LayoutUnit from 70 to 98 px around lines that end before a trimmed opening mark or
  /// with a closing mark Blink may trim: the trimmed fit (`一二三四五」` fits from 82.515625 px),
  /// the width where neither fits (exactly 90 px on a paragraph's first line, where the reshaped
  /// end needs the hair Noto Sans CJK's 15.000107 px advances give it), the full fit after.
  @Test func everyLayoutUnitAroundReshapedLineEnds() throws {
    let measurer = try Self.measurer()
    var layouts = 0
    for row in try Self.rows() {
      guard let sweep = row["sweep"] as? [String: Any] else { continue }
      let prepared = try measurer.prepare(row["text"] as! String, style: Self.normal)
      let transitions = (sweep["breaksFrom"] as! [String: [Int]]).map { (Double($0.key)!, $0.value) }
        .sorted { $0.0 < $1.0 }
      let from = sweep["from"] as! Double
      let to = sweep["to"] as! Double
      var width = from
      var next = 0
      var expected: [Int] = []
      while width <= to {
        while next < transitions.count, transitions[next].0 <= width {
          expected = transitions[next].1
          next += 1
        }
        layouts += 1
        #expect(try prepared.layout(width: width).breaks == expected, "\(row["id"]!)@\(width)")
        width += 1.0 / 64
      }
    }
    #expect(layouts == 9 * 1_792)
  }

  /// A batch measures trimmed texts as each alone does.
  @Test func batchesMeasureAsTextsAlone() throws {
    let measurer = try Self.measurer()
    let texts = try Self.rows().prefix(40).map {
      try measurer.prepare($0["text"] as! String, style: Self.normal)
    }
    let batch = PreparedTextBatch(texts)
    var results: [TextMeasurement] = []
    for width in [97.0, 150, 343] {
      try batch.measure(width: width, into: &results)
      for (text, result) in zip(texts, results) {
        #expect(result == (try text.measure(width: width)))
      }
    }
  }

  /// Other platforms have no such setting; fonts with `chws` are refused by name rather than
  /// measured otherwise than the browser would (`text-wrap-style` balance and pretty are
  /// measured: `WebSpacingTrimWrapStylesTests`; styled spans: `WebSpacingTrimSpansTests`).
  @Test func whatIsNotModelledIsRefused() throws {
    for platform in [TextPlatform.flutter, .android, .ios] {
      #expect {
        try Self.measurer(platform: platform).prepare("「一」", style: Self.normal)
      } throws: {
        ($0 as? TextError)?.code == .invalidStyle && ($0 as? TextError)?.field == "textSpacingTrim"
      }
    }
    let chws = try Font(path: Fixtures.url("fonts/chws-feature.ttf").path)
    #expect(chws.hasContextualHalfWidthSpacing)
    let withChws = TextMeasurer(regular: try FontChain([chws]), systemFonts: false, platform: .web)
    #expect {
      try withChws.prepare("ab\u{300C}", style: Self.normal)
    } throws: { ($0 as? TextError)?.message.contains("chws-feature.ttf") == true }
    #expect(try withChws.prepare("ab\u{300C}", style: TextStyle()).scalarCount == 3)
  }
}
