import Foundation
import Testing

@Suite struct LayoutCommandTests {
  static let template = "Examples/note-card.template.json"

  /// Writes `text` to a temporary file and returns its path.
  /// Removes the folder `temporaryFile` made for `path`.
  static func removeTemporaryFile(_ path: String) {
    try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent())
  }

  static func temporaryFile(_ text: String, name: String = "items.jsonl") throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("selfsize-layout-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  static func feedLines(_ range: Range<Int>) throws -> String {
    let lines = try String(
      contentsOf: CLIRunner.packageDirectory.appendingPathComponent("Examples/feed.jsonl"), encoding: .utf8
    )
    .split(separator: "\n")
    return lines[range].joined(separator: "\n") + "\n"
  }

  @Test func jsonFollowsTheContract() throws {
    let result = try CLIRunner.run([
      "layout", "--template", Self.template, "--items", "Examples/feed.jsonl", "--collection-width", "375",
      "--columns", "2", "--column-spacing", "8", "--line-spacing", "8", "--insets", "8,8,8,8", "--format",
      "json",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    for key in ["contentSize", "columnHeights", "items", "supplementary", "decorations", "pages"] {
      #expect(object[key] != nil, "missing \(key)")
    }
    // Keys in contract order.
    let order = ["contentSize", "columnHeights", "items", "supplementary", "decorations", "pages"].map {
      result.stdout.range(of: "\"\($0)\":")!.lowerBound
    }
    #expect(order == order.sorted())
    let items = try #require(object["items"] as? [[String: Any]])
    #expect(items.count == 240)
    for key in ["id", "section", "item", "column", "frame"] { #expect(items[0][key] != nil) }
    #expect(items[0]["id"] as? String == "note-0001")
    #expect(items[0]["frame"] as? [Double] == [8, 8, 175.5, (items[0]["frame"] as! [Double])[3]])
    let contentSize = try #require(object["contentSize"] as? [Double])
    let heights = try #require(object["columnHeights"] as? [Double])
    #expect(contentSize[0] == 375 && heights.count == 2)
    #expect(abs(contentSize[1] - (heights.max()! + 8)) < 1e-9)
    let pages = try #require(object["pages"] as? [[String: Any]])
    #expect(pages.count == 1 && pages[0]["items"] as? Int == 240 && pages[0]["measured"] as? Int == 240)
  }

  @Test func csvAndTable() throws {
    let csv = try CLIRunner.run([
      "layout", "--template", Self.template, "--items", "Examples/feed.jsonl", "--format", "csv",
    ])
    #expect(csv.status == 0)
    let lines = csv.stdout.split(separator: "\r\n")
    #expect(lines.first == "id,section,item,column,x,y,width,height")
    #expect(lines.count == 241)
    let table = try CLIRunner.run([
      "layout", "--template", Self.template, "--items", "Examples/feed.jsonl", "--format", "table",
    ])
    #expect(table.status == 0)
    #expect(table.stdout.hasPrefix("id "))
    #expect(table.stdout.contains("content size: 375 × "))
    #expect(table.stdout.contains("column heights: "))
  }

  @Test func severalItemsFilesArePagesWithMeasuredCounts() throws {
    let first = try Self.temporaryFile(try Self.feedLines(0..<50))
    let second = try Self.temporaryFile(try Self.feedLines(50..<70))
    let refresh = try Self.temporaryFile(try Self.feedLines(0..<10))
    defer { for path in [first, second, refresh] { Self.removeTemporaryFile(path) } }
    let result = try CLIRunner.run([
      "layout", "--template", Self.template, "--items", first, "--items", second, "--items", refresh,
      "--format", "json",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let pages = try #require(object["pages"] as? [[String: Any]])
    #expect(pages.map { $0["items"] as? Int } == [50, 70, 10])
    #expect(pages.map { $0["measured"] as? Int } == [50, 20, 0])
    #expect((object["items"] as? [Any])?.count == 10)
  }

  @Test func pageSizeSplitsTheFile() throws {
    let result = try CLIRunner.run([
      "layout", "--template", Self.template, "--items", "Examples/feed.jsonl", "--page-size", "20",
      "--format", "json",
    ])
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let pages = try #require(object["pages"] as? [[String: Any]])
    #expect(pages.count == 12)
    #expect(pages.allSatisfy { $0["measured"] as? Int == 20 })
    #expect(pages.map { $0["items"] as? Int } == (1...12).map { $0 * 20 })
  }

  @Test func badItemsAreReportedPerItemAndTheRestLaidOut() throws {
    let text =
      try Self.feedLines(0..<3) + "{\"id\": \"broken\"\n" + "{\"title\": \"no id\"}\n" + Self.feedLines(3..<5)
    let path = try Self.temporaryFile(text)
    defer { Self.removeTemporaryFile(path) }
    let result = try CLIRunner.run([
      "layout", "--template", Self.template, "--items", path, "--format", "csv",
    ])
    #expect(result.status == 1)
    #expect(result.stdout.split(separator: "\r\n").count == 6)
    let errors = result.stderr.split(separator: "\n")
    #expect(errors.count == 2)
    #expect(errors[0].hasPrefix("error: \(path):4: invalid JSON"))
    #expect(errors[1] == "error: \(path):5: missing field \"id\"")
  }

  @Test func circleDefaults() throws {
    let result = try CLIRunner.run([
      "layout", "--layout", "circle", "--collection-size", "375x667", "--items", "20", "--format", "json",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(object["contentSize"] as? [Double] == [375, 667])
    let items = try #require(object["items"] as? [[String: Any]])
    #expect(items.count == 20)
    for (index, item) in items.enumerated() {
      let frame = try #require(item["frame"] as? [Double])
      let angle = 2 * Double.pi * Double(index) / 20
      #expect(abs(frame[0] + frame[2] / 2 - (667 / 3.5 + 150 * cos(angle))) < 1e-9)
      #expect(abs(frame[1] + frame[3] / 2 - (375 / 1.5 + 150 * sin(angle))) < 1e-9)
      #expect(item["column"] is NSNull)
    }
    let decorations = try #require(object["decorations"] as? [[String: Any]])
    #expect(decorations.count == 1)
    #expect(decorations[0]["kind"] as? String == "center")
    #expect((decorations[0]["zIndex"] as? Int ?? 0) < 0)
    let frame = try #require(decorations[0]["frame"] as? [Double])
    #expect(abs(frame[0] + 75 - 667 / 3.5) < 1e-9 && abs(frame[1] + 15 - 250) < 1e-9)
  }

  @Test func picturesToFiles() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("selfsize-layout-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let png = directory.appendingPathComponent("circle.png").path
    let result = try CLIRunner.run([
      "layout", "--layout", "circle", "--items", "12", "--format", "png", "--scale", "2", "--output", png,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let data = try Data(contentsOf: URL(fileURLWithPath: png))
    #expect(Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    // IHDR width and height: 750 × 1334.
    #expect(Array(data[16..<24]) == [0, 0, 0x02, 0xEE, 0, 0, 0x05, 0x36])
    let svg = try CLIRunner.run([
      "layout", "--template", Self.template, "--items", "Examples/feed.jsonl", "--format", "svg",
    ])
    #expect(svg.status == 0)
    #expect(svg.stdout.hasPrefix("<svg"))
    #expect(svg.stdout.components(separatedBy: "class=\"cell\"").count - 1 == 240)
  }

  @Test(arguments: [
    ["--layout", "circle", "--items", "many"],
    ["--layout", "circle", "--items", "3", "--items", "4"],
    ["--layout", "circle", "--collection-size", "375by667"],
    ["--columns", "0"],
    ["--insets", "8,8,8"],
    ["--collection-width", "10", "--insets", "8,8,8,8"],
    ["--column-spacing", "-1"],
    ["--page-size", "0"],
    ["--scale", "4"],
    ["--format", "png"],
  ])
  func usageErrorsExitWith2(arguments: [String]) throws {
    var all = ["layout", "--template", Self.template]
    if !arguments.contains("--items") { all += ["--items", "Examples/feed.jsonl"] }
    let result = try CLIRunner.run(all + arguments)
    #expect(result.status == 2, "\(arguments): \(result.stderr)")
    #expect(!result.stderr.isEmpty)
  }

  @Test func unwritableOutputIsAClearError() throws {
    let result = try CLIRunner.run([
      "layout", "--template", Self.template, "--items", "Examples/feed.jsonl", "--format", "json", "--output",
      "/nonexistent-dir/x/layout.json",
    ])
    #expect(result.status == 2)
    #expect(result.stderr.contains("cannot write /nonexistent-dir/x/layout.json"))
  }
}
