import Foundation
import Testing

/// `selfsize text`'s `--precision`, `--line-height natural|PT|Nx`, `--field`, `--plain` and
/// `--pixel-scale`.
@Suite struct TextOptionsTests {
  static let sentence = #"{"id":"c","text":"If you have to ask how much it is, you can't afford it."}"#

  static func heights(_ arguments: [String], stdin: String = sentence) throws -> [Double] {
    let result = try CLIRunner.run(["text"] + arguments, stdin: stdin)
    #expect(result.status == 0, "\(result.stderr)")
    return result.jsonLines.compactMap { $0["height"] as? Double }
  }

  // Three lines at 150 pt; the bundled primary font's natural line height at 15 pt is 21.72
  // (UIFont's, ios), 21 on the web (17 + 4: ascent and descent rounded to whole pixels) and 22 on
  // SkParagraph (21.72 rounded per line).
  @Test(arguments: [
    ("natural", "web", 63.0), ("natural", "ios", 65.16), ("natural", "flutter", 66.0), ("21", "web", 63.0),
    ("21pt", "ios", 63.0), ("1.4x", "web", 63.0), ("1.5x", "ios", 67.5), ("NATURAL", "ios", 65.16),
  ])
  func lineHeightTakesNaturalPointsOrAMultipleOfTheFontSize(
    _ value: String, _ platform: String, _ height: Double
  )
    throws
  {
    let heights = try Self.heights(["-w", "150", "--line-height", value, "--platform", platform])
    #expect(heights.count == 1)
    #expect(abs(heights[0] - height) < 1e-9)
  }

  @Test func aMultipleIsOfTheFontSize() throws {
    // 2x at 20 pt is 40 pt a line.
    let lines = try CLIRunner.run(
      ["text", "-w", "150", "--size", "20", "--line-height", "2x"], stdin: Self.sentence)
    let row = try #require(lines.jsonLines.first)
    #expect(row["height"] as? Double == Double(try #require(row["lineCount"] as? Int)) * 40)
  }

  @Test(arguments: ["abc", "0", "-3", "0x", "nanx", "inf"])
  func aBadLineHeightIsAUsageError(_ value: String) throws {
    let result = try CLIRunner.run(["text", "-w", "150", "--line-height", value], stdin: Self.sentence)
    #expect(result.status == 2)
    #expect(result.stderr.contains("line-height"))
    #expect(result.stdout.isEmpty)
  }

  @Test func precisionRoundsEveryPrintedNumberInEveryFormat() throws {
    // (ios: its heights have decimals.)
    let exact = try CLIRunner.run(["text", "-w", "150", "--platform", "ios"], stdin: Self.sentence)
    // Without --precision JSON keeps the shortest round-trip form.
    #expect(exact.stdout.contains(#""height":65.16"#))
    #expect(exact.stdout.contains(#""width":120.53999999999999"#))
    let jsonl = try CLIRunner.run(
      ["text", "-w", "150", "--precision", "1", "--platform", "ios"], stdin: Self.sentence)
    #expect(jsonl.status == 0)
    #expect(jsonl.stdout.contains(#""height":65.2"#))
    #expect(jsonl.stdout.contains(#""width":120.5"#))
    #expect(!jsonl.stdout.contains("120.53"))
    let json = try CLIRunner.run(
      ["text", "-w", "150", "--precision", "0", "--format", "json", "--platform", "ios"], stdin: Self.sentence
    )
    #expect(json.stdout.contains(#""height":65,"#))
    let csv = try CLIRunner.run(
      [
        "text", "-w", "150", "--precision", "1", "--format", "csv", "--fields", "id,height", "--platform",
        "ios",
      ],
      stdin: Self.sentence)
    #expect(csv.stdout == "id,height\nc,65.2\n")
    let table = try CLIRunner.run(
      [
        "text", "-w", "150", "--precision", "1", "--format", "table", "--fields", "id,height", "--platform",
        "ios",
      ],
      stdin: Self.sentence)
    #expect(table.stdout.contains("65.2"))
    #expect(!table.stdout.contains("65.16"))
  }

  @Test(arguments: ["-1", "16", "x"])
  func aBadPrecisionIsAUsageError(_ value: String) throws {
    let result = try CLIRunner.run(["text", "-w", "150", "--precision", value], stdin: Self.sentence)
    #expect(result.status == 2)
    #expect(result.stderr.contains("precision"))
  }

