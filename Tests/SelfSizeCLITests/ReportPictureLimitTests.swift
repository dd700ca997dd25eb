import Foundation
import Testing

/// `selfsize report` draws the first `--picture-cards` cards of each width (100 by default) and
/// counts every card (issue #37, class 6): a 10,800-item report took 74 s and wrote 328 MB of
/// pictures; now its pictures stay the same size whatever the feed's length, and the page and
/// report.json say how many cards they show.
@Suite struct ReportPictureLimitTests {
  /// The ids of the cards a waterfall page draws, in order.
  static func drawnIDs(_ html: String) -> [String] {
    var ids: [String] = []
    for part in html.components(separatedBy: "<div class=\"cell\" data-id=\"").dropFirst() {
      guard let end = part.firstIndex(of: "\"") else { continue }
      ids.append(String(part[..<end]))
    }
    return ids
  }

  static func report(_ arguments: [String], in directory: URL) throws -> [String: Any] {
    let result = try CLIRunner.run(
      ["report", "-q", "--output-dir", directory.path, "--devices", "375x2"] + arguments)
    #expect(result.status == 0, "\(result.stderr)")
    return try ReportCommandTests.json(directory.appendingPathComponent("report.json"))
  }

  /// The sample feed `copies` times over, each copy's ids made unique.
  static func longFeed(copies: Int, in directory: URL) throws -> String {
    let lines = try String(
      contentsOf: CLIRunner.packageDirectory.appendingPathComponent("Examples/feed.jsonl"), encoding: .utf8
    ).split(separator: "\n")
    var text = ""
    for copy in 0..<copies {
      for line in lines {
        text += line.replacingOccurrences(of: #"{"id": "note-"#, with: #"{"id": "c\#(copy)-note-"#) + "\n"
      }
    }
    let url = directory.appendingPathComponent("long.jsonl")
    try Data(text.utf8).write(to: url)
    return url.path
  }

  @Test func picturesShowTheFirstNCardsAndSaySo() throws {
    let directory = try ReportCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let report = try Self.report(
      ["--picture-cards", "10", "--pictures", "overview,html,svg,png"], in: directory)
    let settings = try #require(report["settings"] as? [String: Any])
    #expect(settings["pictureCards"] as? Int == 10)
    let widths = try #require(report["widths"] as? [[String: Any]])
    #expect(widths.first?["items"] as? Int == 240)
    let pictures = try #require(widths.first?["pictures"] as? [String: Any])
    #expect(pictures["cards"] as? Int == 10 && pictures["of"] as? Int == 240)
    #expect((report["items"] as? [Any])?.count == 240, "the figures cover every card")
    let waterfall = try String(
      contentsOf: directory.appendingPathComponent("report-375x2.html"), encoding: .utf8)
    #expect(Self.drawnIDs(waterfall) == (1...10).map { "note-" + String(format: "%04d", $0) })
    #expect(waterfall.contains("Pictures: the first 10 of 240 cards (--picture-cards)"))
    let svg = try String(contentsOf: directory.appendingPathComponent("report-375x2.svg"), encoding: .utf8)
    #expect(svg.contains("data-id=\"note-0010\"") && !svg.contains("data-id=\"note-0011\""))
    let page = try String(contentsOf: directory.appendingPathComponent("report.html"), encoding: .utf8)
    #expect(page.contains("<b>Pictures show the first 10 of 240 cards</b> of each width"))
  }

  @Test func theDefaultIsTheFirst100CardsAndZeroDrawsAll() throws {
    let directory = try ReportCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var report = try Self.report(["--pictures", "html"], in: directory)
    var widths = try #require(report["widths"] as? [[String: Any]])
    #expect((report["settings"] as? [String: Any])?["pictureCards"] as? Int == 100)
    #expect((widths.first?["pictures"] as? [String: Any])?["cards"] as? Int == 100)
    var waterfall = try String(
      contentsOf: directory.appendingPathComponent("report-375x2.html"), encoding: .utf8)
    #expect(Self.drawnIDs(waterfall).count == 100)

    report = try Self.report(["--pictures", "html", "--picture-cards", "0"], in: directory)
    widths = try #require(report["widths"] as? [[String: Any]])
    #expect((widths.first?["pictures"] as? [String: Any])?["cards"] as? Int == 240)
    waterfall = try String(contentsOf: directory.appendingPathComponent("report-375x2.html"), encoding: .utf8)
    #expect(Self.drawnIDs(waterfall).count == 240)
    #expect(!waterfall.contains("Pictures: the first"))
    let page = try String(contentsOf: directory.appendingPathComponent("report.html"), encoding: .utf8)
    #expect(!page.contains("Pictures show the first"))
  }

  @Test func picturesDoNotGrowWithTheFeed() throws {
    let directory = try ReportCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let long = try Self.longFeed(copies: 4, in: directory)
    var sizes: [[String: Int]] = []
    for items in ["Examples/feed.jsonl", long] {
      let folder = directory.appendingPathComponent("out-\(sizes.count)")
      let report = try Self.report(
        ["--items", items, "--picture-cards", "40", "--pictures", "overview,html,png"], in: folder)
      let widths = try #require(report["widths"] as? [[String: Any]])
      #expect(widths.first?["items"] as? Int == 240 * (sizes.isEmpty ? 1 : 4))
      var files: [String: Int] = [:]
      for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
      where name.hasPrefix("report-375x2") {
        let attributes = try FileManager.default.attributesOfItem(
          atPath: folder.appendingPathComponent(name).path)
        files[name] = attributes[.size] as? Int
      }
      sizes.append(files)
    }
    // The same pictures (the first 40 cards are the same), only the header's count differs.
    #expect(sizes[0].keys.sorted() == sizes[1].keys.sorted())
    for (name, size) in sizes[0] {
      let other = sizes[1][name] ?? 0
      #expect(abs(other - size) <= size / 50 + 2_000, "\(name): \(size) → \(other) bytes")
    }
  }

  @Test func aNegativeCountIsAUsageError() throws {
    let result = try CLIRunner.run(["report", "-q", "--picture-cards=-1"])
    #expect(result.status == 2)
    #expect(
      result.stderr.contains("--picture-cards takes a number of cards ≥ 0 (0: all), got -1"),
      "\(result.stderr)")
  }
}
