import Foundation
import Testing

/// `--write-baseline`, `--baseline`, `--tolerance` and `--diff-report` on the streaming
/// commands, `selfsize text` and `selfsize measure`.
@Suite struct StreamingBaselineTests {
  enum Command: String, CaseIterable, CustomTestStringConvertible {
    case text, measure

    var testDescription: String { rawValue }

    /// The widths each test measures at.
    var widths: [String] { self == .text ? ["150", "343"] : ["170", "343"] }

    /// The command line reading `items`, then `extra`.
    func arguments(items: String, template: String = BaselineCommandTests.template, _ extra: [String])
      -> [String]
    {
      var arguments = [rawValue]
      if self == .measure { arguments += ["--template", template] }
      arguments += ["--input", items]
      for width in widths { arguments += ["--width", width] }
      return arguments + extra
    }

    /// The input file of the sample feed's items `range`: the feed itself for `measure`,
    /// `{"id", "text"}` lines of each card's title and body for `text`.
    func items(_ range: Range<Int>, in folder: URL) throws -> String {
      let feed = try LayoutCommandTests.feedLines(range)
      let lines: String
      switch self {
      case .measure: lines = feed
      case .text:
        lines =
          try feed.split(separator: "\n").map { line in
            let object = try #require(
              try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let text = [object["title"], object["body"]].compactMap { $0 as? String }.joined(separator: " ")
            let data = try JSONSerialization.data(
              withJSONObject: ["id": object["id"] as? String ?? "", "text": text], options: [.sortedKeys])
            return String(decoding: data, as: UTF8.self)
          }
          .joined(separator: "\n") + "\n"
      }
      let url = folder.appendingPathComponent("items-\(range.lowerBound)-\(range.upperBound)-\(UUID()).jsonl")
      try Data(lines.utf8).write(to: url)
      return url.path
    }
  }

  static func run(_ command: Command, items: String, _ extra: [String], template: String? = nil) throws
    -> CLIRunner.Result
  {
    try CLIRunner.run(
      command.arguments(items: items, template: template ?? BaselineCommandTests.template, extra))
  }

