import Foundation
import Testing

@testable import TextEngine

/// Fonts users bring rather than the bundled Noto fonts: Lato (kerning in `GPOS`, a space kerned
/// with the letters around it) and Open Sans as Debian ships it (kerning only in a legacy `kern`
/// table), each cut to printable ASCII, and that Open Sans cut with its `kern` table padded past
/// what Chromium's font sanitizer keeps (`Tests/Fixtures/README.md`). The 285 ASCII texts of the
/// visible feed at 100, 150, 170 and 343 px against Chromium 156 and SkParagraph
/// (`corpus/other-fonts.oracles.jsonl`).
@Suite struct OtherFontsCorpusTests {
  static let files = [
    "lato": "TestSansL-Regular.ttf", "opensans": "TestSansO-Regular.ttf",
    "opensans-bigkern": "TestSansO-Regular-bigkern.ttf",
  ]

  static func measurer(_ name: String, platform: TextPlatform) throws -> TextMeasurer {
    let font = try Font(path: Fixtures.url("fonts/\(files[name]!)").path)
    return TextMeasurer(regular: try FontChain([font]), systemFonts: false, platform: platform)
  }

  static let modes: [(String, LineHeight)] = [
    ("normal", .natural), ("1.3", .fontSizeMultiple(1.3)), ("20px", .fixed(20)),
  ]

  /// Calls `body` with each font's name and measurer on `platform`, and each row of the corpus
  /// with its text and that font's answers.
  static func forEachRow(
    on platform: TextPlatform,
    _ body: (String, TextMeasurer, [String: Any], String, [String: Any]) throws -> Void
  ) throws {
    for name in files.keys.sorted() {
      let measurer = try measurer(name, platform: platform)
      for row in try Fixtures.jsonLines("corpus/other-fonts.oracles.jsonl") {
        try body(
          name, measurer, row, row["text"] as! String,
          (row["fonts"] as! [String: Any])[name] as! [String: Any])
      }
    }
  }

  /// Expects `text`'s heights in the three line-height modes at each width to be `engine`'s in
  /// `oracle` (a font's entry of a row: `heights`, mode → width → engine → px).
  static func expectHeights(
    of text: String, by measurer: TextMeasurer, as oracle: [String: Any], engine: String, label: String
  ) throws {
    let heights = oracle["heights"] as! [String: [String: [String: Double]]]
    for (mode, lineHeight) in modes {
      let prepared = try measurer.prepare(text, style: TextStyle(fontSize: 15, lineHeight: lineHeight))
      for (width, engines) in heights[mode]! {
        let height = try prepared.measure(width: Double(width)!).height
        #expect(abs(height - engines[engine]!) < 1.0 / 128, "\(label)@\(width) \(mode)")
      }
    }
  }

  /// Web: every layout breaks as Chromium, and every line is as wide as Chromium's but for a
  /// known list (`corpus/other-fonts-mismatches.json`; `SELFSIZE_RECORD_OTHER_FONTS_MISMATCHES=1`
  /// rewrites it); heights equal Chromium's in the three line-height modes. Before a space's
  /// kerning with the next word counted (`KerningPairs`), Lato broke otherwise on 3 of the 1,020
  /// layouts at 150/170/343 px; before the sanitizer's rule (`WebFontSanitizer`), the padded
  /// Open Sans broke otherwise on 68 of these 1,140.
  @Test func webLayoutsAreChromiums() throws {
    var breaksDiffering: [String] = []
    var widthsDiffering: [String] = []
    var layouts = 0
    var lines = 0
    try Self.forEachRow(on: .web) { name, measurer, row, text, oracle in
      let prepared = try measurer.prepare(text, style: TextStyle(fontSize: 15, lineHeight: .fixed(21)))
      let widths = oracle["widths"] as! [String: [Double]]
      for (width, engines) in (oracle["breaks"] as! [String: [String: [Int]]]).sorted(by: {
        $0.key < $1.key
      }) {
        let label = "\(name) \(row["id"]!)@\(width)"
        layouts += 1
        let layout = try prepared.layout(width: Double(width)!)
        #expect(try prepared.measure(width: Double(width)!).lineCount == layout.lines.count, "\(label)")
        guard layout.breaks == engines["chromium"]! else {
          breaksDiffering.append(label)
          continue
        }
        for (index, line) in layout.lines.enumerated() {
          lines += 1
          // (Chromium's widths are rounded to 1/1000 px; the grid is 1/64 px.)
          if abs(line.width - widths[width]![index]) >= 0.0006 {
            widthsDiffering.append("\(label) line \(index)")
          }
        }
      }
      try Self.expectHeights(
        of: text, by: measurer, as: oracle, engine: "chromium", label: "\(name) \(row["id"]!)")
    }
    #expect(layouts == 3_420)
    if ProcessInfo.processInfo.environment["SELFSIZE_RECORD_OTHER_FONTS_MISMATCHES"] == "1" {
      try JSONSerialization.data(
        withJSONObject: ["breaks": breaksDiffering, "widths": widthsDiffering], options: [.prettyPrinted]
      )
      .write(to: Fixtures.url("corpus/other-fonts-mismatches.json"))
    }
    let known = try Fixtures.json("corpus/other-fonts-mismatches.json") as! [String: [String]]
    #expect(breaksDiffering == known["breaks"]!)
    #expect(widthsDiffering == known["widths"]!)
    #expect(lines == 16_203)
  }

