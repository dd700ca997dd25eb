import Foundation
import Testing

@Suite struct TextCommandTests {
  @Test func measuresEveryLineAtEveryWidthInInputOrder() throws {
    let input = """
      {"id": "one", "text": "If you have to ask how much it is, you can't afford it.", "kind": "ignored"}
      {"id": "two", "text": "今天天气很好，我们去公园吧。"}
      """
    let result = try CLIRunner.run(
      ["text", "--width", "150", "--width", "343", "--line-height", "21"], stdin: input)
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    let rows = result.jsonLines
    #expect(rows.map { $0["id"] as? String } == ["one", "one", "two", "two"])
    #expect(rows.map { $0["width"] as? Double } == [150, 343, 150, 343])
    // The corpus oracles (Chromium, Pango, SkParagraph) all break this text at 19 and 39 at 150 pt.
    #expect(rows[0]["breaks"] as? [Int] == [19, 39])
    #expect(rows[0]["lineCount"] as? Int == 3)
    #expect(rows[0]["height"] as? Double == 63)
    #expect(rows[0]["truncated"] as? Bool == false)
    #expect(rows[0]["missingGlyphs"] as? Int == 0)
    let lines = try #require(rows[0]["lines"] as? [[String: Any]])
    #expect(
      lines.map { $0["text"] as? String } == [
        "If you have to ask ", "how much it is, you ", "can't afford it.",
      ])
  }

  @Test func keysAppearInContractOrder() throws {
    let result = try CLIRunner.run(["text", "--width", "100"], stdin: #"{"id":"k","text":"abc"}"#)
    let keys = [
      "\"id\"", "\"width\"", "\"lineCount\"", "\"height\"", "\"breaks\"", "\"lines\"", "\"truncated\"",
      "\"missingGlyphs\"",
    ]
    let positions = keys.map { result.stdout.range(of: $0)!.lowerBound }
    #expect(positions == positions.sorted())
  }

  @Test func badLinesAreReportedWithTheirLineNumberAndTheRestIsMeasured() throws {
    let input = """
      {"id": "good1", "text": "fine"}
      not json at all
      {"id": "no-text"}
      {"text": "no id"}
      {"id": "surrogate", "text": "bad \\ud800 half"}
      {"id": 7, "text": 12}

      {"id": "good2", "text": "also fine"}
      """
    let result = try CLIRunner.run(["text", "--width", "120"], stdin: input)
    #expect(result.status == 1)
    #expect(result.jsonLines.map { $0["id"] as? String } == ["good1", "good2"])
    let errors = result.stderr.split(separator: "\n").map(String.init)
    #expect(errors.count == 5)
    #expect(errors[0].hasPrefix("error: <stdin>:2: invalid JSON"))
    #expect(errors[1] == "error: <stdin>:3: id no-text: missing field \"text\"")
    #expect(errors[2] == "error: <stdin>:4: missing field \"id\"")
    #expect(errors[3].hasPrefix("error: <stdin>:5: invalid JSON") && errors[3].contains("surrogate"))
    #expect(errors[4] == "error: <stdin>:6: field \"id\" must be a non-empty string, got number")
  }

  @Test func windowsLineEndingsSeparateRecords() throws {
    let result = try CLIRunner.run(
      ["text", "--width", "120"],
      stdin: "{\"id\": \"a\", \"text\": \"x\"}\r\n\r\n{\"id\": \"b\", \"text\": \"y\"}\r\n")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.jsonLines.map { $0["id"] as? String } == ["a", "b"])
  }

  @Test(arguments: [
    ["text"], ["text", "--width", "0"], ["text", "--width", "-5"], ["text", "--width", "nan"],
    ["text", "--width", "100", "--size", "0"], ["text", "--width", "100", "--max-lines", "-1"],
    ["text", "--width", "100", "--font", "/no/such/font.otf"],
    ["text", "--width", "100", "--input", "/no/such/input.jsonl"],
    ["text", "--width", "100", "--format", "xml"], ["nonsense"],
  ])
  func usageErrorsExitWithStatusTwo(arguments: [String]) throws {
    let result = try CLIRunner.run(arguments, stdin: "")
    #expect(result.status == 2, "\(arguments): \(result.stderr)")
    #expect(!result.stderr.isEmpty)
  }

  @Test(arguments: [
    (["--size", "1e308"], "--size 1e+308 is out of range: must be a number above 0, at most 10000 points"),
    (["--line-height", "1e308"], "--line-height 1e+308 is out of range"),
    (["--letter-spacing=-1e308"], "--letter-spacing -1e+308 is out of range"),
    (["--width", "1e400"], "--width 1e400 is out of range"),
    (["--width=1e308"], "--width 1e308 is out of range"),
    (["-w", "150,abc"], "--width must be a number of points (or inf for no wrapping), got \"abc\""),
  ])
  func rangeErrorsNameTheOption(arguments: [String], message: String) throws {
    let result = try CLIRunner.run(["text", "--width", "100"] + arguments, stdin: #"{"id":"a","text":"x"}"#)
    #expect(result.status == 2, "\(arguments): \(result.stderr)")
    #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test func twentyThousandWidthsAreParsedAtOnceInOrder() throws {
    let widths = (0..<20_000).map { "\(100 + $0 % 300)" }
    let arguments = ["text"] + widths.flatMap { ["-w", $0] } + ["--width=inf", "--fields", "width"]
    let start = ContinuousClock.now
    let result = try CLIRunner.run(arguments, stdin: #"{"id":"a","text":"x"}"#)
    let elapsed = ContinuousClock.now - start
    #expect(result.status == 0, "\(result.stderr)")
    let printed = result.jsonLines.map { $0["width"] as? Double }
    #expect(printed.count == 20_001)
    #expect(printed.prefix(3) == [100, 101, 102])
    // Parsing repeated options was quadratic (36 s for 20,000); this bounds a hang, not speed.
    #expect(elapsed < .seconds(20))
  }

  @Test func widthsMayBeListedWithCommas() throws {
    let result = try CLIRunner.run(
      ["text", "-w", "150,343", "--width", "200"], stdin: #"{"id":"a","text":"x"}"#)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.jsonLines.map { $0["width"] as? Double } == [150, 343, 200])
  }

  @Test func maxLinesTruncates() throws {
    let input = #"{"id":"t","text":"The quick brown fox jumps over the lazy dog and keeps running far away"}"#
    let result = try CLIRunner.run(["text", "--width", "100", "--max-lines", "2"], stdin: input)
    let row = try #require(result.jsonLines.first)
    #expect(row["truncated"] as? Bool == true)
    #expect(row["lineCount"] as? Int == 2)
    let lines = try #require(row["lines"] as? [[String: Any]])
    #expect((lines[1]["text"] as? String)?.hasSuffix("…") == true)
  }

  @Test func tableFormatIsForPeople() throws {
    let result = try CLIRunner.run(
      ["text", "--width", "200", "--format", "table"], stdin: #"{"id":"x","text":"hello world"}"#)
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines[0].hasPrefix("id"))
    #expect(lines.count == 3)
    #expect(lines[2].contains("hello world"))
  }

  @Test func customFontFile() throws {
    let result = try CLIRunner.run(
      [
        "text", "--width", "200", "--font", "Fonts/NotoSansCJKsc-Bold.otf", "--font",
        "Fonts/NotoColorEmoji.ttf",
      ],
      stdin: #"{"id":"b","text":"bold 😀"}"#)
    #expect(result.status == 0)
    #expect(result.jsonLines.first?["missingGlyphs"] as? Int == 0)
  }
}

@Suite struct FontsCommandTests {
  @Test func jsonListsTheBundledChainWithMetrics() throws {
    let result = try CLIRunner.run(["fonts", "--format", "json"])
    #expect(result.status == 0)
    let root = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let chains = try #require(root["chains"] as? [String: [[String: Any]]])
    let regular = try #require(chains["regular"])
    #expect(
      regular.map { $0["family"] as? String } == [
        "Noto Sans CJK SC", "Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Thai",
        "Noto Sans Devanagari", "Noto Color Emoji",
      ])
    #expect(regular[0]["unitsPerEm"] as? Int == 1000)
    #expect(regular[0]["ascender"] as? Int == 1160)
    #expect((regular[0]["path"] as? String)?.hasSuffix("Fonts/NotoSansCJKsc-Regular.otf") == true)
    let scaled = try #require(regular[0]["scaled"] as? [String: Double])
    #expect(abs(scaled["naturalLineHeight"]! - 21.72) < 1e-9)
    #expect(chains["bold"]?.first?["style"] as? String == "Bold")
  }

  @Test func tableShowsPathsAndLineHeight() throws {
    let result = try CLIRunner.run(["fonts"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("NotoColorEmoji.ttf"))
    #expect(result.stdout.contains("21.72"))
  }

  @Test func aByteOrderMarkStartingPlainTextIsNotText() throws {
    let result = try CLIRunner.run(
      ["text", "-w", "60", "--plain"], stdin: "\u{FEFF}hello world again\n")
    #expect(result.status == 0)
    #expect(result.jsonLines.first?["breaks"] as? [Int] == [6, 12])
    let lines = try #require(result.jsonLines.first?["lines"] as? [[String: Any]])
    #expect(lines.first?["text"] as? String == "hello ")
  }

  @Test func theMissingGlyphWarningListsWhatItCountsAndNoControlCharacters() throws {
    let result = try CLIRunner.run(
      ["text", "-w", "150", "--no-system-fonts"], stdin: #"{"id":"a","text":"hello\nworld\t曈"}"#)
    #expect(result.status == 0)
    #expect(result.jsonLines.first?["missingGlyphs"] as? Int == 1)
    #expect(result.stderr.contains("id a: 1 missing glyph (U+66C8): no font has them"), "\(result.stderr)")
  }

  @Test func aHugeNumberInInputIsQuotedShort() throws {
    let digits = "1" + String(repeating: "0", count: 100_000)
    let result = try CLIRunner.run(
      ["text", "-w", "150"], stdin: #"{"id":"a","text":"b","n":"# + digits + "}")
    #expect(result.status == 1)
    #expect(result.stderr.count < 300)
    #expect(result.stderr.contains("(100001 characters) is out of range"))
  }

  @Test func maxLinesHasOneRangeEverywhere() throws {
    let accepted = try CLIRunner.run(
      ["text", "-w", "150", "--max-lines", "1000000000"], stdin: #"{"id":"a","text":"b"}"#)
    #expect(accepted.status == 0)
    let refused = try CLIRunner.run(
      ["text", "-w", "150", "--max-lines", "3000000000"], stdin: #"{"id":"a","text":"b"}"#)
    #expect(refused.status == 2)
    #expect(
      refused.stderr.contains(
        "--max-lines 3000000000 is out of range: must be a whole number from 0 to 2147483647 (0 = unlimited)")
    )
    let template = try String(
      contentsOf: CLIRunner.packageDirectory.appendingPathComponent("Examples/note-card.template.json"),
      encoding: .utf8)
    for (value, status) in [("1000000000", Int32(0)), ("1e9", 0), ("3000000000", 2)] {
      let path = FileManager.default.temporaryDirectory.appendingPathComponent("max-lines-\(UUID()).json")
        .path
      defer { unlink(path) }
      let edited = template.replacingOccurrences(of: #""maxLines": 2"#, with: #""maxLines": "# + value)
      #expect(edited != template)
      try Data(edited.utf8).write(to: URL(fileURLWithPath: path))
      let result = try CLIRunner.run([
        "measure", "--template", path, "-w", "170", "-i", "Examples/feed.jsonl",
      ])
      #expect(result.status == status, "\(value): \(result.stderr)")
      if status == 2 {
        #expect(
          result.stderr.contains("3000000000 is out of range: must be a whole number from 0 to 2147483647"))
      }
    }
  }
}
