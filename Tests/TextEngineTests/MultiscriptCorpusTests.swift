import Foundation
import Testing
import TextEngine

/// Line breaks of 1,320 real translated UI strings in 11 languages (ja, ko, ar, fa, he, th, hi,
/// ru, uk, el, vi) at 150/170/343 pt, 15 pt, line height 21, against Chromium, Pango and
/// SkParagraph where all three agree. The engines measured with the chain Noto Sans, Noto Sans
/// Arabic, Hebrew, Thai, Devanagari, Noto Sans CJK SC, Noto Color Emoji (Debian's
/// fonts-noto-core, fonts-noto-cjk and fonts-noto-color-emoji, installed by the setup script).
@Suite struct MultiscriptCorpusTests {
  static let families = [
    "Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Thai", "Noto Sans Devanagari",
    "Noto Sans CJK SC", "Noto Color Emoji",
  ]
  static let style = TextStyle(fontSize: 15, lineHeight: .fixed(21))

  struct Tally {
    var measurements = 0
    var allAgree = 0
    var matched = 0
    var missingGlyphs = 0
    var textsWithMissingGlyphs: [String] = []
    /// `id@width ours=[…] all=[…]` for each all-agree measurement we break differently.
    var mismatches: [String] = []
    var byLanguage: [String: (agree: Int, matched: Int)] = [:]

    var figure: String {
      String(format: "%d/%d = %.2f%%", matched, allAgree, 100 * Double(matched) / Double(max(allAgree, 1)))
    }
  }

  static func tally(_ measurer: TextMeasurer) throws -> Tally {
    var tally = Tally()
    for row in try Fixtures.jsonLines("corpus/multiscript-visible.oracles.jsonl") {
      let id = row["id"] as! String
      let language = row["kind"] as! String
      let prepared = try measurer.prepare(row["text"] as! String, style: style)
      tally.missingGlyphs += prepared.missingGlyphs
      if prepared.missingGlyphs > 0 { tally.textsWithMissingGlyphs.append(id) }
      let widths = row["widths"] as! [String: [String: [String: Any]]]
      for widthKey in widths.keys.sorted(by: { Double($0)! < Double($1)! }) {
        let engines = widths[widthKey]!
        tally.measurements += 1
        func breaks(_ engine: String) -> [Int] { engines[engine]!["breaks"] as! [Int] }
        let pango = breaks("pango")
        guard breaks("chromium") == pango, breaks("skia") == pango else { continue }
        tally.allAgree += 1
        tally.byLanguage[language, default: (0, 0)].agree += 1
        let ours = try prepared.layout(width: Double(widthKey)!).breaks
        if ours == pango {
          tally.matched += 1
          tally.byLanguage[language, default: (0, 0)].matched += 1
        } else {
          tally.mismatches.append("\(id)@\(widthKey) ours=\(ours) all=\(pango)")
        }
      }
    }
    return tally
  }

  static func report(_ name: String, _ tally: Tally) {
    print(
      "multiscript \(name): all-three-agree exact breaks \(tally.figure); missing glyphs \(tally.missingGlyphs) "
        + "in \(tally.textsWithMissingGlyphs.count) texts")
    for (language, counts) in tally.byLanguage.sorted(by: { $0.key < $1.key }) {
      print("  \(language): \(counts.matched)/\(counts.agree)")
    }
    for mismatch in tally.mismatches { print("  mismatch \(mismatch)") }
  }

  /// The measurements (text id @ width) where our breaks differ from the three engines' shared
  /// answer with the family chain. Any change, better or worse, fails until this list is updated.
  /// None since segments that change direction are shaped in runs of one direction each (the
  /// Arabic `mv00308@150` was the last).
  static let knownMismatches: [String] = []

  @Test func familyChainThroughFontconfigMatchesTheEngines() throws {
    let fonts = try FontSelection(regular: Self.families).resolve()
    #expect(fonts.regular.fonts.map(\.familyName) == Self.families)
    #expect(fonts.regular.fonts.allSatisfy { !$0.path.contains("SelfSizingResources") })
    // UAX #14 with the engine's own fit tolerance (the ios rules); the web and flutter platforms are
    // checked against their own engines in PlatformCorpusTests.
    let measurer = TextMeasurer(regular: fonts.regular, bold: fonts.bold, systemFonts: false, platform: .ios)
    let tally = try Self.tally(measurer)
    Self.report("family chain", tally)
    #expect(tally.missingGlyphs == 0)
    #expect(tally.measurements == 3960)
    #expect(Double(tally.matched) >= 0.998 * Double(tally.allAgree))
    #expect(tally.mismatches.map { String($0.prefix { $0 != " " }) } == Self.knownMismatches)
  }