  /// Flutter: breaks equal SkParagraph's wherever skia-python's answer is reliable (Lato's mostly
  /// are not: its recovered lines overlap), heights in the three modes everywhere. SkParagraph
  /// reads the font as it is, so the padded Open Sans keeps its kerning there.
  @Test func flutterLayoutsAreSkParagraphs() throws {
    var compared = 0
    try Self.forEachRow(on: .flutter) { name, measurer, row, text, oracle in
      let prepared = try measurer.prepare(text, style: TextStyle(fontSize: 15, lineHeight: .fixed(21)))
      for (width, engines) in oracle["breaks"] as! [String: [String: [Int]]] {
        guard let skia = engines["skia"] else { continue }
        compared += 1
        #expect(try prepared.layout(width: Double(width)!).breaks == skia, "\(name) \(row["id"]!)@\(width)")
      }
      try Self.expectHeights(
        of: text, by: measurer, as: oracle, engine: "skia", label: "\(name) \(row["id"]!)")
    }
    #expect(compared > 2_500)
  }

  /// A space kerned with the letter after it (Lato: space and `w` −41 units) moves the next word
  /// on the line: `You will probably` is 111.656 px in Chromium (the line of `c00003` at 150 px),
  /// 0.31 px narrower than with the space unkerned.
  @Test func aSpaceKernedWithTheNextLetterMovesTheNextWord() throws {
    let measurer = try Self.measurer("lato", platform: .web)
    let layout = try measurer.layout(
      "You will probably marry after a very brief courtship.", style: TextStyle(fontSize: 15), width: 150)
    #expect(layout.breaks == [18, 43])
    #expect(abs(layout.lines[0].width - 111.656) < 0.0006)
    #expect(abs(layout.lines[1].width - 149.75) < 0.0006)
  }

  /// Chromium drops a legacy `kern` table of more than 10,922 pairs (OTS), so the padded Open Sans
  /// is unkerned on the web (`I don't have an` 102.984 px, as in Chromium 156) and kerned on
  /// flutter (SkParagraph reads the table); the unpadded cut is kerned on both (102.828 px).
  @Test func theSanitizerDropsAnOversizedKerningTableOnTheWebOnly() throws {
    let text = "I don't have an"
    func width(_ name: String, _ platform: TextPlatform) throws -> Double {
      try Self.measurer(name, platform: platform).layout(text, style: TextStyle(fontSize: 15), width: 1_000)
        .lines[0].width
    }
    #expect(abs(try width("opensans-bigkern", .web) - 102.984) < 0.0006)
    #expect(abs(try width("opensans", .web) - 102.828) < 0.0006)
    #expect(try width("opensans-bigkern", .flutter) == (try width("opensans", .flutter)))
    #expect(try width("opensans-bigkern", .flutter) < 102.9)
  }
}

/// A font that shapes Common characters by script: Noto Serif CJK JP (cut to 30 feed texts with
/// Han and digits, renamed "Test Serif C") gives a digit its proportional Latin form under the
/// `latn` script (`locl`) and its CJK form under `hani`. Chromium and SkParagraph shape a digit
/// between Han characters in the Han run (Blink's `ScriptRunIterator`, SkShaper's script runs),
/// where a segment of Common characters alone would be shaped as Latin
/// (`corpus/script-shaped-digits.oracles.jsonl`, Chromium 156 and skia-python 144, bundled emoji
/// font after it, 100/150/170/343 px).
@Suite struct ScriptShapedCommonCharactersTests {
  static func measurer(platform: TextPlatform) throws -> TextMeasurer {
    let font = try Font(path: Fixtures.url("fonts/TestSerifC-Regular.otf").path)
    let emoji = try BundledFonts.emoji()
    return TextMeasurer(regular: try FontChain([font, emoji]), systemFonts: false, platform: platform)
  }

