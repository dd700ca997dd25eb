import Foundation
import Testing

@testable import TextEngine

/// The line finder (prefix sums and a binary search per line) against a walk over every
/// segment and grapheme, the plain greedy algorithm, on real text at many widths: the same
/// lines, widths within `widthSlack` of adding them up one by one, and `measure` agreeing with
/// `layout` to the last bit.
@Suite struct PreparedTextLineFinderTests {
  static let measurer = Result { try Fixtures.measurer() }

  struct Line: Equatable {
    var graphemes: Range<Int>
    var contentWidth: Double
    var endsWithHardBreak: Bool

    /// The same line, its width within `widthSlack`.
    func matches(_ other: Line) -> Bool {
      graphemes == other.graphemes && endsWithHardBreak == other.endsWithHardBreak
        && abs(contentWidth - other.contentWidth) <= PreparedTextLineFinderTests.widthSlack
    }
  }

  /// How far a line's width from prefix sums may be from the walk's line-order sum, in points.
  static let widthSlack = 1e-9

  /// The greedy walk: each segment in turn, graphemes one by one when a segment alone is too wide.
  static func walk(_ view: PreparedTextStorage.View, width: Double) -> [Line] {
    let limit = width + PreparedText.fitTolerance
    var lines: [Line] = []
    var lineStart = 0
    var lineWidth = 0.0
    var lineContent = 0.0
    for (index, segment) in view.segments.enumerated() {
      // Kerning across the opportunity before this segment (see `KerningPairs`).
      if index > 0, !view.segments[index - 1].hardBreakAfter {
        lineWidth += Double(view.segments[index - 1].kernAfter)
      }
      let first = Int(segment.graphemeStart)
      let contentEnd = first + Int(segment.contentGraphemeCount)
      let end = first + Int(segment.graphemeCount)
      if lineStart < first, lineWidth + segment.contentWidth > limit {
        lines.append(Line(graphemes: lineStart..<first, contentWidth: lineContent, endsWithHardBreak: false))
        lineStart = first
        lineWidth = 0
        lineContent = 0
      }
      if lineWidth + segment.contentWidth <= limit {
        if contentEnd > first { lineContent = lineWidth + segment.contentWidth }
        lineWidth += segment.totalWidth
      } else {
        for grapheme in first..<contentEnd {
          let advance = view.graphemeWidths[grapheme]
          if grapheme > lineStart, lineWidth + advance > limit {
            lines.append(
              Line(graphemes: lineStart..<grapheme, contentWidth: lineContent, endsWithHardBreak: false))
            lineStart = grapheme
            lineWidth = 0
          }
          lineWidth += advance
          lineContent = lineWidth
        }
        for grapheme in contentEnd..<end { lineWidth += view.graphemeWidths[grapheme] }
      }
      if segment.hardBreakAfter {
        lines.append(Line(graphemes: lineStart..<end, contentWidth: lineContent, endsWithHardBreak: true))
        lineStart = end
        lineWidth = 0
        lineContent = 0
      }
    }
    if let last = view.segments.last, lineStart < view.graphemeWidths.count || last.hardBreakAfter {
      lines.append(
        Line(
          graphemes: lineStart..<view.graphemeWidths.count, contentWidth: lineContent,
          endsWithHardBreak: false))
    }
    return lines
  }

  static let texts: [String] = {
    let feed = (try? Fixtures.jsonLines("corpus/feed-visible.jsonl")) ?? []
    let samples = [
      "", " ", "\n", "a\n", "\n\nb", "Supercalifragilisticexpialidocious and more words after it",
      "short\nSupercalifragilisticexpialidocious\n\nend   ", "一二三四五六七八九十一二三四五六七八九十",
      "trailing spaces      \n   leading", "https://example.com/a/very/long/path/without/any/spaces/at/all x",
      // Zero-width segments (the first line's estimate of segments per point has nothing to go by).
      "\u{200B}\u{200B}\u{200B}", "\u{200B}a\u{200B}b\u{200B}",
      // Lines of very different segment counts: the search near the previous line's count
      // gallops forward and back.
      String(repeating: "a ", count: 300) + String(repeating: "longerword ", count: 50)
        + String(repeating: "x ", count: 100) + "\n" + String(repeating: "一", count: 200),
    ]
    return feed.compactMap { $0["text"] as? String } + samples
  }()

