import Testing

@testable import TextEngine

/// A batch measures every text exactly as the text's own `measure(width:)` does: on its compact
/// keys (a paragraph at a time for texts of several), on copies of the line keys for texts with
/// a whitespace-only segment after content, and through the text itself where a segment is
/// wider than the line.
@Suite struct PreparedTextBatchTests {
  static let widths = [0.5, 20, 150, 170, 343, 1000, .infinity]

  static let styles = [
    TextStyle(fontSize: 15, lineHeight: .fixed(21)),
    TextStyle(fontSize: 15, letterSpacing: 0.5, lineSpacing: 3, maxLines: 2, pixelScale: 2),
    TextStyle(fontSize: 13, weight: .bold, lineHeight: .multiple(1.2), maxLines: 1),
  ]

  @Test("the corpus: the batch's measurements are each text's own", arguments: 0..<styles.count)
  func corpusMatchesEachText(styleIndex: Int) throws {
    let measurer = try Fixtures.measurer()
    let texts = try Fixtures.jsonLines("corpus/feed-visible.jsonl").map {
      try measurer.prepare($0["text"] as! String, style: Self.styles[styleIndex])
    }
    let batch = PreparedTextBatch(texts)
    #expect(batch.count == texts.count)
    // Most feed texts are one paragraph whose every segment has content: the compact path.
    let compact = batch.entries.filter { $0.keyCount >= 0 }.count
    #expect(compact > texts.count * 9 / 10, "\(compact) of \(texts.count) on the compact keys")
    var results: [TextMeasurement] = []
    for width in Self.widths {
      try batch.measure(width: width, into: &results)
      let expected = try texts.map { try $0.measure(width: width) }
      #expect(results == expected, "width \(width)")
      for (index, (result, text)) in zip(results, expected).enumerated() where result != text {
        Issue.record("text \(index) at \(width): \(result) against \(text)")
        break
      }
    }
    #expect(try batch.measure(width: 170) == texts.map { try $0.measure(width: 170) })
  }

  /// On the web, lines exactly at the limit are decided by tie ranks and kerning moves segment
  /// starts: the batch still equals each text (at widths where ten ideographs, 150.015625 px
  /// rounded, tie with 150 + 1/64).
  @Test func webTiesAreDecidedAsEachTextDecidesThem() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .web)
    let style = TextStyle(fontSize: 15, lineHeight: .fixed(21))
    let texts = try
      (Fixtures.jsonLines("corpus/feed-visible.jsonl")
      + Fixtures.jsonLines("corpus/multiscript-visible.jsonl")).map {
        try measurer.prepare($0["text"] as! String, style: style)
      }
    let batch = PreparedTextBatch(texts)
    // The ties are in the compact keys' values (`RankedKey`): only texts with right-to-left
    // items that lines measure wider than their keys, and whitespace-only segments after
    // content, keep full keys.
    let compact = batch.entries.filter { $0.keyCount >= 0 }.count + batch.paragraphTexts.count
    #expect(compact > texts.count * 8 / 10, "\(compact) of \(texts.count) on the compact keys")
    var results: [TextMeasurement] = []
    for width in [150.0, 170, 343, 120, 135, 165, 180, 225, 300] {
      try batch.measure(width: width, into: &results)
      #expect(results == (try texts.map { try $0.measure(width: width) }), "width \(width)")
    }
    // Every LayoutUnit from 140 to 160 px: each tie the corpus meets there.
    var differing: [String] = []
    for step in 0...(20 * 64) {
      let width = 140 + Double(step) / 64
      try batch.measure(width: width, into: &results)
      for (index, text) in texts.enumerated() where try results[index] != text.measure(width: width) {
        differing.append("text \(index) at \(width)")
      }
    }
    #expect(differing.isEmpty, "\(differing.count) differ: \(differing.prefix(5))")
  }

  @Test func textsOfSeveralParagraphsAndOnTheFullKeysMeasureAfterTheOthers() throws {
    let measurer = try Fixtures.measurer()
    let style = TextStyle(fontSize: 15, maxLines: 3)
    let strings = [
      "", " leading space and then words", "two\nparagraphs of text", "ends with a break\n",
      "a\u{2028}line separator", "plain words that wrap over several lines at a narrow width",
      "今天天气很好，我们去公园吧。", String(repeating: "x", count: 300),
      "a paragraph\n" + String(repeating: "y", count: 200) + "\nand a third one\n",
      "one\ntwo\nthree\nfour\nfive lines, more than maxLines",
      "a blank line\n\nbetween two paragraphs", "first line\n   indented, then words that wrap",
      "word \u{3000} next",
    ]
    let texts = try strings.map { try measurer.prepare($0, style: style) }
    let batch = PreparedTextBatch(texts)
    // A leading space is a segment without content, but no content precedes it, so its line's
    // content ends where its own does (at 0) and the compact keys serve it.
    #expect(
      batch.entries.map { $0.keyCount >= 0 }
        == [false, true, false, false, false, true, true, true, false, false, false, false, false])
    // A segment without content that starts a paragraph (the blank line, the indent) keeps a
    // text on the compact keys; one after content on its line does not.
    #expect(batch.paragraphTexts.map(\.text) == [2, 3, 4, 8, 9, 10, 11])
    #expect(batch.paragraphTexts.map(\.endsWithHardBreak) == [false, true, false, true, false, false, false])
    #expect(batch.paragraphTexts.map(\.paragraphs.count) == [2, 1, 2, 3, 5, 3, 2])
    #expect(batch.fullTexts.map(\.text) == [0, 12])
    let segments = texts[12].storage.storage.withHeaderAndLineFinderView { _, view in view.segments.count }
    #expect(batch.fullKeys.count == segments)
    // Every half point where lines end on a whitespace-only segment, a blank line or an indent.
    for width in Self.widths + Array(stride(from: 10.0, through: 200, by: 0.5)) {
      #expect(try batch.measure(width: width) == texts.map { try $0.measure(width: width) }, "width \(width)")
    }
  }

  @Test(arguments: [0.0, -1, .nan, -.infinity])
  func invalidWidthsThrow(width: Double) throws {
    let measurer = try Fixtures.measurer()
    let batch = PreparedTextBatch([try measurer.prepare("words", style: TextStyle())])
    let error = #expect(throws: TextError.self) { try batch.measure(width: width) }
    #expect(error?.code == .invalidWidth)
  }

  @Test func anEmptyBatchMeasuresNothing() throws {
    #expect(try PreparedTextBatch([]).measure(width: 100).isEmpty)
  }
}
