import Foundation
import Testing
import TextEngine

/// `text-wrap-style` on the `web` platform: the breaks of the visible feed and multi-script texts
/// and of the 480 rich paragraphs (styled spans) at 150/170/343 px (15 px) under `auto`,
/// `balance` and `pretty`, against Chromium 156's own (`Tests/Fixtures/corpus/wrap-visible.oracles.jsonl`,
/// `rich-wrap-visible.oracles.jsonl`, Debian's Noto fonts).
///
/// The differences are an exact list (`Tests/Fixtures/corpus/wrap-mismatches.json`): any change,
/// better or worse, fails until the list is updated. To update it, run this suite with
/// `SELFSIZE_RECORD_WRAP_MISMATCHES=1` and review the diff.
@Suite struct WrapCorpusTests {
  static let widths = ["150", "170", "343"]
  static let mismatchFile = "corpus/wrap-mismatches.json"

  /// What the engine gets wrong per wrap style: `set` → `id@width`, and how many were compared.
  struct Outcome: Codable, Equatable {
    var breaks: [String: [String]] = [:]
    var counts: [String: Int] = [:]

    func figure(_ key: String) -> String {
      let total = counts[key] ?? 0
      let wrong = breaks[key]?.count ?? 0
      return String(
        format: "%d/%d = %.2f%%", total - wrong, total, 100 * Double(total - wrong) / Double(max(total, 1)))
    }
  }

  static func outcomes() throws -> [String: Outcome] {
    var outcomes: [String: Outcome] = [:]
    var measurers: [[String]: TextMeasurer] = [:]
    let rows =
      try Fixtures.jsonLines("corpus/wrap-visible.oracles.jsonl")
      + Fixtures.jsonLines("corpus/rich-wrap-visible.oracles.jsonl")
      + Fixtures.jsonLines("corpus/rich-wrap-fresh.oracles.jsonl")
    for row in rows {
      let id = row["id"] as! String
      let set = row["set"] as! String
      let chain = row["chain"] as! [String]
      let measurer = try measurers[chain] ?? PlatformCorpusTests.measurer(chain: chain, platform: .web)
      measurers[chain] = measurer
      let widths = row["widths"] as! [String: [String: [String: Any]]]
      for wrap in TextWrap.allCases {
        let style = TextStyle(fontSize: 15, textWrap: wrap)
        // A layout's line starts, line count and widest line, and its measurement's.
        let lines: (Double) throws -> (breaks: [Int], count: Int, widest: Double, measured: TextMeasurement)
        if let text = row["text"] as? String {
          let prepared = try measurer.prepare(text, style: style)
          lines = { width in
            let layout = try prepared.layout(width: width)
            return (
              layout.breaks, layout.lineCount, layout.lines.map(\.width).max() ?? 0,
              try prepared.measure(width: width)
            )
          }
        } else {
          let spans = (row["runs"] as! [[String: Any]]).map { run in
            TextSpan(
              run["text"] as! String,
              style: TextStyle(
                fontSize: run["size"] as! Double, weight: (run["weight"] as! Int) >= 600 ? .bold : .regular))
          }
          let prepared = try measurer.prepare(spans, paragraph: style)
          lines = { width in
            let layout = try prepared.layout(width: width)
            return (
              layout.lines.dropFirst().map(\.scalarRange.lowerBound), layout.lines.count,
              layout.lines.map(\.width).max() ?? 0, try prepared.measure(width: width)
            )
          }
        }
        for width in widths.keys.sorted() {
          let expected = widths[width]![wrap.rawValue]!["breaks"] as! [Int]
          let layout = try lines(Double(width)!)
          outcomes[wrap.rawValue, default: Outcome()].counts[set, default: 0] += 1
          if layout.breaks != expected {
            outcomes[wrap.rawValue, default: Outcome()].breaks[set, default: []].append("\(id)@\(width)")
          }
          // `measure` agrees with `layout`: the same lines, the same widest line.
          #expect(layout.measured.lineCount == layout.count, "\(id)@\(width) \(wrap)")
          #expect(layout.measured.maxLineWidth == layout.widest, "\(id)@\(width) \(wrap)")
        }
      }
    }
    return outcomes
  }