  static let widths: [Double] = [1, 20, 45, 90, 150, 170, 233.3, 343, 1_000, .infinity]

  @Test(arguments: widths)
  func linesEqualTheWalk(width: Double) throws {
    let measurer = try Self.measurer.get()
    let style = TextStyle(fontSize: 15, lineHeight: .fixed(21))
    var differing: [String] = []
    for text in Self.texts {
      let prepared = try measurer.prepare(text, style: style)
      prepared.withView { view in
        let expected = Self.walk(view, width: width)
        var found: [Line] = []
        PreparedText.forEachLine(in: view, limit: width + PreparedText.fitTolerance, platform: .ios) { line in
          found.append(
            Line(
              graphemes: line.graphemeRange, contentWidth: line.contentWidth,
              endsWithHardBreak: line.endsWithHardBreak))
          return true
        }
        if found.count != expected.count || !zip(found, expected).allSatisfy({ $0.matches($1) }) {
          differing.append(text)
        }
      }
      let measurement = try prepared.measure(width: width)
      let layout = try prepared.layout(width: width)
      let widest = prepared.withView { Self.walk($0, width: width).map(\.contentWidth).max() ?? 0 }
      if measurement.lineCount != layout.lineCount
        || measurement.maxLineWidth != max(0, layout.lines.map(\.width).max() ?? 0)
        || abs(measurement.maxLineWidth - widest) > Self.widthSlack
      {
        differing.append("measure: \(text)")
      }
    }
    #expect(differing.isEmpty, "\(differing.count) differ, first: \(differing.prefix(3))")
  }

