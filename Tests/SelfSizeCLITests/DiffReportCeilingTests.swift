import Foundation
import Testing

/// `--diff-report` pictures are held to the same ceilings as `layout` and `report` pictures
/// (issue #37, class 6): a card that grew to 760,000 pt no longer makes selfsize try to allocate
/// 3.4 GB and abort; its pair is cut at a report page's height and the page says so.
@Suite struct DiffReportCeilingTests {
  static let template =
    #"{"styles": {"t": {"fontSize": 13, "lineHeight": 18}}, "stack": [{"label": "title", "style": "t"}, "#
    + #"{"name": "cover", "image": {"aspectFrom": ["w", "h"]}}]}"#

  /// The width and height of a PNG, from its header.
  static func pixelSize(_ path: String) throws -> (width: Int, height: Int) {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(Array(data.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
    func number(at offset: Int) -> Int { data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (number(at: 16), number(at: 20))
  }

  /// Writes the template and the items before and after, records the baseline at `width` and
  /// compares with `--diff-report`; returns the result and the report folder.
  static func compare(before: String, after: String, width: String) throws -> (CLIRunner.Result, URL) {
    let folder = try BaselineCommandTests.folder()
    let template = folder.appendingPathComponent("tall.template.json")
    try Data(Self.template.utf8).write(to: template)
    let old = folder.appendingPathComponent("old.jsonl")
    let new = folder.appendingPathComponent("new.jsonl")
    try Data((before + "\n").utf8).write(to: old)
    try Data((after + "\n").utf8).write(to: new)
    let baseline = folder.appendingPathComponent("base.jsonl").path
    let common = ["measure", "--template", template.path, "-w", width]
    let written = try CLIRunner.run(common + ["-i", old.path, "--write-baseline", baseline])
    #expect(written.status == 0, "\(written.stderr)")
    let report = folder.appendingPathComponent("moved")
    let result = try CLIRunner.run(
      common + ["-i", new.path, "--baseline", baseline, "--diff-report", report.path])
    return (result, report)
  }

  @Test func aCardThatGrewTo760000PointsIsCutAtAPageHeight() throws {
    let (result, report) = try Self.compare(
      before: #"{"id": "a", "title": "Hello", "w": 1, "h": 1}"#,
      after: #"{"id": "a", "title": "Hello", "w": 1, "h": 4471}"#, width: "170")
    defer { try? FileManager.default.removeItem(at: report.deletingLastPathComponent()) }
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    #expect(result.stdout.contains("wrote 2 files into"))
    let size = try Self.pixelSize(report.appendingPathComponent("001-a@170.png").path)
    // 2 px per point: 12 + 170 + 12 + 170 + 12 pt wide, cut at 4,000 px.
    #expect(size.width == 752 && size.height == 4000)
    let html = try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(html.contains("(cut at 1966 pt of 760096 pt: pictures are at most 4000 px tall"), "\(html)")
  }

  @Test func aPairWiderThanTheCeilingIsDrawnSmaller() throws {
    let (result, report) = try Self.compare(
      before: #"{"id": "a", "title": "Hello", "w": 1000, "h": 1}"#,
      after: #"{"id": "a", "title": "Hello", "w": 500, "h": 1}"#, width: "9000")
    defer { try? FileManager.default.removeItem(at: report.deletingLastPathComponent()) }
    #expect(result.status == 1, "\(result.stderr)")
    let size = try Self.pixelSize(report.appendingPathComponent("001-a@9000.png").path)
    // 18,036 pt at 2 px per point would be 36,072 px: drawn at the scale that fits 16,384 px.
    #expect(size.width > 16_000 && size.width <= 16_384)
    #expect(size.height < 1000)
    let html = try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(!html.contains("cut at"))
  }
}