  @Test func webBreaksAreChromiumsForEveryWrapStyle() throws {
    let outcomes = try Self.outcomes()
    for wrap in TextWrap.allCases {
      let outcome = outcomes[wrap.rawValue]!
      for set in outcome.counts.keys.sorted() {
        print("web text-wrap-style \(wrap.rawValue) breaks \(set) = chromium: \(outcome.figure(set))")
      }
    }
    let url = Fixtures.url(Self.mismatchFile)
    if ProcessInfo.processInfo.environment["SELFSIZE_RECORD_WRAP_MISMATCHES"] == "1" {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      try encoder.encode(outcomes).write(to: url)
      return
    }
    let known = try JSONDecoder().decode([String: Outcome].self, from: Data(contentsOf: url))
    for wrap in TextWrap.allCases {
      let now = outcomes[wrap.rawValue]!
      let before = try #require(known[wrap.rawValue], "no known mismatches recorded for \(wrap)")
      #expect(now.counts == before.counts)
      for set in Set(now.breaks.keys).union(before.breaks.keys).sorted() {
        let now = now.breaks[set] ?? []
        let before = before.breaks[set] ?? []
        #expect(
          now == before,
          "\(wrap) \(set): newly wrong \(now.filter { !before.contains($0) }), now right \(before.filter { !now.contains($0) })"
        )
      }
    }
  }
}

/// The wrap styles' limits and errors.
@Suite struct TextWrapTests {
  static func prepared(_ text: String, _ wrap: TextWrap, platform: TextPlatform = .web) throws -> PreparedText
  {
    try BundledFonts.measurer(systemFonts: false, platform: platform).prepare(
      text, style: TextStyle(fontSize: 15, textWrap: wrap))
  }

  /// Blink balances at most 6 lines: a paragraph of 10,000 lines keeps its greedy lines (and is
  /// not scored: the wrap styles stop collecting lines at the seventh).
  @Test func balanceLeavesLongParagraphsGreedy() throws {
    let text = String(repeating: "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ", count: 2_500)
    let greedy = try Self.prepared(text, .auto).layout(width: 120)
    #expect(greedy.lineCount >= 10_000)
    for wrap in [TextWrap.balance, .pretty] {
      let wrapped = try Self.prepared(text, wrap).layout(width: 120)
      #expect(wrapped.lineCount == greedy.lineCount)
      if wrap == .balance { #expect(wrapped.breaks == greedy.breaks) }
    }
  }

  /// One line, or lines ended by hard breaks only, are never re-broken.
  @Test func shortTextsStayGreedy() throws {
    for text in ["Hello", "Hello\nworld", ""] {
      for wrap in TextWrap.allCases {
        #expect(
          try Self.prepared(text, wrap).layout(width: 150).breaks
            == Self.prepared(text, .auto).layout(width: 150).breaks)
      }
    }
  }

  @Test(arguments: [TextPlatform.flutter, .ios])
  func otherPlatformsRejectWrapStyles(_ platform: TextPlatform) throws {
    #expect(throws: TextError.self) { try Self.prepared("Hello", .balance, platform: platform) }
    do {
      _ = try Self.prepared("Hello", .pretty, platform: platform)
    } catch let error as TextError {
      #expect(error.field == "textWrap")
      #expect(error.message.contains("web"))
    }
    #expect(try Self.prepared("Hello", .auto, platform: platform).layout(width: 100).lineCount == 1)
  }

  /// A batch measures a wrapped text as the text itself does.
  @Test func batchesMeasureWrappedTextsAsThemselves() throws {
    let texts = try [
      "If you have to ask how much it is, you can't afford it.",
      "Make it myself? But I'm a physical organic chemist!",
    ]
    .map { try Self.prepared($0, .balance) }
    let batch = PreparedTextBatch(texts)
    for width in [150.0, 343] {
      #expect(try batch.measure(width: width) == texts.map { try $0.measure(width: width) })
    }
  }
}
