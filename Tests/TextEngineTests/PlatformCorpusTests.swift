import Foundation
import Testing
import TextEngine

/// Paragraph heights and line breaks of the visible corpora (1,024 feed texts, 1,320 multi-script
/// UI strings, 480 rich paragraphs of styled spans) at 150/170/343 px and 15 px, on the `web` and
/// `flutter` platforms, against Chromium 156's and SkParagraph's (skia-python 144) own answers
/// for the same Debian Noto fonts: line heights `normal` (CSS) / unset (Flutter), `1.3`, and
/// `20px` (Flutter `height: 20 / 15`).
///
/// Each platform's differences from its engine are an exact list
/// (`Tests/Fixtures/corpus/platform-mismatches.json`): any change, better or worse, fails until
/// the list is updated. To update it, run this suite with `SELFSIZE_RECORD_PLATFORM_MISMATCHES=1`
/// and review the diff.
@Suite struct PlatformCorpusTests {
  static let modes: [(name: String, lineHeight: LineHeight)] = [
    ("normal", .natural), ("1.3", .fontSizeMultiple(1.3)), ("20px", .fixed(20)),
  ]
  static let widths = ["150", "170", "343"]
  static let mismatchFile = "corpus/platform-mismatches.json"

  /// What one platform gets wrong: `set/mode` → `id@width` for heights (off by more than
  /// 1/128 px), `set` → `id@width` for breaks.
  struct Outcome: Codable, Equatable {
    var heights: [String: [String]] = [:]
    var breaks: [String: [String]] = [:]
    var counts: [String: Int] = [:]

    func figure(_ key: String, _ list: [String: [String]]) -> String {
      let total = counts[key] ?? 0
      let wrong = list[key]?.count ?? 0
      return String(
        format: "%d/%d = %.2f%%", total - wrong, total, 100 * Double(total - wrong) / Double(max(total, 1)))
    }
  }

  /// The measurers of each chain (named by family in the corpus) on a platform.
  static func measurer(chain: [String], platform: TextPlatform) throws -> TextMeasurer {
    let fonts = try FontSelection(regular: chain, appendsBundledEmoji: false).resolve()
    #expect(fonts.regular.fonts.allSatisfy { !$0.path.contains("SelfSizingResources") })
    return TextMeasurer(regular: fonts.regular, bold: fonts.bold, systemFonts: false, platform: platform)
  }

  static func outcome(platform: TextPlatform, engine: String) throws -> Outcome {
    var outcome = Outcome()
    var measurers: [[String]: TextMeasurer] = [:]
    var engineBreaks: [String: [String: [Int]]] = [:]
    for file in ["corpus/feed-visible.oracles.jsonl", "corpus/multiscript-visible.oracles.jsonl"] {
      for row in try Fixtures.jsonLines(file) {
        let widths = row["widths"] as! [String: [String: [String: Any]]]
        engineBreaks[row["id"] as! String] = widths.mapValues { $0[engine]!["breaks"] as! [Int] }
      }
    }
    // Rich paragraphs: Chromium's breaks in the rich oracle; SkParagraph's recovered with
    // skia-python (see the fixtures' README).
    if engine == "chromium" {
      for row in try Fixtures.jsonLines("corpus/rich-visible.oracles.jsonl") {
        let widths = row["widths"] as! [String: [String: [String: Any]]]
        engineBreaks[row["id"] as! String] = widths.mapValues { $0[engine]!["breaks"] as! [Int] }
      }
    } else {
      let rich = try Fixtures.json("corpus/rich-visible.skia-breaks.json") as! [String: [String: [Int]]]
      engineBreaks.merge(rich) { old, _ in old }
    }
    for row in try Fixtures.jsonLines("corpus/heights-visible.oracles.jsonl") {
      let id = row["id"] as! String
      let set = row["set"] as! String
      let chain = row["chain"] as! [String]
      let measurer = try measurers[chain] ?? Self.measurer(chain: chain, platform: platform)
      measurers[chain] = measurer
      let heights = row["heights"] as! [String: [String: [String: Double]]]
      for mode in modes {
        let key = "\(set)/\(mode.name)"
        var layouts: [String: (height: Double, breaks: [Int])] = [:]
        if let text = row["text"] as? String {
          let prepared = try measurer.prepare(
            text, style: TextStyle(fontSize: 15, lineHeight: mode.lineHeight))
          for width in widths {
            let layout = try prepared.layout(width: Double(width)!)
            layouts[width] = (layout.height, layout.breaks)
          }
        } else {
          let runs = row["runs"] as! [[String: Any]]
          let spans = runs.map { run in
            TextSpan(
              run["text"] as! String,
              style: TextStyle(
                fontSize: run["size"] as! Double, weight: (run["weight"] as! Int) >= 600 ? .bold : .regular,
                lineHeight: mode.lineHeight))
          }
          let prepared = try measurer.prepare(
            spans, paragraph: TextStyle(fontSize: 15, lineHeight: mode.lineHeight))
          for width in widths {
            let layout = try prepared.layout(width: Double(width)!)
            layouts[width] = (layout.height, layout.lines.dropFirst().map(\.scalarRange.lowerBound))
          }
        }
        for width in widths {
          let expected = heights[mode.name]![width]![engine]!
          outcome.counts[key, default: 0] += 1
          if abs(layouts[width]!.height - expected) > 1.0 / 128 {
            outcome.heights[key, default: []].append("\(id)@\(width)")
          }
          if mode.name == "normal", let breaks = engineBreaks[id]?[width] {
            outcome.counts[set, default: 0] += 1
            if layouts[width]!.breaks != breaks { outcome.breaks[set, default: []].append("\(id)@\(width)") }
          }
        }
      }
    }
    return outcome
  }

  static func check(platform: TextPlatform, engine: String) throws {
    let outcome = try Self.outcome(platform: platform, engine: engine)
    for key in outcome.counts.keys.sorted() where key.contains("/") {
      print("\(platform.rawValue) heights \(key) = \(engine): \(outcome.figure(key, outcome.heights))")
    }
    for key in outcome.counts.keys.sorted() where !key.contains("/") {
      print("\(platform.rawValue) breaks \(key) = \(engine): \(outcome.figure(key, outcome.breaks))")
    }
    let url = Fixtures.url(mismatchFile)
    var known =
      (try? JSONDecoder().decode([String: Outcome].self, from: Data(contentsOf: url))) ?? [:]
    if ProcessInfo.processInfo.environment["SELFSIZE_RECORD_PLATFORM_MISMATCHES"] == "1" {
      known[platform.rawValue] = outcome
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      try encoder.encode(known).write(to: url)
      return
    }
    let expected = try #require(known[platform.rawValue], "no known mismatches recorded for \(platform)")
    #expect(outcome.counts == expected.counts)
    // Every list exactly as recorded: texts newly wrong and texts now right both fail.
    for (what, now, before) in [
      ("heights", outcome.heights, expected.heights), ("breaks", outcome.breaks, expected.breaks),
    ] {
      for key in Set(now.keys).union(before.keys).sorted() {
        let now = now[key] ?? []
        let before = before[key] ?? []
        #expect(
          now == before,
          "\(platform) \(what) \(key): newly wrong \(now.filter { !before.contains($0) }), now right \(before.filter { !now.contains($0) })"
        )
      }
    }
  }

  @Test func webHeightsAndBreaksAreChromiums() throws {
    try Self.check(platform: .web, engine: "chromium")
  }

  @Test func flutterHeightsAndBreaksAreSkParagraphs() throws {
    try Self.check(platform: .flutter, engine: "skia")
  }
}