  @Test func onlyFontsThatShapeCommonCharactersByScriptAreMarked() throws {
    #expect(try Font(path: Fixtures.url("fonts/TestSerifC-Regular.otf").path).shapesCommonCharactersByScript)
    let bundled = try BundledFonts.measurer(systemFonts: false, platform: .web)
    #expect(bundled.regular.fonts.allSatisfy { !$0.shapesCommonCharactersByScript })
    #expect(bundled.bold.fonts.allSatisfy { !$0.shapesCommonCharactersByScript })
    for name in OtherFontsCorpusTests.files.values.sorted() {
      let font = try Font(path: Fixtures.url("fonts/\(name)").path)
      #expect(!font.shapesCommonCharactersByScript, "\(name)")
    }
  }

  /// `月1日`: the `1` is a segment of its own; shaped as Latin it is 549 units wide, in the Han
  /// run 471 (Chromium: `晚"雾都宾馆",8月1日` is 134.91 px).
  @Test func aDigitBetweenHanCharactersTakesTheHanForm() throws {
    for platform in [TextPlatform.web, .flutter] {
      let layout = try Self.measurer(platform: platform).layout(
        "晚\"雾都宾馆\",8月1日", style: TextStyle(fontSize: 15), width: 1_000)
      #expect(abs(layout.lines[0].width - 134.91) < 0.016, "\(platform)")
    }
  }

  /// Breaks equal Chromium's and SkParagraph's on every layout, line widths Chromium's, natural
  /// heights both engines'. Before the leading scripts were taken for left-to-right text in such
  /// a chain, 11 of the 120 web layouts and 10 flutter ones broke otherwise, and 157 lines of the
  /// other web layouts were up to 1.17 px off Chromium's widths (measured 2026-11-28).
  @Test func layoutsAreTheEnginesOwn() throws {
    let web = try Self.measurer(platform: .web)
    let flutter = try Self.measurer(platform: .flutter)
    var layouts = 0
    for row in try Fixtures.jsonLines("corpus/script-shaped-digits.oracles.jsonl") {
      let text = row["text"] as! String
      let fixed = TextStyle(fontSize: 15, lineHeight: .fixed(21))
      let webText = try web.prepare(text, style: fixed)
      let flutterText = try flutter.prepare(text, style: fixed)
      let webNatural = try web.prepare(text, style: TextStyle(fontSize: 15))
      let flutterNatural = try flutter.prepare(text, style: TextStyle(fontSize: 15))
      let widths = row["widths"] as! [String: [Double]]
      let heights = row["heights"] as! [String: [String: Double]]
      for (width, engines) in row["breaks"] as! [String: [String: [Int]]] {
        let name = "\(row["id"]!)@\(width)"
        let points = Double(width)!
        layouts += 1
        let layout = try webText.layout(width: points)
        #expect(layout.breaks == engines["chromium"]!, "\(name)")
        if layout.breaks == engines["chromium"]! {
          for (index, line) in layout.lines.enumerated() {
            #expect(abs(line.width - widths[width]![index]) < 0.0006, "\(name) line \(index)")
          }
        }
        #expect(try flutterText.layout(width: points).breaks == engines["skia"]!, "\(name)")
        #expect(try webNatural.measure(width: points).height == heights[width]!["chromium"]!, "\(name)")
        #expect(try flutterNatural.measure(width: points).height == heights[width]!["skia"]!, "\(name)")
      }
    }
    #expect(layouts == 120)
  }
}

/// Blink shapes a style with letter spacing with the ligatures (`liga`, `clig`, `calt`) off, so a
/// word with `fi` takes the spacing after each of its letters. Roboto (cut to ASCII, "Test Sans
/// R") at 15 px with 0.5 px spacing, Chromium 156's widths; with the ligatures on `office` was
/// 40.172 px and `office automation?` 133.438 (a line of the feed corpus breaking otherwise).
@Suite struct LigaturesUnderLetterSpacingTests {
  @Test func theWebShapesLetterSpacedTextWithoutLigatures() throws {
    let font = try Font(path: Fixtures.url("fonts/TestSansR-Regular.ttf").path)
    let web = TextMeasurer(regular: try FontChain([font]), systemFonts: false, platform: .web)
    func width(_ text: String, spacing: Double) throws -> Double {
      try web.layout(text, style: TextStyle(fontSize: 15, letterSpacing: spacing), width: 1_000).lines[0]
        .width
    }
    let chromium: [(String, Double, Double)] = [
      ("office", 37.172, 41.438), ("five", 23.438, 26), ("office automation?", 124.438, 134.703),
      ("fi", 8.328, 9.875), ("ffi", 12.813, 15.578),
    ]
    for (text, unspaced, spaced) in chromium {
      #expect(abs(try width(text, spacing: 0.5) - spaced) < 0.0006, "\(text)")
      // Unspaced (and after the spaced one: cached apart), the ligatures stay.
      #expect(abs(try width(text, spacing: 0) - unspaced) < 0.0006, "\(text)")
    }
  }
}
