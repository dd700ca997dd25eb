import Foundation
import Testing

/// `--write-baseline`, `--baseline`, `--tolerance` and `--diff-report` on `selfsize layout`.
@Suite struct BaselineCommandTests {
  static let template = LayoutCommandTests.template

  /// A fresh folder for one test.
  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("selfsize-baseline-\(UUID())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The sample template with `edit` applied to its text.
  static func editedTemplate(in folder: URL, _ edit: (String) -> String) throws -> String {
    let text = try String(
      contentsOf: CLIRunner.packageDirectory.appendingPathComponent(template), encoding: .utf8)
    let url = folder.appendingPathComponent("note-card.template.json")
    try Data(edit(text).utf8).write(to: url)
    return url.path
  }

  /// Checks a `--diff-report` folder: `index.html` and `pictures` PNGs; returns the page.
  static func expectDiffReport(in report: String, pictures count: Int) throws -> String {
    let files = try FileManager.default.contentsOfDirectory(atPath: report)
    #expect(files.contains("index.html"))
    let pictures = files.filter { $0.hasSuffix(".png") }.sorted()
    #expect(pictures.count == count)
    let first = try #require(pictures.first)
    let png = try Data(contentsOf: URL(fileURLWithPath: report).appendingPathComponent(first))
    #expect(Array(png.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
    return try String(contentsOfFile: report + "/index.html", encoding: .utf8)
  }

  static func layout(
    _ arguments: [String], items: String = "Examples/feed.jsonl", template: String = template
  )
    throws -> CLIRunner.Result
  {
    try CLIRunner.run(["layout", "--template", template, "--items", items] + arguments)
  }

  @Test func anUnchangedRunExitsZero() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("heights.jsonl").path
    let written = try Self.layout(["--write-baseline", path])
    #expect(written.status == 0, "\(written.stderr)")
    #expect(written.stdout == "wrote baseline \(path): 240 records\n")
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 241)
    #expect(lines[0].hasPrefix("{\"selfsizeBaseline\":1,\"command\":\"layout\""))
    #expect(lines[0].contains("\"checksum\":\"sha256:") && lines[0].contains("\"harfbuzz\":"))
    #expect(lines[1].hasPrefix("{\"id\":\"note-0001\",\"width\":175.5,\"height\":"))
    let again = try Self.layout(["--write-baseline", path + ".2"])
    #expect(again.status == 0)
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: path)) == Data(contentsOf: URL(fileURLWithPath: path + ".2")))
    let compared = try Self.layout(["--baseline", path])
    #expect(compared.status == 0, "\(compared.stderr)")
    #expect(
      compared.stdout == "240 unchanged, 0 moved beyond 0 pt, 0 changed within it, 0 added, 0 removed\n")
  }

  @Test func aTemplateEditListsWhatMovedAndExitsOne() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("heights.jsonl").path
    #expect(try Self.layout(["--write-baseline", path]).status == 0)
    let edited = try Self.editedTemplate(in: folder) {
      $0.replacingOccurrences(of: "\"maxLines\": 2", with: "\"maxLines\": 3")
    }
    let report = folder.appendingPathComponent("moved").path
    let result = try Self.layout(["--baseline", path, "--diff-report", report], template: edited)
    #expect(result.status == 1, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.first?.hasPrefix("status ") == true && lines.first?.contains("first changed line") == true)
    let moved = lines.filter { $0.hasPrefix("moved ") }
    #expect(!moved.isEmpty)
    #expect(moved.allSatisfy { $0.contains("title") && $0.contains("2 → 3") })
    #expect(result.stdout.contains("template note-card.template.json changed: checksum sha256:"))
    #expect(result.stdout.contains("\(moved.count) moved beyond 0 pt"))
    let html = try Self.expectDiffReport(in: report, pictures: moved.count)
    #expect(
      html.contains("class=\"line changed after bold\"")
        && html.contains("class=\"line changed before bold\""))
  }

  @Test(arguments: [("1", 0), ("0.1", 1)])
  func tolerance(tolerance: String, status: Int32) throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("heights.jsonl").path
    #expect(try Self.layout(["--write-baseline", path]).status == 0)
    // Two gaps in the stack grow by 0.25 pt: every card is 0.5 pt taller.
    let edited = try Self.editedTemplate(in: folder) {
      $0.replacingOccurrences(of: "\"spacing\": 8,", with: "\"spacing\": 8.25,")
    }
    let result = try Self.layout(["--baseline", path, "--tolerance", tolerance], template: edited)
    #expect(result.status == status, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("(+0.5)"))
    #expect(
      result.stdout.contains(status == 0 ? "0 moved beyond 1 pt, 240 changed" : "240 moved beyond 0.1 pt"))
  }

  @Test func aFontSwapIsNamedAsTheCause() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("heights.jsonl").path
    let fonts = ["--font", "Fonts/NotoSansCJKsc-Regular.otf", "--font", "Fonts/NotoColorEmoji.ttf"]
    #expect(try Self.layout(["--write-baseline", path] + fonts).status == 0)
    // The same file name with other bytes: the cause names the checksum.
    let copy = folder.appendingPathComponent("NotoSansCJKsc-Regular.otf")
    var bytes = try Data(
      contentsOf: CLIRunner.packageDirectory.appendingPathComponent("Fonts/NotoSansCJKsc-Regular.otf"))
    bytes.append(contentsOf: [0, 0, 0, 0])
    try bytes.write(to: copy)
    let changed = try Self.layout([
      "--baseline", path, "--font", copy.path, "--font", "Fonts/NotoColorEmoji.ttf",
    ])
    #expect(changed.status == 0, "\(changed.stdout)\(changed.stderr)")
    #expect(changed.stdout.contains("font NotoSansCJKsc-Regular.otf changed: checksum sha256:"))
    // Another font: heights move and the swap is named.
    let swapped = try Self.layout([
      "--baseline", path, "--font", "Fonts/NotoSansCJKsc-Bold.otf", "--font", "Fonts/NotoColorEmoji.ttf",
    ])
    #expect(swapped.status == 1, "\(swapped.stderr)")
    #expect(
      swapped.stdout.contains(
        "font regular #0 changed: NotoSansCJKsc-Regular.otf (Noto Sans CJK SC Regular) → NotoSansCJKsc-Bold.otf (Noto Sans CJK SC Bold)"
      ))
  }

  @Test func addedAndRemovedItemsAreListedNotErrors() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("heights.jsonl").path
    let first = try LayoutCommandTests.temporaryFile(try LayoutCommandTests.feedLines(0..<10))
    #expect(try Self.layout(["--write-baseline", path], items: first).status == 0)
    // The last item goes, a new one comes at the end: the others keep their columns and heights.
    let second = try LayoutCommandTests.temporaryFile(
      try LayoutCommandTests.feedLines(0..<9) + LayoutCommandTests.feedLines(100..<101))
    let result = try Self.layout(["--baseline", path], items: second)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("added (not in the baseline): note-0101 @ 175.5"))
    #expect(result.stdout.contains("removed (in the baseline, not measured now): note-0010 @ 175.5"))
    #expect(
      result.stdout.contains("9 unchanged, 0 moved beyond 0 pt, 0 changed within it, 1 added, 1 removed"))
  }

  @Test func aMalformedBaselineLineIsAUsageErrorWithItsLineNumber() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("heights.jsonl").path
    #expect(try Self.layout(["--write-baseline", path]).status == 0)
    var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    lines[2] = String(lines[2].dropLast(5))
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
    let result = try Self.layout(["--baseline", path])
    #expect(result.status == 2)
    #expect(result.stderr.contains("\(path):3: invalid JSON"), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    let text = try CLIRunner.run(["layout", "--layout", "circle", "--baseline", path])
    #expect(text.status == 2)
  }

  @Test func aBaselineOfAnotherCommandIsRefused() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("heights.jsonl").path
    try Data(
      (#"{"selfsizeBaseline":1,"command":"text","engine":"0.3.0","libraries":{"harfbuzz":"6.0.0","freetype":"2.12.1","icu":"72.1","unicode":"15.0"},"template":null,"fonts":[],"settings":{},"records":0}"#
        + "\n").utf8
    ).write(to: URL(fileURLWithPath: path))
    let result = try Self.layout(["--baseline", path])
    #expect(result.status == 2)
    #expect(result.stderr.contains("made by `selfsize text`, not `selfsize layout`"))
    let orphan = try Self.layout(["--diff-report", folder.path])
    #expect(orphan.status == 2 && orphan.stderr.contains("--diff-report needs --baseline"))
  }
}