  /// On every platform, `measure` finds the lines `layout` finds (their count and the widest,
  /// to the last bit) for the visible multi-script and feed texts at widths off any grid, where
  /// each takes its own path: the whole-segment search, the line finder's loops (bidi items,
  /// words cut between graphemes, spaces that end lines).
  @Test(arguments: TextPlatform.allCases)
  func measureFindsTheLinesLayoutFinds(platform: TextPlatform) throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: platform)
    let style = TextStyle(fontSize: 15, lineHeight: .fixed(21))
    let rows =
      try Fixtures.jsonLines("corpus/multiscript-visible.jsonl")
      + Fixtures.jsonLines("corpus/feed-visible.jsonl")
    var differing: [String] = []
    for row in rows {
      let prepared = try measurer.prepare(row["text"] as! String, style: style)
      for step in 0..<40 {
        let width = 30 + Double(step) * 8.37
        let layout = try prepared.layout(width: width)
        let measurement = try prepared.measure(width: width)
        if measurement.lineCount != layout.lineCount
          || measurement.maxLineWidth != max(0, layout.lines.map(\.width).max() ?? 0)
        {
          differing.append("\(row["id"] ?? "?")@\(width)")
        }
      }
    }
    #expect(differing.isEmpty, "\(differing.count) differ, first: \(differing.prefix(5))")
  }

  /// The width on one line is `measure`'s widest line at an unconstrained width, to the last
  /// bit, and the walk's widest line there within `widthSlack`.
  @Test func unconstrainedWidthIsTheWidestParagraph() throws {
    let measurer = try Self.measurer.get()
    let style = TextStyle(fontSize: 15, lineHeight: .fixed(21))
    var differing: [String] = []
    for text in Self.texts {
      let prepared = try measurer.prepare(text, style: style)
      let walked = prepared.withView { Self.walk($0, width: .infinity).map(\.contentWidth).max() ?? 0 }
      if prepared.unconstrainedWidth != (try prepared.measure(width: .infinity)).maxLineWidth
        || abs(prepared.unconstrainedWidth - walked) > Self.widthSlack
      {
        differing.append(text)
      }
    }
    #expect(differing.isEmpty, "\(differing.count) differ, first: \(differing.prefix(3))")
  }

  /// With a line limit, `measure` (its whole-segment fast path included) agrees with `layout`
  /// on line count and truncation, and with the walk on the widest of the lines kept.
  @Test(arguments: [1, 2, 3])
  func measureWithMaxLinesEqualsLayout(maxLines: Int) throws {
    let measurer = try Self.measurer.get()
    let style = TextStyle(fontSize: 15, lineHeight: .fixed(21), maxLines: maxLines)
    var differing: [String] = []
    for text in Self.texts {
      let prepared = try measurer.prepare(text, style: style)
      for width in Self.widths {
        let measurement = try prepared.measure(width: width)
        let layout = try prepared.layout(width: width)
        let kept = prepared.withView { Self.walk($0, width: width).prefix(maxLines) }
        let widest = kept.map(\.contentWidth).max() ?? 0
        if measurement.lineCount != layout.lineCount || measurement.truncated != layout.truncated
          || abs(measurement.maxLineWidth - widest) > Self.widthSlack
        {
          differing.append("\(width): \(text)")
        }
      }
    }
    #expect(differing.isEmpty, "\(differing.count) differ, first: \(differing.prefix(3))")
  }

  /// The first line's guess without a trapping conversion: the estimate rounded, less one, at
  /// least 0; the rest of the text when the estimate reaches the segment count or is NaN.
  @Test(arguments: [
    (0.0, 10, 0), (0.4, 10, 0), (1.0, 10, 0), (2.4, 10, 1), (2.6, 10, 2), (9.49, 10, 8),
    (10.0, 10, 9), (1e300, 10, 9), (Double.infinity, 10, 9), (Double.nan, 10, 9),
    (70_000.2, 1 << 30, 69_999), (Double(1 << 30) - 2, 1 << 30, (1 << 30) - 3),
  ])
  func firstLineGuess(estimate: Double, count: Int, following: Int) {
    #expect(PreparedText.firstLineFollowing(estimate: estimate, count: count) == following)
  }

  /// Whatever the estimate (width times segments per point: never negative, NaN for an
  /// unconstrained width over zero-width text), the guess is a segment of the text.
  @Test(arguments: [0, 0.5, 1.5, 2_147_483_647.4, 3e9, 0x1p52, 1e300, .infinity, .nan])
  func firstLineGuessStaysInsideTheText(estimate: Double) {
    for count in [1, 2, 10, 1 << 30] {
      let guess = PreparedText.firstLineFollowing(estimate: estimate, count: count)
      #expect((0..<count).contains(guess), "\(estimate), \(count) segments: \(guess)")
    }
  }

  /// The graphemes that fit, four at a time, are those adding one at a time takes, with the same
  /// sum to the last bit: for widths of any size (never negative, as shaping keeps them), at
  /// every start and limit.
  @Test func graphemesFittingEqualsAddingOneAtATime() {
    var generator = SystemRandomNumberGenerator()
    for trial in 0..<2_000 {
      let count = Int.random(in: 0..<23, using: &generator)
      let widths = (0..<count).map { _ in
        trial % 3 == 0 ? Double.random(in: 0...9, using: &generator) : Double(Int.random(in: 0...600)) / 64
      }
      let limit = Double.random(in: -2...60, using: &generator)
      let lead = Double.random(in: -1...20, using: &generator)
      let start = Int.random(in: 0...count, using: &generator)
      var expected = (end: start, width: lead)
      while expected.end < count, expected.width + widths[expected.end] <= limit {
        expected.width += widths[expected.end]
        expected.end += 1
      }
      let found = widths.withUnsafeBufferPointer {
        PreparedText.graphemesFitting($0, from: start, to: count, after: lead, within: limit)
      }
      #expect(
        found.end == expected.end && found.width.bitPattern == expected.width.bitPattern,
        "\(widths) from \(start) after \(lead) within \(limit): \(found), expected \(expected)")
    }
  }
}