  @Test(arguments: Command.allCases)
  func anUnchangedRunExitsZero(command: Command) throws {
    let folder = try BaselineCommandTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let items = try command.items(0..<40, in: folder)
    let path = folder.appendingPathComponent("heights.jsonl").path
    let written = try Self.run(command, items: items, ["--write-baseline", path, "--jobs", "1"])
    #expect(written.status == 0, "\(written.stderr)")
    #expect(written.stdout == "wrote baseline \(path): 80 records\n")
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 81)
    #expect(lines[0].hasPrefix("{\"selfsizeBaseline\":1,\"command\":\"\(command.rawValue)\""))
    #expect(lines[0].contains("\"checksum\":\"sha256:") && lines[0].contains("\"harfbuzz\":"))
    #expect(
      lines[0].contains(command == .measure ? "\"template\":{\"file\":\"note-card" : "\"template\":null"))
    // One line per item and width, in input order, keys in a fixed order.
    #expect(lines[1].hasPrefix("{\"id\":\"note-0001\",\"width\":\(command.widths[0]),\"height\":"))
    #expect(lines[2].hasPrefix("{\"id\":\"note-0001\",\"width\":343,\"height\":"))
    #expect(lines[3].hasPrefix("{\"id\":\"note-0002\",\"width\":\(command.widths[0]),\"height\":"))
    #expect(lines[1].contains(command == .text ? "\"lineCount\":" : "\"elements\":[{\"name\":"))
    // Deterministic: the same bytes again, with any number of workers.
    let again = try Self.run(command, items: items, ["--write-baseline", path + ".2", "--jobs", "2"])
    #expect(again.status == 0)
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: path)) == Data(contentsOf: URL(fileURLWithPath: path + ".2")))
    let compared = try Self.run(command, items: items, ["--baseline", path])
    #expect(compared.status == 0, "\(compared.stderr)")
    #expect(
      compared.stdout == "80 unchanged, 0 moved beyond 0 pt, 0 changed within it, 0 added, 0 removed\n")
  }

  @Test(arguments: Command.allCases)
  func anEditListsWhatMovedAndExitsOne(command: Command) throws {
    let folder = try BaselineCommandTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let items = try command.items(0..<40, in: folder)
    let path = folder.appendingPathComponent("heights.jsonl").path
    #expect(try Self.run(command, items: items, ["--write-baseline", path]).status == 0)
    let report = folder.appendingPathComponent("moved").path
    let result: CLIRunner.Result
    switch command {
    case .measure:
      let edited = try BaselineCommandTests.editedTemplate(in: folder) {
        $0.replacingOccurrences(of: "\"maxLines\": 2", with: "\"maxLines\": 3")
      }
      result = try Self.run(
        command, items: items, ["--baseline", path, "--diff-report", report], template: edited)
    case .text:
      result = try Self.run(
        command, items: items, ["--baseline", path, "--diff-report", report, "--max-lines", "2"])
    }
    #expect(result.status == 1, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.first?.hasPrefix("status ") == true && lines.first?.contains("first changed line") == true)
    let moved = lines.filter { $0.hasPrefix("moved ") }
    #expect(!moved.isEmpty)
    switch command {
    case .measure:
      #expect(
        moved.allSatisfy { $0.contains(" title ") && $0.contains("2 → 3") && $0.contains("title line 2:") })
      #expect(result.stdout.contains("template note-card.template.json changed: checksum sha256:"))
    case .text:
      // Paragraphs of three or more lines now end after two, with "…".
      #expect(moved.allSatisfy { $0.contains(" → 2 ") && $0.contains("line 2:") && $0.contains("…") })
      #expect(result.stdout.contains("setting maxLines: 0 → 2"))
    }
    #expect(result.stdout.contains("\(moved.count) moved beyond 0 pt"))
    let html = try BaselineCommandTests.expectDiffReport(in: report, pictures: moved.count)
    #expect(html.contains("class=\"line changed after") && html.contains("class=\"line changed before"))
  }

  @Test func aTextEditMovesOnlyThatText() throws {
    let folder = try BaselineCommandTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("heights.jsonl").path
    let items = try Command.text.items(0..<5, in: folder)
    #expect(try Self.run(.text, items: items, ["--write-baseline", path]).status == 0)
    var lines = try String(contentsOfFile: items, encoding: .utf8).split(separator: "\n").map(String.init)
    lines[1] =
      #"{"id":"note-0002","text":"When Dexter's on the Internet, nobody knows he is a dog, and the line breaks move"}"#
    let edited = folder.appendingPathComponent("edited.jsonl").path
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: edited))
    let result = try Self.run(.text, items: edited, ["--baseline", path])
    #expect(result.status == 1, "\(result.stderr)")
    let moved = result.stdout.split(separator: "\n").filter { $0.hasPrefix("moved ") }
    #expect(moved.count == 2 && moved.allSatisfy { $0.contains(" note-0002 ") })
    #expect(moved[0].contains("8 → 5  line 2: \"Internet New \" → \"Internet, nobody \""))
    #expect(result.stdout.contains("8 unchanged, 2 moved beyond 0 pt"))
    #expect(result.stdout.contains("fonts, template, settings and library versions are the same"))
  }

  @Test(arguments: Command.allCases)
  func aFontSwapIsNamedAsTheCause(command: Command) throws {
    let folder = try BaselineCommandTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let items = try command.items(0..<20, in: folder)
    let path = folder.appendingPathComponent("heights.jsonl").path
    let fonts = ["--font", "Fonts/NotoSansCJKsc-Regular.otf", "--font", "Fonts/NotoColorEmoji.ttf"]
    #expect(try Self.run(command, items: items, ["--write-baseline", path] + fonts).status == 0)
    // The same file name with other bytes: the cause names the checksum.
    let copy = folder.appendingPathComponent("NotoSansCJKsc-Regular.otf")
    var bytes = try Data(
      contentsOf: CLIRunner.packageDirectory.appendingPathComponent("Fonts/NotoSansCJKsc-Regular.otf"))
    bytes.append(contentsOf: [0, 0, 0, 0])
    try bytes.write(to: copy)
    let changed = try Self.run(
      command, items: items, ["--baseline", path, "--font", copy.path, "--font", "Fonts/NotoColorEmoji.ttf"])
    #expect(changed.status == 0, "\(changed.stdout)\(changed.stderr)")
    #expect(changed.stdout.contains("font NotoSansCJKsc-Regular.otf changed: checksum sha256:"))
    // Another font: heights move and the swap is named.
    let swapped = try Self.run(
      command, items: items,
      ["--baseline", path, "--font", "Fonts/NotoSansCJKsc-Bold.otf", "--font", "Fonts/NotoColorEmoji.ttf"])
    #expect(swapped.status == 1, "\(swapped.stderr)")
    #expect(swapped.stdout.contains("moved "))
    #expect(
      swapped.stdout.contains(
        "font regular #0 changed: NotoSansCJKsc-Regular.otf (Noto Sans CJK SC Regular) → NotoSansCJKsc-Bold.otf (Noto Sans CJK SC Bold)"
      ))
  }

  @Test(arguments: Command.allCases, [("100", Int32(0)), ("0.1", Int32(1))])
  func tolerance(command: Command, tolerance: (String, Int32)) throws {
    let folder = try BaselineCommandTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let items = try command.items(0..<10, in: folder)
    let path = folder.appendingPathComponent("heights.jsonl").path
    let result: CLIRunner.Result
    switch command {
    case .measure:
      #expect(try Self.run(command, items: items, ["--write-baseline", path]).status == 0)
      // Two gaps in the stack grow by 0.25 pt: every card is 0.5 pt taller.
      let edited = try BaselineCommandTests.editedTemplate(in: folder) {
        $0.replacingOccurrences(of: "\"spacing\": 8,", with: "\"spacing\": 8.25,")
      }
      result = try Self.run(
        command, items: items, ["--baseline", path, "--tolerance", tolerance.0], template: edited)
      #expect(result.stdout.contains("(+0.5)"))
    case .text:
      #expect(
        try Self.run(command, items: items, ["--write-baseline", path, "--line-height", "21"]).status == 0)
      // Every line is 0.25 pt taller; the breaks stay.
      result = try Self.run(
        command, items: items, ["--baseline", path, "--tolerance", tolerance.0, "--line-height", "21.25"])
      #expect(
        result.stdout.split(separator: "\n").contains {
          $0.contains(" note-0001 ") && $0.contains("84 → 85 (+1)") && $0.split(separator: " ").last == "4"
        } && result.stdout.contains("setting lineHeight: 21 → 21.25"))
    }
    #expect(result.status == tolerance.1, "\(result.stdout)\(result.stderr)")
    #expect(
      result.stdout.contains(
        tolerance.1 == 0 ? "0 moved beyond 100 pt, 20 changed within it" : "20 moved beyond 0.1 pt"))
  }

  @Test(arguments: Command.allCases)
  func addedAndRemovedItemsAreListedNotErrors(command: Command) throws {
    let folder = try BaselineCommandTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("heights.jsonl").path
    #expect(
      try Self.run(command, items: try command.items(0..<10, in: folder), ["--write-baseline", path]).status
        == 0)
    let first = try String(contentsOfFile: try command.items(0..<9, in: folder), encoding: .utf8)
    let added = try String(contentsOfFile: try command.items(100..<101, in: folder), encoding: .utf8)
    let second = folder.appendingPathComponent("second.jsonl")
    try Data((first + added).utf8).write(to: second)
    let result = try Self.run(command, items: second.path, ["--baseline", path])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    let width = command.widths[0]
    #expect(result.stdout.contains("added (not in the baseline): note-0101 @ \(width), note-0101 @ 343"))
    #expect(
      result.stdout.contains(
        "removed (in the baseline, not measured now): note-0010 @ \(width), note-0010 @ 343"))
    #expect(
      result.stdout.contains("18 unchanged, 0 moved beyond 0 pt, 0 changed within it, 2 added, 2 removed"))
  }

  @Test(arguments: Command.allCases)
  func aMalformedBaselineLineIsAUsageErrorWithItsLineNumber(command: Command) throws {
    let folder = try BaselineCommandTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let items = try command.items(0..<5, in: folder)
    let path = folder.appendingPathComponent("heights.jsonl").path
    #expect(try Self.run(command, items: items, ["--write-baseline", path]).status == 0)
    var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    lines[3] = String(lines[3].dropLast(5))
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
    let result = try Self.run(command, items: items, ["--baseline", path])
    #expect(result.status == 2)
    #expect(result.stderr.contains("\(path):4: invalid JSON"), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test(arguments: Command.allCases)
  func aBaselineOfAnotherCommandIsRefused(command: Command) throws {
    let folder = try BaselineCommandTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let items = try command.items(0..<3, in: folder)
    let path = folder.appendingPathComponent("heights.jsonl").path
    #expect(
      try BaselineCommandTests.layout(
        ["--write-baseline", path], items: try Command.measure.items(0..<3, in: folder)
      )
      .status == 0)
    let result = try Self.run(command, items: items, ["--baseline", path])
    #expect(result.status == 2)
    #expect(result.stderr.contains("made by `selfsize layout`, not `selfsize \(command.rawValue)`"))
    let orphan = try Self.run(command, items: items, ["--diff-report", folder.path])
    #expect(orphan.status == 2 && orphan.stderr.contains("--diff-report needs --baseline"))
  }

  @Test(arguments: Command.allCases)
  func aBadItemIsReportedAndTheRestCompared(command: Command) throws {
    let folder = try BaselineCommandTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let items = try command.items(0..<5, in: folder)
    let path = folder.appendingPathComponent("heights.jsonl").path
    #expect(try Self.run(command, items: items, ["--write-baseline", path]).status == 0)
    var lines = try String(contentsOfFile: items, encoding: .utf8).split(separator: "\n").map(String.init)
    lines[2] = "{\"id\": \"note-0003\""
    let broken = folder.appendingPathComponent("broken.jsonl").path
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: broken))
    let result = try Self.run(command, items: broken, ["--baseline", path])
    #expect(result.status == 1)
    #expect(result.stderr.contains("error: \(broken):3:"), "\(result.stderr)")
    #expect(
      result.stdout.contains("8 unchanged, 0 moved beyond 0 pt, 0 changed within it, 0 added, 2 removed"))
  }
}

extension StreamingBaselineTests {
  /// The CI recipe of Docs/Baselines.md, on the project's own committed baseline.
  @Test func theCIRecipePassesOnTheSampleFeed() throws {
    let result = try CLIRunner.run([
      "measure", "--template", "Examples/note-card.template.json", "--items", "Examples/feed.jsonl",
      "--width",
      "170", "--width", "343", "--baseline", "Tests/Baselines/sample-feed.measure.jsonl",
    ])
    #expect(
      result.status == 0,
      """
      \(result.stdout)\(result.stderr)
      If the change is intended, record the baseline again (Tests/Baselines/README.md).
      """)
    #expect(result.stdout.hasPrefix("480 unchanged, 0 moved beyond 0 pt"))
  }
}