  @Test func fieldMeasuresAnyStringFieldOfTheSampleFeed() throws {
    let feed = try String(
      contentsOf: CLIRunner.packageDirectory.appendingPathComponent("Examples/feed.jsonl"), encoding: .utf8)
    let first = try #require(feed.split(separator: "\n").first)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
    let title = try #require(object["title"] as? String)
    let byField = try CLIRunner.run(["text", "-w", "170", "--field", "title"], stdin: String(first))
    #expect(byField.status == 0, "\(byField.stderr)")
    let direct = try CLIRunner.run(
      ["text", "-w", "170"],
      stdin: String(
        decoding: try JSONSerialization.data(withJSONObject: ["id": object["id"]!, "text": title]),
        as: UTF8.self))
    #expect(byField.stdout == direct.stdout)
    let whole = try CLIRunner.run(["text", "-w", "170", "--field", "title", "-i", "Examples/feed.jsonl"])
    #expect(whole.status == 0)
    #expect(whole.jsonLines.count == 240)
  }

  @Test func aMissingFieldNamesTheRecordAndTheField() throws {
    let result = try CLIRunner.run(
      ["text", "-w", "170", "-w", "343", "--field", "title"],
      stdin: #"{"id":"a","title":"ok"}"# + "\n" + #"{"id":"b","text":"no title"}"# + "\n")
    #expect(result.status == 1)
    #expect(result.jsonLines.map { $0["id"] as? String } == ["a", "a"])
    #expect(result.stderr == "error: <stdin>:2: id b: missing field \"title\"\n")
  }

  @Test func plainReadsOneTextPerLine() throws {
    let plain = try CLIRunner.run(
      ["text", "-w", "150", "--plain"],
      stdin: "If you have to ask how much it is, you can't afford it.\r\n\n今天天气很好\n")
    #expect(plain.status == 0, "\(plain.stderr)")
    let rows = plain.jsonLines
    // Blank lines are skipped; ids are line numbers.
    #expect(rows.map { $0["id"] as? String } == ["1", "3"])
    #expect(rows.map { $0["lineCount"] as? Int } == [3, 1])
    let json = try CLIRunner.run(["text", "-w", "150"], stdin: #"{"id":"3","text":"今天天气很好"}"#)
    #expect(plain.stdout.hasSuffix(json.stdout))
  }

  @Test func plainReportsInvalidUTF8ByLine() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plain-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("texts.txt")
    try Data([0x61, 0x0A, 0xFF, 0xFE, 0x0A, 0x62, 0x0A]).write(to: file)
    let result = try CLIRunner.run(["text", "-w", "150", "--plain", "-i", file.path])
    #expect(result.status == 1)
    #expect(result.jsonLines.map { $0["id"] as? String } == ["1", "3"])
    #expect(result.stderr == "error: \(file.path):2: the line is not valid UTF-8\n")
  }

  @Test(arguments: [(1.0, 66.0), (2.0, 65.5), (3.0, 196.0 / 3)])
  func pixelScaleRoundsHeightsUpToDevicePixels(_ scale: Double, _ height: Double) throws {
    let heights = try Self.heights(["-w", "150", "--pixel-scale", "\(scale)", "--platform", "ios"])
    try #require(heights.count == 1)
    #expect(abs(heights[0] - height) < 1e-9)
  }

  @Test(arguments: ["0.5", "17", "0", "-2", "nan", "inf"])
  func pixelScaleIsBoundedFromOneToSixteen(_ value: String) throws {
    for command in [["text"], ["measure", "--template", "Examples/note-card.template.json"]] {
      let result = try CLIRunner.run(command + ["-w", "150", "--pixel-scale", value], stdin: Self.sentence)
      #expect(result.status == 2)
      #expect(result.stderr.contains("--pixel-scale"))
      #expect(result.stdout.isEmpty)
    }
  }

  @Test func helpShowsTheNewOptionsWithExamples() throws {
    let help = try CLIRunner.run(["text", "--help"])
    for text in ["--field title", "--plain", "--pixel-scale", "--precision", "natural|pt|Nx"] {
      #expect(help.stdout.contains(text), "\(text)")
    }
  }

  @Test func oldOptionFormsStillWork() throws {
    // A bare number is still a fixed line height; --width and -w are the same option.
    #expect(try Self.heights(["--width", "150", "--line-height", "21"]) == [63])
  }
}
