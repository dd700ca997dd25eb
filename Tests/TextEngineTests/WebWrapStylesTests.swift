import Foundation
import Testing

@testable import TextEngine

/// `WebWrapStyles`' own measure of a line (`LineInfo::Width()` in LayoutUnits), which its balance
/// and pretty scores read.
@Suite struct WebWrapStylesTests {
  /// A piece of a word cut between graphemes is as many LayoutUnits wide as the greedy breaker
  /// reports it, from its ends' snapped positions (`PreparedText.CutWordPositions`) and how far
  /// each was rounded up (`WebWrapStyles.reportedLayoutUnits`): feed
  /// texts at widths that cut their longer words, with and without letter spacing, and a word
  /// holding a right-to-left item.
  @Test func aCutWordsPiecesAreAsWideAsTheGreedyBreakerMeasuresThem() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .web)
    var texts = try Fixtures.jsonLines("corpus/feed-visible.jsonl").prefix(200).map { $0["text"] as! String }
    texts.append("abcdefghשלוםijklmnopqrstuvwxyz abcdefghijklmnopqrstuvwxyz")
    var pieces = 0
    var differing: [String] = []
    for letterSpacing in [0.0, 0.5] {
      for (number, text) in texts.enumerated() {
        let prepared = try measurer.prepare(
          text, style: TextStyle(fontSize: 15, letterSpacing: letterSpacing))
        for width in [37.5, 61.25] {
          prepared.withView { view in
            PreparedText.forEachLine(in: view, limit: WebTextRules.lineLimit(forWidth: width), platform: .web)
            {
              line in
              let end = line.graphemeRange.upperBound
              // A line that ends inside a segment: a piece of a cut word, no hanging spaces.
              let endsInsideSegment =
                end < view.graphemeWidths.count
                && !view.segments.contains { Int($0.graphemeStart) == end }
              if endsInsideSegment {
                pieces += 1
                // (The width without the hanging spaces: a piece has none.)
                let units = WebWrapStyles.reportedLayoutUnits(ofGraphemes: line.graphemeRange, in: view)
                if Double(units) != line.contentWidth * 64 {
                  differing.append("text \(number) @\(width): \(units) for \(line.contentWidth * 64)")
                }
              }
              return true
            }
          }
        }
      }
    }
    #expect(pieces > 100)
    #expect(differing.isEmpty, "\(differing.count): \(differing.prefix(3))")
  }

  /// Balancing one span bisects as its plain text does: a width at which the greedy breaker cuts
  /// a word is too narrow (Blink's `BreakLines` gives up there), though the word's segment is
  /// 1/64 px narrower than its snapped item parts. Found by the `attributed` fuzzer
  /// (`web-balance-span-breaks-b`, `web-balance-letter-spacing-breaks`): the span cut
  /// `…TRxh|q` at 264.73 px where the plain text stays greedy.
  @Test(arguments: [
    (
      "\u{0}\u{FFFD} \u{FFFD}O10io\u{FFFD}\u{FFFD}\u{FFFD}TRxhq ISO10647t\u{FFFD}\u{FFFD}",
      TextStyle(fontSize: 25, weight: .bold, language: "hi"), 264.734375, [3, 18]
    ),
    (
      "DFMingYYYYYY\u{FFFD}\u{FFFD}$\tM\u{0}\u{0}\u{0}DYYYYiYYYYYY\u{FFFD}\u{FFFD}$\tM\u{0}\u{0}\u{0}"
        + "DYYYYing\u{FFFD}K\u{627}Y",
      TextStyle(fontSize: 18, weight: .bold, letterSpacing: 11.125, language: "ar"), 463.0640625, [16, 36]
    ),
  ])
  func oneBalancedSpanBreaksAsItsPlainText(text: String, style: TextStyle, width: Double, breaks: [Int])
    throws
  {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .web)
    var style = style
    style.textWrap = .balance
    let plain = try measurer.prepare(text, style: style).layout(width: width)
    let span = try measurer.prepare([TextSpan(text, style: style)], paragraph: nil, truncationToken: nil)
      .layout(width: width)
    #expect(plain.breaks == breaks)
    #expect(span.breaks == breaks)
  }

  /// A letter spacing far below 0 takes positions back (a cluster's advance and its spacing
  /// under 0): the searches over whole segments, which look for the first segment past a line's
  /// reach, cannot find it, so such a text is laid out by the line finder alone, and balance and
  /// pretty keep its greedy lines. (Fuzz findings, `Fuzz/Corpus/text/crash-negative-spacing-balance`
  /// and `-b`: balance gave 2 lines where greedy gave 1; in the second, trailing spaces narrower
  /// than nothing ended a segment before the content of the one before it; and
  /// `Fuzz/Corpus/attributed/crash-negative-spacing-balance`, where a paragraph of one span was
  /// balanced over such positions and broke away from its plain text.)
  @Test func positionsThatFallBackKeepTheGreedyLines() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .web)
    let text =
      "ok famGily \u{1F44D}\u{1F3FD} ok \u{FFFD} Dags ok bad ( ok bad en Dd DFKadi-S _ g\u{3BC}\u{3B5} osts"
    for spacing in [-11.125, -20, -5] {
      var style = TextStyle(fontSize: 15, letterSpacing: spacing, lineHeight: .fixed(21))
      let greedy = try measurer.prepare(text, style: style)
      for wrap in [TextWrap.balance, .pretty] {
        style.textWrap = wrap
        let wrapped = try measurer.prepare(text, style: style)
        // (A paragraph of one span breaks as its plain text: fuzz finding `Fuzz/Corpus/attributed/crash-negative-spacing-balance`.)
        let spans = try measurer.prepare([TextSpan(text, style: style)])
        for width in [30.0, 51, 100, 170] {
          let lines = try greedy.layout(width: width)
          #expect(try greedy.measure(width: width).lineCount == lines.lines.count, "\(spacing) \(width)")
          #expect(
            try wrapped.measure(width: width).lineCount == lines.lines.count, "\(wrap) \(spacing) \(width)")
          #expect(
            try spans.layout(width: width).breaks == wrapped.layout(width: width).breaks,
            "spans \(wrap) \(spacing) \(width)")
        }
      }
    }
    // The same in a paragraph of one span, whose positions fall back at this spacing and size
    // (`Fuzz/Corpus/attributed/crash-negative-spacing-balance`: balanced, it broke at [8, 36],
    // its plain text at [24, 36]).
    let replacements = String(repeating: "\u{FFFD}", count: 6)
    let fuzzedSpan =
      "\(replacements)\u{7}/\u{FFFD}\0\u{FFFD}\u{68F}\(replacements.dropFirst())If you have to \0\0\0\u{C}"
      + "\u{FFFD}\u{FFFD}\0\0\u{FFFD}\u{FFFD}yasok u"
    for wrap in [TextWrap.balance, .pretty] {
      let style = TextStyle(
        fontSize: 64.75, weight: .bold, letterSpacing: -15.625, lineSpacing: 2, pixelScale: 2, textWrap: wrap)
      let plain = try measurer.prepare(fuzzedSpan, style: style)
      let spans = try measurer.prepare([TextSpan(fuzzedSpan, style: style)])
      for width in [1023.546875, 512.7734375] {
        #expect(
          try spans.layout(width: width).breaks == plain.layout(width: width).breaks, "\(wrap) \(width)")
      }
    }
    for seed in ["crash-negative-spacing-balance", "crash-negative-spacing-balance-b"] {
      var crash = TextStyle(
        fontSize: 15, letterSpacing: -11.125, lineSpacing: 14, pixelScale: 1, language: "vi")
      let data = try Data(contentsOf: Fixtures.url("../../Fuzz/Corpus/text/\(seed)"))
      let fuzzed = String(decoding: data.dropFirst(9), as: UTF8.self)
      let greedy = try measurer.prepare(fuzzed, style: crash)
      crash.textWrap = .balance
      let balanced = try measurer.prepare(fuzzed, style: crash)
      for width in [51.0, 100, 170] {
        let count = try greedy.measure(width: width).lineCount
        #expect(try greedy.layout(width: width).lines.count == count, "\(seed) \(width)")
        #expect(try balanced.measure(width: width).lineCount == count, "\(seed) \(width)")
      }
    }
  }

  /// A paragraph's positions are rounded up from its own start, so after a hard break (here a
  /// form feed) they may start a hair before the last start of the paragraph before: the keys'
  /// positions do not rise at any letter spacing, and balance keeps the greedy lines, spans as
  /// plain text. (A fuzz run found a span at 0 spacing balanced `[8, 39]` at 1740.03 px where
  /// plain text keeps `[31, 39]`, when spans checked their positions under a negative spacing
  /// only: `Fuzz/Corpus/attributed/crash-web-balance-hard-break-positions`.)
  @Test func positionsThatFallBackAtAHardBreakKeepTheGreedyLinesInSpans() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .web)
    let data = try Data(
      contentsOf: Fixtures.url("../../Fuzz/Corpus/attributed/crash-web-balance-hard-break-positions"))
    let fuzzed = String(decoding: data.dropFirst(8), as: UTF8.self)
    let style = TextStyle(
      fontSize: 64.75, weight: .bold, lineSpacing: 2, pixelScale: 2, textWrap: .balance)
    let plain = try measurer.prepare(fuzzed, style: style)
    let spans = try measurer.prepare([TextSpan(fuzzed, style: style)])
    #expect(try plain.layout(width: 1740.0296875).breaks == [31, 39])
    #expect(try spans.layout(width: 1740.0296875).breaks == [31, 39])
  }

  /// Balance never gives more lines than the greedy breaker, nor a line wider than the width:
  /// a text with bidi items, whose lines past an item's end only the line finder measures, is
  /// bisected with the line finder's passes (the keys' whole-segment search took 2 lines for 3:
  /// `Fuzz/Corpus/text/crash-balance-bidi-more-lines`; Chromium 156 balances it at [2], lines
  /// 67.969 and 153.297 px wide); and the bisection starts from the width truncated to
  /// LayoutUnits, as the line limit is (`crash-balance-over-width`: 1.3515625 px was taken for 87
  /// LayoutUnits, and `-r` came out one line 1.375 px wide).
  @Test func balanceKeepsTheGreedyLineCountAndTheWidth() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .web)
    let bidi = try measurer.prepare(
      "\u{FFFD}/\u{FFFD}\u{0644}/\u{FFFD}", style: TextStyle(fontSize: 49, weight: .bold, textWrap: .balance))
    let balanced = try bidi.layout(width: 173.1078125)
    #expect(balanced.breaks == [2])
    #expect(balanced.lines.map(\.width) == [67.96875, 153.296875])
    let tiny = try measurer.prepare(
      "-r", style: TextStyle(fontSize: 0.5, letterSpacing: 0.5, language: "en", textWrap: .balance))
    let lines = try tiny.layout(width: 1.3515625).lines
    #expect(lines.count == 2)
    #expect(lines.allSatisfy { $0.width <= 1.3515625 })
    // A text with bidi items takes its greedy lines from the line finder, not the keys' search
    // over whole segments (`crash-balance-bidi-negative-spacing`: 600 scalars at 15 px with
    // −11.125 px letter spacing; the keys found 5 lines at 170 px where the finder has 4).
    let data = try Data(
      contentsOf: Fixtures.url("../../Fuzz/Corpus/text/crash-balance-bidi-negative-spacing"))
    let fuzzed = String(decoding: data.dropFirst(9), as: UTF8.self)
    var style = TextStyle(
      fontSize: 15, letterSpacing: -11.125, lineSpacing: 14, pixelScale: 1, language: "vi")
    let greedy = try measurer.prepare(fuzzed, style: style)
    style.textWrap = .balance
    let balancedFuzz = try measurer.prepare(fuzzed, style: style)
    for width in [51.0, 100, 170] {
      #expect(
        try balancedFuzz.measure(width: width).lineCount == greedy.measure(width: width).lineCount, "\(width)"
      )
    }
  }
}
