import Foundation
import Testing

/// `selfsize layout --format jsonl`, `--fields` for csv and table, and `--precision`.
@Suite struct LayoutOutputTests {
  static let base = ["layout", "--template", "Examples/note-card.template.json", "-i", "Examples/feed.jsonl"]

  static func layoutJSON(_ extra: [String] = []) throws -> [String: Any] {
    let result = try CLIRunner.run(base + extra + ["--format", "json"])
    #expect(result.status == 0, "\(result.stderr)")
    return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
  }

  @Test func jsonlIsOneItemPerLineAsInTheJSON() throws {
    let items = try #require(try Self.layoutJSON()["items"] as? [[String: Any]])
    let result = try CLIRunner.run(Self.base + ["--format", "jsonl"])
    #expect(result.status == 0)
    let lines = result.jsonLines
    #expect(lines.count == 240)
    #expect(lines.count == items.count)
    for (line, item) in zip(lines, items) {
      // Each line names its platform besides the item's keys.
      var line = line
      #expect(line.removeValue(forKey: "platform") as? String == "web")
      #expect(NSDictionary(dictionary: line).isEqual(to: item))
    }
    #expect(result.stdout.split(separator: "\n").count == 240)
  }

  @Test func fieldsChooseTheColumnsOfCSVAndTable() throws {
    let items = try #require(try Self.layoutJSON()["items"] as? [[String: Any]])
    let first = try #require(items.first)
    let frame = try #require(first["frame"] as? [Double])
    let csv = try CLIRunner.run(Self.base + ["--format", "csv", "--fields", "id,column,y,height"])
    #expect(csv.status == 0, "\(csv.stderr)")
    let rows = csv.stdout.split(separator: "\n")
    #expect(rows.count == 241)
    #expect(rows[0] == "id,column,y,height")
    #expect(
      rows[1]
        == "\(first["id"] as! String),\(first["column"] as! Int),\(Self.number(frame[1])),\(Self.number(frame[3]))"
    )
    let table = try CLIRunner.run(Self.base + ["--format", "table", "--fields", "id,height"])
    #expect(table.status == 0)
    let lines = table.stdout.split(separator: "\n")
    #expect(lines[0].split(separator: " ") == ["id", "height"])
    #expect(lines.count == 242)
    let unknown = try CLIRunner.run(Self.base + ["--format", "csv", "--fields", "id,nope"])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("unknown field \"nope\""))
    let notTabular = try CLIRunner.run(Self.base + ["--format", "json", "--fields", "id"])
    #expect(notTabular.status == 2)
  }

  static func number(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : "\(value)"
  }

  @Test func precisionRoundsTheLayoutsNumbers() throws {
    let exact = try Self.layoutJSON()
    let rounded = try Self.layoutJSON(["--precision", "1"])
    let exactFrames = try #require(exact["items"] as? [[String: Any]]).compactMap { $0["frame"] as? [Double] }
    let frames = try #require(rounded["items"] as? [[String: Any]]).compactMap { $0["frame"] as? [Double] }
    #expect(frames.count == exactFrames.count)
    #expect(exactFrames.joined().contains { ($0 * 10).rounded() != $0 * 10 })
    for (frame, exactFrame) in zip(frames, exactFrames) {
      for (value, exactValue) in zip(frame, exactFrame) {
        #expect(abs(value - exactValue) <= 0.05 + 1e-9)
        #expect((value * 10).rounded() == value * 10)
      }
    }
    let csv = try CLIRunner.run(Self.base + ["--format", "csv", "--precision", "0"])
    for row in csv.stdout.split(separator: "\r\n").dropFirst() {
      for field in row.split(separator: ",", omittingEmptySubsequences: false).suffix(4) {
        #expect(!field.contains("."), "\(row)")
      }
    }
  }
}