  @Test func bundledDefaultsHaveEveryGlyph() throws {
    let tally = try Self.tally(try BundledFonts.measurer(systemFonts: false, platform: .ios))
    Self.report("bundled defaults", tally)
    // The primary font's Latin, Greek and Cyrillic glyphs differ from Noto Sans's, which the
    // engines measured with; pinned so that any change shows.
    #expect(tally.matched == 3486)
    #expect(tally.allAgree == 3752)
    let textsWithMissingGlyphs = tally.textsWithMissingGlyphs.count
    #expect(textsWithMissingGlyphs == 0, "e.g. \(tally.textsWithMissingGlyphs.prefix(10))")
  }

  /// With the bundled defaults on android and ios (fonts chosen by their cmaps), no Greek,
  /// Russian or Ukrainian word (between spaces and hyphens, where lines may break) takes its
  /// letters from two fonts (the primary has only the basic Greek and Cyrillic letters).
  @Test(arguments: [TextPlatform.android, .ios])
  func bundledDefaultsSetEachWordInOneFont(platform: TextPlatform) throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: platform)
    func isGreekOrCyrillic(_ scalar: Unicode.Scalar) -> Bool {
      (0x370...0x52F).contains(scalar.value) || (0x1F00...0x1FFF).contains(scalar.value)
    }
    var words = 0
    var mixed: [String] = []
    for row in try Fixtures.jsonLines("corpus/multiscript-visible.oracles.jsonl")
    where ["el", "ru", "uk"].contains(row["kind"] as! String) {
      let text = row["text"] as! String
      let clusters = measurer.clusterFonts(text, style: Self.style)
      var fonts = Set<String>()
      var word = ""
      for cluster in clusters + [
        ClusterFont(scalarRange: 0..<0, text: " ", font: nil, isSystemFallback: false, missingScalars: [])
      ] {
        if cluster.text.unicodeScalars.allSatisfy({ $0.properties.isWhitespace || $0 == "-" }) {
          if !word.isEmpty { words += 1 }
          if fonts.count > 1 { mixed.append("\(row["id"]!) \(word)") }
          fonts = []
          word = ""
        } else {
          word += cluster.text
          if let first = cluster.text.unicodeScalars.first, isGreekOrCyrillic(first), let font = cluster.font
          {
            fonts.insert(font.path)
          }
        }
      }
    }
    #expect(words > 2_000)
    #expect(mixed.isEmpty, "\(mixed.count) words, e.g. \(mixed.prefix(5))")
  }

  /// On the web and flutter (HarfBuzz shapes, only `.notdef` falls back), the bundled primary
  /// draws Greek letters with tonos through their decomposition (ύ as υ and U+0301, which it
  /// has), as Chromium and SkParagraph do: a Greek word stays in it (the cmap rule took Noto Sans
  /// for the whole word, lines up to 5 px wider than Chromium's, 27 of 360 Greek layouts broken
  /// otherwise). A Ukrainian word keeps each letter in the first font that has it: і from Noto
  /// Sans, the others from the primary.
  @Test(arguments: [TextPlatform.web, .flutter])
  func clustersTheFontDrawsStayInIt(platform: TextPlatform) throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: platform)
    let primary = try BundledFonts.regularChain().primary.path
    let greek = measurer.clusterFonts("σύστημα μπορεί", style: Self.style)
    #expect(greek.allSatisfy { $0.font?.path == primary }, "\(greek.map { ($0.text, $0.font?.familyName) })")
    let ukrainian = measurer.clusterFonts("нічного", style: Self.style)
    #expect(ukrainian.filter { $0.font?.path != primary }.map(\.text) == ["і"])
    // The cmap's rule sets the word in one font.
    let cmapRule = try BundledFonts.measurer(systemFonts: false, platform: .android)
    #expect(Set(cmapRule.clusterFonts("нічного", style: Self.style).map { $0.font?.path }).count == 1)
    #expect(cmapRule.clusterFonts("σύστημα", style: Self.style).allSatisfy { $0.font?.path != primary })
  }
}
