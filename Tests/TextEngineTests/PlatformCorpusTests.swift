import Foundation
import Testing
import TextEngine

/// Paragraph heights and line breaks of the visible corpora (1,024 feed texts, 1,320 multi-script
/// UI strings, 480 rich paragraphs of styled spans) at 150/170/343 px and 15 px, on the `web` and
/// `flutter` platforms, against Chromium 156's and SkParagraph's (skia-python 144) own answers
/// for the same Debian Noto fonts: line heights `normal` (CSS) / unset (Flutter), `1.3`, and
/// `20px` (Flutter `height: 20 / 15`).
///
/// The same for 6,930 fresh texts drawn the same way from other sources (feed texts, UI strings,
/// rich paragraphs).
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

  /// The texts and answers of a corpus: the visible corpora, or the fresh texts (one file holding
  /// both engines' breaks and heights: `corpus/fresh.oracles.jsonl`).
  enum Corpus: String {
    case visible
    case fresh
  }

  /// `engine`'s breaks (`id` → width → line starts) and the rows of texts with their heights.
  static func answers(_ corpus: Corpus, engine: String) throws -> (
    breaks: [String: [String: [Int]]], rows: [[String: Any]]
  ) {
    guard corpus == .visible else {
      let rows = try Fixtures.jsonLines("corpus/fresh.oracles.jsonl")
      var breaks: [String: [String: [Int]]] = [:]
      for row in rows {
        let widths = row["breaks"] as! [String: [String: [Int]]]
        breaks[row["id"] as! String] = widths.mapValues { $0[engine]! }
      }
      return (breaks, rows)
    }
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
    return (engineBreaks, try Fixtures.jsonLines("corpus/heights-visible.oracles.jsonl"))
  }

  static func outcome(platform: TextPlatform, engine: String, corpus: Corpus = .visible) throws -> Outcome {
    var outcome = Outcome()
    var measurers: [[String]: TextMeasurer] = [:]
    let (engineBreaks, rows) = try answers(corpus, engine: engine)
    for row in rows {
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
            // `skia_lines.py` reports no start for the empty line after a final hard break
            // (SkParagraph has one; the heights count it): the fresh texts' answers stop before.
            let scalars = text.unicodeScalars.count
            layouts[width] = (
              layout.height, corpus == .fresh ? layout.breaks.filter { $0 < scalars } : layout.breaks
            )
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

  static func check(platform: TextPlatform, engine: String, corpus: Corpus = .visible) throws {
    let outcome = try Self.outcome(platform: platform, engine: engine, corpus: corpus)
    // The visible corpora's lists are under the platform's name, the fresh texts' under
    // `platform/fresh`.
    let listName = corpus == .visible ? platform.rawValue : "\(platform.rawValue)/\(corpus.rawValue)"
    for key in outcome.counts.keys.sorted() where key.contains("/") {
      print("\(listName) heights \(key) = \(engine): \(outcome.figure(key, outcome.heights))")
    }
    for key in outcome.counts.keys.sorted() where !key.contains("/") {
      print("\(listName) breaks \(key) = \(engine): \(outcome.figure(key, outcome.breaks))")
    }
    let url = Fixtures.url(mismatchFile)
    var known =
      (try? JSONDecoder().decode([String: Outcome].self, from: Data(contentsOf: url))) ?? [:]
    if ProcessInfo.processInfo.environment["SELFSIZE_RECORD_PLATFORM_MISMATCHES"] == "1" {
      known[listName] = outcome
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      try encoder.encode(known).write(to: url)
      return
    }
    let expected = try #require(known[listName], "no known mismatches recorded for \(listName)")
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
          "\(listName) \(what) \(key): newly wrong \(now.filter { !before.contains($0) }), now right \(before.filter { !now.contains($0) })"
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

  /// 6,930 texts no corpus holds (`corpus/fresh.oracles.jsonl`, see the fixtures' README).
  @Test func webOnFreshTextsIsChromium() throws {
    try Self.check(platform: .web, engine: "chromium", corpus: .fresh)
  }

  @Test func flutterOnFreshTextsIsSkParagraph() throws {
    try Self.check(platform: .flutter, engine: "skia", corpus: .fresh)
  }

  /// With the bundled defaults (the CJK primary first, which has the basic Greek and Cyrillic
  /// letters only) the 2,970 fresh multi-script texts break as each engine breaks them with the
  /// same fonts in the same order (`corpus/bundled-defaults.oracles.jsonl`): fonts are chosen as
  /// Chromium and SkParagraph fall back, a cluster staying in the first font HarfBuzz draws it
  /// with. Before, by cmap and word, 79 of 8,910 layouts broke otherwise on the web and 84 on
  /// flutter. The flutter list: three lines ending one grapheme apart. (`mb0617` at 170 px, an
  /// Arabic word too long for the line after a neutral, breaks as SkParagraph since
  /// `FlutterTooLongWords` takes bidi levels.)
  @Test(arguments: [
    (TextPlatform.web, "chromium", [String]()),
    (.flutter, "skia", ["mb0733@170", "mb0958@150", "mb1060@170"]),
  ])
  func bundledDefaultsBreakAsTheEngine(platform: TextPlatform, engine: String, known: [String]) throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: platform)
    var differing: [String] = []
    var count = 0
    for row in try Fixtures.jsonLines("corpus/bundled-defaults.oracles.jsonl") {
      let text = row["text"] as! String
      let prepared = try measurer.prepare(text, style: TextStyle(fontSize: 15, lineHeight: .fixed(21)))
      let scalars = text.unicodeScalars.count
      for (width, answers) in row["breaks"] as! [String: [String: [Int]]] {
        count += 1
        // (`skia_lines.py` reports no start for the empty line after a final hard break.)
        let breaks = try prepared.layout(width: Double(width)!).breaks.filter { $0 < scalars }
        if breaks != answers[engine]! { differing.append("\(row["id"]!)@\(width)") }
      }
    }
    print("bundled defaults, \(platform.rawValue) breaks = \(engine): \(count - differing.count)/\(count)")
    #expect(count == 8_910)
    #expect(differing.sorted() == known)
  }

  /// A web line that starts inside a bidi item and goes on past its end is as wide as Chromium
  /// lays it out (`corpus/bidi-line-widths.oracles.jsonl`: 67 lines of 65 layouts of the
  /// visible multi-script texts with the bundled defaults, Chromium 156's line widths to
  /// 1/1000 px): Blink snaps the line's part of that item as its advance rounded up, one grid
  /// unit more than the difference of its positions (`LineKey.widerFirstItemPart`). Every one of
  /// these lines was 1/64 px narrower before; the breaks are Chromium's. (Spans measure all but
  /// one of them so too: `mv00304`'s fourth line ends where the next item starts with its
  /// trailing space, which spans take as the line's last item part.)
  @Test func aLineFromInsideABidiItemIsAsWideAsChromiums() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .web)
    var differing: [String] = []
    var lines = 0
    for row in try Fixtures.jsonLines("corpus/bidi-line-widths.oracles.jsonl") {
      let text = row["text"] as! String
      let width = row["width"] as! Double
      let style = TextStyle(fontSize: 15, lineHeight: .fixed(21))
      let layout = try measurer.prepare(text, style: style).layout(width: width)
      #expect(layout.breaks == row["breaks"] as! [Int], "\(row["id"]!)@\(width)")
      for (line, chromium) in row["lines"] as! [String: Double] {
        lines += 1
        let index = Int(line)!
        // (Chromium's widths are rounded to 1/1000 px; the grid is 1/64 px.)
        if abs(layout.lines[index].width - chromium) > 0.0006 {
          differing.append("\(row["id"]!)@\(width) line \(index)")
        }
      }
    }
    #expect(lines == 67)
    #expect(differing.isEmpty, "\(differing)")
  }

  /// A fractional width is truncated to LayoutUnits before the line's epsilon is added
  /// (`LayoutUnit(float)`, `AddEpsilon`): the pieces of Hebrew and Arabic words cut between
  /// graphemes at 30 widths from 70 to 196.73 px (Chromium 156, bundled fonts in their order,
  /// `pre-wrap`, `break-word`; 120 texts, 3,600 layouts, of which the fixture keeps the 46 where
  /// a model ever differed). With the width itself plus 1/64 px as the limit, 45 layouts broke
  /// one grapheme later than Chromium (a piece 78.7506 px wide fitted at 78.74 px); 30 still
  /// do, nearly all at a kerning pair or Arabic join the cut falls inside, which Blink reshapes
  /// (`Docs/Platforms.md`, a word cut inside a kerning pair). (`cut084@183.62`: plain text also
  /// needed a cut word's tail to fit at a tie past its bidi item; `cut083@148.66`, a piece over
  /// several bidi items, fits once its items' parts are snapped.)
  @Test func aFractionalWidthIsTruncatedToLayoutUnits() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .web)
    let style = TextStyle(fontSize: 15, lineHeight: .fixed(21))
    var plainDiffering: [String] = []
    var spanDiffering: [String] = []
    for row in try Fixtures.jsonLines("corpus/fractional-widths.oracles.jsonl") {
      let text = row["text"] as! String
      let width = row["width"] as! Double
      let breaks = row["breaks"] as! [Int]
      let name = "\(row["id"]!)@\(width)"
      if try measurer.prepare(text, style: style).layout(width: width).breaks != breaks {
        plainDiffering.append(name)
      }
      let span = try measurer.prepare([TextSpan(text, style: style)], paragraph: nil, truncationToken: nil)
      if try span.layout(width: width).breaks != breaks { spanDiffering.append(name) }
    }
    let kerningPairCuts = [
      "cut086@70.0", "cut091@70.0", "cut099@70.0", "cut044@78.74", "cut091@78.74", "cut099@87.48",
      "cut119@87.48", "cut004@91.85", "cut047@91.85", "cut098@96.22", "cut038@100.59", "cut043@100.59",
      "cut056@100.59", "cut050@104.96", "cut117@104.96", "cut015@122.44", "cut064@122.44", "cut115@122.44",
      "cut060@126.81", "cut084@126.81", "cut110@126.81", "cut036@131.18", "cut115@131.18", "cut028@135.55",
      "cut013@139.92", "cut032@148.66", "cut032@153.03", "cut088@153.03", "cut083@161.77",
      "cut100@174.88",
    ]
    #expect(plainDiffering == kerningPairCuts)
    #expect(spanDiffering == kerningPairCuts)
  }

  /// The width of a line that starts with the tail of a word cut between graphemes inside a
  /// bidi item and goes on past the item's end (Chromium 156, the layouts of
  /// `aFractionalWidthIsTruncatedToLayoutUnits` whose breaks are Chromium's): Blink snaps the
  /// line's part of that item as its advance rounded up (`LeadPastItem`). Every one of these
  /// 1,236 lines was 1/64 px narrower before; the breaks are Chromium's. The second fixture: 625
  /// lines of the same layouts that are a piece or the tail of a cut word reaching the end of the
  /// item it starts in (`CutWordPositions.widening`), each 1/64 px narrower before.
  @Test(arguments: [
    ("corpus/cut-tail-line-widths.oracles.jsonl", 1_236), ("corpus/cut-piece-line-widths.oracles.jsonl", 625),
  ])
  func aLineFromACutWordsTailIsAsWideAsChromiums(fixture: String, count: Int) throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .web)
    let style = TextStyle(fontSize: 15, lineHeight: .fixed(21))
    var prepared: [String: PreparedText] = [:]
    var differing: [String] = []
    var lines = 0
    for row in try Fixtures.jsonLines(fixture) {
      let text = row["text"] as! String
      let width = row["width"] as! Double
      if prepared[text] == nil { prepared[text] = try measurer.prepare(text, style: style) }
      let layout = try prepared[text]!.layout(width: width)
      #expect(layout.breaks == row["breaks"] as! [Int], "\(row["id"]!)@\(width)")
      for (line, chromium) in row["lines"] as! [String: Double] {
        lines += 1
        // (Chromium's widths are rounded to 1/1000 px; the grid is 1/64 px.)
        if abs(layout.lines[Int(line)!].width - chromium) > 0.0006 {
          differing.append("\(row["id"]!)@\(width) line \(line)")
        }
      }
    }
    #expect(lines == count)
    #expect(differing.isEmpty, "\(differing)")
  }

  /// Words cut between graphemes at narrow widths, against Chromium 156 (bundled fonts in their
  /// order, 15 px, `pre-wrap`, `break-word`; `corpus/cut-word-line-widths.oracles.jsonl`: 120
  /// feed and multi-script texts with a run of 16 or more Latin letters, digits or URL
  /// punctuation, and 80 made of kerned words, at 60, 80, 100, 125, 150 and 175 px). Blink
  /// reshapes a cut word's line end, so the piece loses the kerning to the grapheme after it
  /// (Noto Sans CJK SC kerns most Latin pairs: a piece is typically 0.15–0.4 px wider than its
  /// graphemes' advances in context) and steps back a grapheme when the reshaped piece no longer
  /// fits (`View.cutKerning`, `PreparedText.steppingBack`). Before the engine did so, 45 layouts
  /// broke otherwise and 775 of 10,359 lines differed in width; then 4 layouts (a hyphen before
  /// digits that Chromium keeps with them on a line that starts at it:
  /// `PlatformTextRules.joinsLineStartHyphens`); now none, and 47 of 10,907 lines
  /// (pieces ending inside `ff`, `fl`, `fi` and a few 1/64 px roundings), listed exactly in
  /// `corpus/cut-word-mismatches.json` (any change either way fails until the list is updated;
  /// `SELFSIZE_RECORD_CUT_WORD_MISMATCHES=1` rewrites it).
  @Test func cutWordsBreakAndMeasureAsChromiumsAtNarrowWidths() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .web)
    let style = TextStyle(fontSize: 15, lineHeight: .fixed(21))
    var prepared: [String: PreparedText] = [:]
    var breaksDiffering: [String] = []
    var widthsDiffering: [String] = []
    var layouts = 0
    var lines = 0
    for row in try Fixtures.jsonLines("corpus/cut-word-line-widths.oracles.jsonl") {
      let text = row["text"] as! String
      let width = row["width"] as! Double
      let name = "\(row["id"]!)@\(width)"
      if prepared[text] == nil { prepared[text] = try measurer.prepare(text, style: style) }
      let layout = try prepared[text]!.layout(width: width)
      layouts += 1
      guard layout.breaks == row["breaks"] as! [Int] else {
        breaksDiffering.append(name)
        continue
      }
      let chromium = row["lines"] as! [String: Double]
      for (index, line) in layout.lines.enumerated() {
        lines += 1
        // (Chromium's widths are rounded to 1/1000 px; the grid is 1/64 px.)
        if abs(line.width - chromium[String(index)]!) > 0.0006 {
          widthsDiffering.append("\(name) line \(index)")
        }
      }
    }
    if ProcessInfo.processInfo.environment["SELFSIZE_RECORD_CUT_WORD_MISMATCHES"] == "1" {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      try encoder.encode(["breaks": breaksDiffering, "widths": widthsDiffering])
        .write(to: Fixtures.url("corpus/cut-word-mismatches.json"))
      return
    }
    let known = try Fixtures.json("corpus/cut-word-mismatches.json") as! [String: [String]]
    print(
      "web cut words = chromium: breaks \(layouts - breaksDiffering.count)/\(layouts), widths"
        + " \(lines - widthsDiffering.count)/\(lines) lines")
    #expect(layouts == 1_200)
    #expect(lines == 10_907)
    #expect(breaksDiffering == known["breaks"]!)
    #expect(widthsDiffering == known["widths"]!)
  }

  /// Words with a hyphen before digits (`issuecomment-601105975`, `CVE-2020-12345`,
  /// `2019-11-28`, `x86-64`, URLs with dates) in 70 texts at 33 widths from 60 to 140 px
  /// (`corpus/hyphen-digits.oracles.jsonl`, Chromium 156, bundled fonts in their order,
  /// `break-word`): a line that starts at a cut word's hyphen keeps the digits after it
  /// (`PlatformTextRules.joinsLineStartHyphens`). Every layout breaks as Chromium (52 of
  /// the 2,310 did not before the rule) and every line is as wide, in plain text and one span;
  /// `measure` counts the same lines.
  @Test func wordsWithAHyphenBeforeDigitsBreakAsChromiums() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .web)
    let style = TextStyle(fontSize: 15, lineHeight: .fixed(21))
    var layouts = 0
    var lines = 0
    for row in try Fixtures.jsonLines("corpus/hyphen-digits.oracles.jsonl") {
      let text = row["text"] as! String
      let prepared = try measurer.prepare(text, style: style)
      let rich = try measurer.prepare([TextSpan(text, style: style)])
      let chromiumWidths = row["widths"] as! [String: [Double]]
      for (width, chromium) in row["breaks"] as! [String: [Int]] {
        let name = "\(row["id"]!)@\(width)"
        layouts += 1
        let (layout, spans) = try Self.layouts(
          prepared, rich, width: Double(width)!, expectingBreaks: chromium, name: name)
        guard layout.breaks == chromium else { continue }
        for (index, line) in layout.lines.enumerated() {
          lines += 1
          // (Chromium's widths are rounded to 1/1000 px; the grid is 1/64 px.)
          #expect(abs(line.width - chromiumWidths[width]![index]) < 0.0006, "\(name) line \(index)")
          #expect(
            abs(spans.lines[index].width - chromiumWidths[width]![index]) < 0.0006,
            "\(name) span line \(index)")
        }
      }
    }
    #expect(layouts == 2_310)
    #expect(lines == 22_395)
  }

  /// A line from inside a bidi item whose content ends exactly at the limit past the item's end
  /// (a tie; Chromium 156, bundled fonts in their order, `pre-wrap`): the 200 layouts of the
  /// visible multi-script and feed texts with right-to-left scalars, at widths from 60 px in
  /// steps of 1/64 px, where the tie ranks of the line's ends (`LineKey.tieRank`, from two
  /// items) refused the line. Past its first item a line's last item part starts on the grid,
  /// and such a tie fits (`decidingTiesBeforeItemEnd`); a segment whose first item ends inside
  /// it now keeps its `widerFirstItemPart` flag (its key was written after the flag). Chromium's
  /// breaks on 190 of the 200 (139 by the tie ranks alone; one more since the web's paragraph is
  /// left to right, `BidiLevels.segmentDirections(_:breaks:isLeftToRight:)`).
  @Test func aTiePastABidiItemFitsAsChromiums() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .web)
    let style = TextStyle(fontSize: 15, lineHeight: .fixed(21))
    var differing: [String] = []
    var measuredOtherwise: [String] = []
    for row in try Fixtures.jsonLines("corpus/bidi-ties.oracles.jsonl") {
      let text = row["text"] as! String
      let width = row["width"] as! Double
      let prepared = try measurer.prepare(text, style: style)
      let layout = try prepared.layout(width: width)
      if layout.breaks != row["breaks"] as! [Int] {
        differing.append("\(row["id"]!)@\(width)")
      }
      // `measure` and a batch find the same lines (they once searched whole segments by the
      // ranks alone: 5 of the 200 came out a line longer).
      let measured = try prepared.measure(width: width)
      let batched = try PreparedTextBatch([prepared]).measure(width: width)
      if measured.lineCount != layout.lineCount || batched != [measured] {
        measuredOtherwise.append("\(row["id"]!)@\(width)")
      }
    }
    #expect(measuredOtherwise.isEmpty, "\(measuredOtherwise)")
    // (All in Arabic or Persian text; `tie040@62.625` is a line whose content ends exactly at
    // its first item's end, its trailing space in the next item, whose tie Chromium refuses.)
    #expect(
      differing == [
        "tie040@62.625", "tie040@82.5", "tie040@89.703125", "tie040@147.859375", "tie053@80.25",
        "tie053@110.0",
        "tie061@115.890625", "tie061@142.8125", "tie062@210.453125", "tie072@89.734375",
      ])
  }
}

extension PlatformCorpusTests {
  /// `prepared` and `rich` (one span of the same text) laid out at `width`, each expected to
  /// break at `breaks` (Chromium's), and `measure` to count `prepared`'s lines.
  static func layouts(
    _ prepared: PreparedText, _ rich: AttributedText, width: Double, expectingBreaks breaks: [Int],
    name: String
  ) throws -> (plain: TextLayout, spans: AttributedLayout) {
    let layout = try prepared.layout(width: width)
    #expect(layout.breaks == breaks, "\(name)")
    #expect(try prepared.measure(width: width).lineCount == layout.lines.count, "\(name)")
    let spans = try rich.layout(width: width)
    #expect(spans.lines.dropFirst().map(\.scalarRange.lowerBound) == breaks, "\(name)")
    return (layout, spans)
  }
}
