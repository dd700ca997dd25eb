import Foundation
import Testing

@Suite struct MeasureCommandTests {
  @Test func measuresEveryItemOfTheSampleFeed() throws {
    let result = try CLIRunner.run([
      "measure", "--template", "Examples/note-card.template.json", "--items", "Examples/feed.jsonl",
      "--width", "179.5",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let rows = result.jsonLines
    #expect(rows.count == 240)
    for row in rows {
      let height = try #require(row["height"] as? Double)
      let elements = try #require(row["elements"] as? [[String: Any]])
      #expect(height > 0)
      #expect(row["width"] as? Double == 179.5)
      // Every element lies inside the cell.
      for element in elements {
        let frame = try #require(element["frame"] as? [Double])
        #expect(frame.count == 4)
        #expect(frame[0] >= 0 && frame[0] + frame[2] <= 179.5 + 1e-9)
        #expect(frame[1] >= 0 && frame[1] + frame[3] <= height + 1e-9)
      }
    }
  }

  @Test func badItemsAreReportedAndTheRestMeasured() throws {
    let items = """
      {"id": "ok", "title": "A title", "author": "me", "likes": 3, "body": "x"}
      {"title": "no id"}
      {"id": "broken image", "title": "t", "author": "a", "likes": 1, "imageWidth": 0, "imageHeight": 100}
      {nope
      {"id": "ok2", "title": "Another", "author": "you", "likes": 4, "body": "y"}
      """
    let result = try CLIRunner.run(
      ["measure", "--template", "Examples/note-card.template.json", "--width", "180"], stdin: items)
    #expect(result.status == 1)
    #expect(result.jsonLines.map { $0["id"] as? String } == ["ok", "ok2"])
    let errors = result.stderr.split(separator: "\n")
    #expect(errors.count == 3)
    #expect(errors[0] == #"error: <stdin>:2: missing field "id""#)
    #expect(errors[1].hasPrefix("error: <stdin>:3: id broken image: cover: "))
    #expect(errors[2].hasPrefix("error: <stdin>:4: invalid JSON: "))
  }

  @Test func aBadTemplateIsAUsageErrorNamingTheJSONPath() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("measure-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let template = directory.appendingPathComponent("bad.template.json")
    try Data(
      #"{"styles": {"title": {"fontSize": 15}}, "stack": [{"label": "title", "style": "titel"}]}"#.utf8
    )
    .write(to: template)
    let result = try CLIRunner.run(["measure", "--template", template.path, "--width", "180"], stdin: "")
    #expect(result.status == 2)
    #expect(result.stderr.contains("stack[0]"))
    #expect(result.stderr.contains("titel"))
  }

  @Test func multipleWidthsAndTableFormat() throws {
    let items = #"{"id": "p", "body": "短文本 short body", "author": "me", "likes": 1}"#
    let result = try CLIRunner.run(
      ["measure", "--template", "Examples/text-post.template.json", "--width", "160", "--width", "343"],
      stdin: items)
    #expect(result.jsonLines.map { $0["width"] as? Double } == [160, 343])
    let table = try CLIRunner.run(
      ["measure", "--template", "Examples/text-post.template.json", "--width", "160", "--format", "table"],
      stdin: items)
    #expect(table.stdout.hasPrefix("id"))
    #expect(table.stdout.contains("p "))
  }
}
