import Foundation
import Testing

/// Fonts as users name them on the command line, and missing glyphs never silent.
@Suite struct FontOptionsTests {
  /// U+10FFFD is private use: no bundled or installed font has it.
  static let missingLine = #"{"id":"pua","text":"a\uDBFF\uDFFDb\uDBFF\uDFFD"}"#

  @Test func missingGlyphsAreCountedAndWarnedAbout() throws {
    let result = try CLIRunner.run(
      ["text", "--width", "100", "--no-system-fonts"],
      stdin: Self.missingLine + "\n" + #"{"id":"ok","text":"ok"}"#)
    #expect(result.status == 0)
    #expect(result.jsonLines.map { $0["missingGlyphs"] as? Int } == [2, 0])
    #expect(
      result.stderr == "warning: <stdin>:1: id pua: 2 missing glyphs (U+10FFFD): no font has them\n")
  }

  @Test func strictMakesThemPerItemErrors() throws {
    let result = try CLIRunner.run(
      ["text", "--width", "100", "--strict"], stdin: Self.missingLine + "\n" + #"{"id":"ok","text":"ok"}"#)
    #expect(result.status == 1)
    #expect(result.jsonLines.map { $0["id"] as? String } == ["ok"])
    #expect(result.stderr == "error: <stdin>:1: id pua: 2 missing glyphs (U+10FFFD): no font has them\n")
  }

  @Test func systemFontsFillWhatTheChainLacksUnlessTurnedOff() throws {
    let tibetan = #"{"id":"bo","text":"a\u0F00"}"#
    let on = try CLIRunner.run(["text", "--width", "100"], stdin: tibetan)
    #expect(on.jsonLines.first?["missingGlyphs"] as? Int == 0)
    #expect(on.stderr.isEmpty)
    let off = try CLIRunner.run(["text", "--width", "100", "--no-system-fonts"], stdin: tibetan)
    #expect(off.jsonLines.first?["missingGlyphs"] as? Int == 1)
    #expect(off.stderr.contains("U+0F00"))
  }

  @Test func measureReportsMissingGlyphsPerLabelAndCard() throws {
    let item = #"{"id":"n1","title":"x\uDBFF\uDFFD","author":"\uDBFF\uDFFD\uDBFF\uDFFC","likes":1}"#
    let result = try CLIRunner.run(
      ["measure", "--template", "Examples/note-card.template.json", "--width", "180", "--width", "200"],
      stdin: item)
    #expect(result.status == 0)
    let rows = result.jsonLines
    #expect(rows.map { $0["missingGlyphs"] as? Int } == [3, 3])
    let elements = try #require(rows.first?["elements"] as? [[String: Any]])
    let byName = Dictionary(uniqueKeysWithValues: elements.map { ($0["name"] as! String, $0) })
    #expect(byName["title"]?["missingGlyphs"] as? Int == 1)
    #expect(byName["author"]?["missingGlyphs"] as? Int == 2)
    #expect(byName["cover"]?["missingGlyphs"] == nil)
    // One warning per item, not per width, naming each element and its code points.
    #expect(
      result.stderr
        == "warning: <stdin>:1: id n1: element 'title': 1 missing glyph (U+10FFFD); element 'author': "
        + "2 missing glyphs (U+10FFFD U+10FFFC): no font has them\n")
    let strict = try CLIRunner.run(
      ["measure", "--template", "Examples/note-card.template.json", "--width", "180", "--strict"],
      stdin: item + "\n" + #"{"id":"n2","title":"fine","author":"me","likes":1}"#)
    #expect(strict.status == 1)
    #expect(strict.jsonLines.map { $0["id"] as? String } == ["n2"])
    #expect(strict.stderr.hasPrefix("error: <stdin>:1: id n1: element 'title'"))
  }

  @Test func layoutItemsCarryMissingGlyphs() throws {
    let items =
      #"{"id":"n1","title":"x\uDBFF\uDFFD","author":"me","likes":1}"# + "\n"
      + #"{"id":"n2","title":"fine","author":"me","likes":1}"#
    let result = try CLIRunner.run(
      ["layout", "--template", "Examples/note-card.template.json", "--items", "-"], stdin: items)
    #expect(result.status == 0)
    let root = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let placed = try #require(root["items"] as? [[String: Any]])
    #expect(placed.map { $0["missingGlyphs"] as? Int } == [1, 0])
    #expect(root["missingGlyphs"] as? Int == 1)
    #expect(result.stderr.hasPrefix("warning: <stdin>:1: id n1: element 'title': 1 missing glyph (U+10FFFD)"))
  }

  static let strictItems = [
    #"{"id":"n1","title":"x\uDBFF\uDFFD","author":"me","likes":1}"#,
    #"{"id":"n2","title":"fine","author":"me","likes":1}"#,
    #"{"id":"n3","title":"also fine","author":"you","likes":2}"#,
  ].joined(separator: "\n")
  static let strictError =
    "error: <stdin>:1: id n1: element 'title': 1 missing glyph (U+10FFFD): no font has them\n"

  /// With --strict an item with missing glyphs is a per-item error: out of the layout (the
  /// others placed as if it had never been there), exit 1, the rest laid out.
  @Test func layoutStrictLeavesTheFailedItemOut() throws {
    let arguments = [
      "layout", "--template", "Examples/note-card.template.json", "--items", "-", "--format", "json",
    ]
    let result = try CLIRunner.run(arguments + ["--strict"], stdin: Self.strictItems)
    #expect(result.status == 1)
    #expect(result.stderr == Self.strictError)
    let root = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let placed = try #require(root["items"] as? [[String: Any]])
    #expect(placed.map { $0["id"] as? String } == ["n2", "n3"])
    #expect(root["missingGlyphs"] as? Int == 0)
    #expect(root["errors"] as? Int == 1)
    // The same layout as without the item at all.
    let without = try CLIRunner.run(
      arguments, stdin: Self.strictItems.split(separator: "\n").dropFirst().joined(separator: "\n"))
    let expected = try #require(
      try JSONSerialization.jsonObject(with: Data(without.stdout.utf8)) as? [String: Any])
    #expect(
      (expected["items"] as? [[String: Any]])?.map { $0["frame"] as? [Double] }
        == placed.map { $0["frame"] as? [Double] })
    #expect(expected["contentSize"] as? [Double] == root["contentSize"] as? [Double])
  }

  @Test func reportStrictLeavesTheFailedItemOut() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("selfsize-strict-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try CLIRunner.run(
      [
        "report", "-q", "--output-dir", directory.path, "--items", "-", "--devices", "320x2,768x3",
        "--pictures",
        "none", "--strict",
      ], stdin: Self.strictItems)
    #expect(result.status == 1)
    #expect(result.stderr == Self.strictError, "reported once, not once per width")
    let report = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: directory.appendingPathComponent("report.json")))
        as? [String: Any])
    #expect((report["items"] as? [[String: Any]])?.map { $0["id"] as? String } == ["n2", "n3"])
    let widths = try #require(report["widths"] as? [[String: Any]])
    #expect(widths.map { $0["items"] as? Int } == [2, 2])
    #expect(widths.map { $0["missingGlyphs"] as? Int } == [0, 0])
    #expect(widths.map { $0["errors"] as? Int } == [1, 1])
  }

  @Test func unknownFamilyIsAUsageErrorNamingTheClosestFamilies() throws {
    let result = try CLIRunner.run(["text", "--width", "100", "--font", "Noto Sans Hebrw"], stdin: "")
    #expect(result.status == 2)
    #expect(result.stderr.contains("no installed font family \"Noto Sans Hebrw\""))
    #expect(result.stderr.contains("\"Noto Sans Hebrew\""))
  }

  @Test func familyGivesRegularAndBoldAndBoldFontReplacesIt() throws {
    let text = #"{"id":"w","text":"Wide words"}"#
    func width(_ arguments: [String]) throws -> Double {
      let result = try CLIRunner.run(["text", "--width", "1000"] + arguments, stdin: text)
      #expect(result.status == 0, "\(result.stderr)")
      let lines = try #require(result.jsonLines.first?["lines"] as? [[String: Any]])
      return try #require(lines.first?["width"] as? Double)
    }
    let regular = try width(["--font", "Noto Sans"])
    let bold = try width(["--font", "Noto Sans", "--weight", "bold"])
    let hebrewBold = try width(["--font", "Noto Sans", "--bold-font", "Noto Sans Hebrew", "--weight", "bold"])
    #expect(bold > regular)
    #expect(hebrewBold != bold)
  }

  @Test func fontsShowsChainsFallbackWarningsAndClusters() throws {
    let result = try CLIRunner.run([
      "fonts", "--format", "json", "--font", "Noto Sans", "--font", "Noto Sans Mongolian",
      "--text", "a\u{0F00}\u{10FFFD}😀",
    ])
    #expect(result.status == 0)
    let root = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let chains = try #require(root["chains"] as? [String: [[String: Any]]])
    #expect(
      chains["regular"]?.map { $0["family"] as? String } == [
        "Noto Sans", "Noto Sans Mongolian", "Noto Color Emoji",
      ])
    #expect(chains["bold"]?.map { $0["style"] as? String } == ["Bold", "Regular", "Regular"])
    #expect(root["systemFonts"] as? Bool == true)
    let warnings = try #require(root["warnings"] as? [String])
    #expect(warnings.count == 1 && warnings[0].contains("\"Noto Sans Mongolian\" has no bold face"))
    let clusters = try #require(root["clusters"] as? [[String: Any]])
    #expect(clusters.count == 8)
    #expect(clusters.prefix(4).map { $0["source"] as? String } == ["chain", "system", "missing", "chain"])
    #expect(clusters[1]["family"] as? String == "Noto Serif Tibetan")
    #expect(clusters[2]["missing"] as? [String] == ["U+10FFFD"])
    #expect(clusters[3]["family"] as? String == "Noto Color Emoji")
    #expect(clusters[4]["weight"] as? String == "bold")
    #expect(clusters[5]["style"] as? String == "Bold")

    let off = try CLIRunner.run(["fonts", "--no-system-fonts"])
    #expect(off.stdout.contains("system fallback: off"))
  }
}
