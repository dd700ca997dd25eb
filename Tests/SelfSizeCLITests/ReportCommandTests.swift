import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite struct ReportCommandTests {
  static func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("selfsize-report-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  static func json(_ url: URL) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
  }

  /// The default report: six device widths, the page, the JSON, the fonts, per width a
  /// waterfall page and a contact sheet; one table row per width and the page's path.
  @Test func defaultReportWritesThePageAndJSON() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try CLIRunner.run(["report", "--output-dir", directory.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty, "no progress when stderr is not a terminal")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("device ") == true)
    for width in ["320", "375", "390", "414", "430", "768"] {
      #expect(lines.contains { $0.contains("  \(width)  ") }, "a row for \(width)")
    }
    #expect(lines.last == "report: \(directory.path)/report.html")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    for name in ["report.html", "report.json", "fonts", "report-375x2.html", "report-375x2-overview.png"] {
      #expect(files.contains(name), "\(name) in \(files)")
    }
    #expect(!files.contains { $0.hasPrefix(".") }, "no temporary files left: \(files)")
    let report = try Self.json(directory.appendingPathComponent("report.json"))
    let widths = try #require(report["widths"] as? [[String: Any]])
    #expect(widths.map { $0["collectionWidth"] as? Double } == [320, 375, 390, 414, 430, 768])
    #expect(widths.map { $0["columns"] as? Int } == [2, 2, 2, 2, 2, 3])
    #expect(widths.allSatisfy { $0["items"] as? Int == 240 })
    let html = try String(contentsOf: directory.appendingPathComponent("report.html"), encoding: .utf8)
    for heading in [
      "Summary per width", "Card heights", "The waterfalls side by side", "Sensitive to width",
      "Truncated", "Tallest cards", "Missing glyphs and errors",
    ] {
      #expect(html.contains(heading), "\(heading)")
    }
    #expect(html.components(separatedBy: "<svg").count - 1 == 12, "six histograms and six overviews")
    #expect(!html.contains("file:"), "fonts by relative URL only")
    #expect(
      html.range(of: "id=\"overflow-summary\"")!.lowerBound < html.range(of: "Summary per width")!.lowerBound)
  }

  /// report.json's figures are `selfsize measure`'s at each width's column width: every
  /// item's height, line counts and truncation; and the summary figures follow from them.
  @Test func reportFiguresEqualMeasure() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try CLIRunner.run([
      "report", "-q", "--output-dir", directory.path, "--devices", "320x2,768x3", "--pictures", "none",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.isEmpty, "--quiet prints nothing on success")
    let report = try Self.json(directory.appendingPathComponent("report.json"))
    let widths = try #require(report["widths"] as? [[String: Any]])
    let items = try #require(report["items"] as? [[String: Any]])
    #expect(items.count == 240)
    for (column, width) in widths.enumerated() {
      let itemWidth = try #require(width["itemWidth"] as? Double)
      let measure = try CLIRunner.run([
        "measure", "--template", "Examples/note-card.template.json", "--items", "Examples/feed.jsonl",
        "--width", "\(itemWidth)",
      ])
      #expect(measure.status == 0, "\(measure.stderr)")
      let measured = measure.jsonLines
      #expect(measured.count == items.count)
      var heights: [Double] = []
      var truncated = 0
      for (item, expected) in zip(items, measured) {
        #expect(item["id"] as? String == expected["id"] as? String)
        let card = try #require((item["cards"] as? [Any])?[column] as? [String: Any])
        #expect(card["width"] as? Double == expected["width"] as? Double)
        #expect(card["height"] as? Double == expected["height"] as? Double, "\(item["id"] ?? "")")
        let labels = try #require(card["labels"] as? [[String: Any]])
        let elements = try #require(expected["elements"] as? [[String: Any]]).filter {
          $0["lineCount"] != nil
        }
        #expect(labels.map { $0["name"] as? String } == elements.map { $0["name"] as? String })
        #expect(labels.map { $0["lineCount"] as? Int } == elements.map { $0["lineCount"] as? Int })
        #expect(labels.map { $0["truncated"] as? Bool } == elements.map { $0["truncated"] as? Bool })
        if elements.contains(where: { $0["truncated"] as? Bool == true }) { truncated += 1 }
        heights.append(try #require(expected["height"] as? Double))
      }
      heights.sort()
      let statistics = try #require(width["height"] as? [String: Any])
      #expect(statistics["max"] as? Double == heights.last)
      #expect(statistics["median"] as? Double == (heights[119] + heights[120]) / 2)
      #expect(statistics["p95"] as? Double == heights[227])
      #expect(width["truncated"] as? Int == truncated)
      #expect(width["errors"] as? Int == 0)
      let histogram = try #require(width["histogram"] as? [String: Any])
      #expect((histogram["counts"] as? [Int])?.reduce(0, +) == 240)
    }
  }

  /// The same feed on every platform: per width each platform's content height is what
  /// `selfsize layout --platform P` gives, the cards counted as differing are those whose
  /// heights differ between those layouts, and the page draws the one that differs most on each.
  @Test func reportPutsThePlatformsSideBySide() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try CLIRunner.run([
      "report", "--output-dir", directory.path, "--devices", "375x2", "--pictures", "none", "--platform",
      "flutter",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("content web  content flutter  content android  content ios"))
    let report = try Self.json(directory.appendingPathComponent("report.json"))
    #expect(report["platform"] as? String == "flutter")
    let comparison = try #require((report["platforms"] as? [[String: Any]])?.first)
    let contentHeights = try #require(comparison["contentHeight"] as? [String: Double])
    var heights: [String: [String: Double]] = [:]
    for platform in ["web", "flutter", "android", "ios"] {
      let layout = try CLIRunner.run([
        "layout", "--template", "Examples/note-card.template.json", "-i", "Examples/feed.jsonl",
        "--collection-width", "375", "--format", "json", "--platform", platform,
      ])
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(layout.stdout.utf8)) as? [String: Any])
      #expect(contentHeights[platform] == (object["contentSize"] as? [Double])?[1])
      for item in try #require(object["items"] as? [[String: Any]]) {
        heights[item["id"] as! String, default: [:]][platform] = (item["frame"] as? [Double])?[3]
      }
    }
    // Differences under 1/64 pt (web rounds image heights down to it) do not count.
    let differing = heights.filter { $0.value.values.max()! - $0.value.values.min()! >= 1.0 / 64 }
    #expect(comparison["cards"] as? Int == 240)
    #expect(comparison["differing"] as? Int == differing.count)
    #expect(!differing.isEmpty, "the bundled feed has a card whose lines break differently on SkParagraph")
    let largest = try #require(comparison["largest"] as? [String: Any])
    let id = try #require(largest["id"] as? String)
    let own = try #require(differing[id])
    #expect(largest["difference"] as? Double == own.values.max()! - own.values.min()!)
    let page = try String(contentsOf: directory.appendingPathComponent("report.html"), encoding: .utf8)
    #expect(page.contains("The same feed on every platform"))
    for platform in ["web", "flutter", "android", "ios"] { #expect(page.contains("\(id) · \(platform) · ")) }
  }

  /// --widths at --columns; the old --collection-width/--columns pick one device.
  @Test(arguments: [
    (["--widths", "360,412", "--columns", "3"], [360.0, 412], [3, 3]),
    (["--collection-width", "600", "--columns", "3"], [600.0], [3]),
    (["--devices", "phones"], [320.0, 375, 390, 414, 430], [2, 2, 2, 2, 2]),
  ])
  func widthsAndDevices(arguments: [String], widths: [Double], columns: [Int]) throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try CLIRunner.run(
      ["report", "--output-dir", directory.path, "--pictures", "none", "--summary-format", "json"] + arguments
    )
    #expect(result.status == 0, "\(result.stderr)")
    let summary = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let entries = try #require(summary["widths"] as? [[String: Any]])
    #expect(entries.map { $0["collectionWidth"] as? Double } == widths)
    #expect(entries.map { $0["columns"] as? Int } == columns)
  }

  @Test(arguments: [
    ["--devices", "375xq"], ["--widths", "abc"], ["--pictures", "gif"], ["--widths", "20"],
  ])
  func badChoicesAreUsageErrors(arguments: [String]) throws {
    let result = try CLIRunner.run(["report", "--output-dir", "/nonexistent/never"] + arguments)
    #expect(result.status == 2, "\(result.stdout)")
    #expect(result.stderr.contains("--") || result.stderr.contains("narrower"), "\(result.stderr)")
  }

  /// Page images of at most 4,000 px with the header, SVG with its header and fonts by relative
  /// URL; the contact sheet carries ids and heights.
  @Test func picturesArePagesWithHeaders() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try CLIRunner.run([
      "report", "-q", "--output-dir", directory.path, "--devices", "375x2", "--pictures", "overview,png,svg",
      "--tags", "--picture-cards", "0",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    let pages = files.filter { $0.hasPrefix("report-375x2-page-") && $0.hasSuffix(".png") }
    #expect(pages.count >= 8, "\(files)")
    var total = 0
    for page in pages {
      let data = try Data(contentsOf: directory.appendingPathComponent(page))
      let width = data[16..<20].reduce(0) { $0 << 8 | Int($1) }
      let height = data[20..<24].reduce(0) { $0 << 8 | Int($1) }
      #expect(width == 375)
      #expect(height <= 4000)
      total += height
    }
    #expect(total > 32785, "every page together covers the content plus the headers")
    let svg = try String(contentsOf: directory.appendingPathComponent("report-375x2.svg"), encoding: .utf8)
    #expect(svg.contains("class=\"header\""))
    #expect(svg.contains("Noto Sans CJK SC"), "the header names the fonts")
    #expect(svg.contains("src: url(\"fonts/"))
    #expect(!svg.contains("file:"))
    #expect(svg.contains("note-0001 · "), "tags with id and height")
    #expect(files.contains("report-375x2-overview.png"))
  }

  /// Outputs are written to a temporary file and renamed: a link at an output path is replaced,
  /// the file it pointed to stays as it was; a dangling link creates nothing outside the folder.
  @Test func linksAtOutputPathsAreReplacedNotFollowed() throws {
    let directory = try Self.temporaryDirectory()
    let outside = try Self.temporaryDirectory()
    defer {
      try? FileManager.default.removeItem(at: directory)
      try? FileManager.default.removeItem(at: outside)
    }
    let victim = outside.appendingPathComponent("victim.txt")
    try Data("keep me".utf8).write(to: victim)
    let manager = FileManager.default
    try manager.createSymbolicLink(
      atPath: directory.appendingPathComponent("report.html").path, withDestinationPath: victim.path)
    try manager.createSymbolicLink(
      atPath: directory.appendingPathComponent("report.json").path,
      withDestinationPath: outside.appendingPathComponent("created.json").path)
    let result = try CLIRunner.run(["report", "-q", "--output-dir", directory.path, "--devices", "375x2"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try String(contentsOf: victim, encoding: .utf8) == "keep me")
    #expect(!manager.fileExists(atPath: outside.appendingPathComponent("created.json").path))
    let attributes = try manager.attributesOfItem(
      atPath: directory.appendingPathComponent("report.html").path)
    #expect(attributes[.type] as? FileAttributeType == .typeRegular)

    let layoutLink = directory.appendingPathComponent("layout.svg")
    try manager.createSymbolicLink(atPath: layoutLink.path, withDestinationPath: victim.path)
    let layout = try CLIRunner.run([
      "layout", "--template", "Examples/note-card.template.json", "--items", "Examples/feed.jsonl",
      "--format",
      "svg", "--output", layoutLink.path,
    ])
    #expect(layout.status == 0, "\(layout.stderr)")
    #expect(try String(contentsOf: victim, encoding: .utf8) == "keep me")
  }

  /// Eight reports into one folder at once all succeed (fonts are copied by rename, never
  /// deleted first).
  @Test func parallelReportsIntoOneFolderAllSucceed() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let statuses = RunResults()
    DispatchQueue.concurrentPerform(iterations: 8) { index in
      let result = try? CLIRunner.run([
        "report", "-q", "--output-dir", directory.path, "--devices", "375x2", "--pictures", "html",
      ])
      statuses.set(
        index, result.map { $0.status == 0 ? "ok" : "\($0.status): \($0.stderr)" } ?? "did not run")
    }
    #expect(statuses.values.allSatisfy { $0 == "ok" }, "\(statuses.values)")
    let fonts = try FileManager.default.contentsOfDirectory(
      atPath: directory.appendingPathComponent("fonts").path)
    let urls = try Self.fontURLs(in: directory)
    #expect(!urls.isEmpty)
    #expect(Set(fonts) == urls, "every font the pages name, and nothing half-written")
  }

  /// The font files the HTML and SVG pages in `directory` name (`src: url("fonts/…")`).
  static func fontURLs(in directory: URL) throws -> Set<String> {
    var urls = Set<String>()
    for name in try FileManager.default.contentsOfDirectory(atPath: directory.path)
    where name.hasSuffix(".html") || name.hasSuffix(".svg") {
      let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
      for part in text.components(separatedBy: "src: url(\"fonts/").dropFirst() {
        urls.insert(String(part.prefix { $0 != "\"" }).removingPercentEncoding ?? "")
      }
    }
    return urls
  }

  /// Only the font files the pages' glyphs use are copied (not all 13 bundled files), each
  /// named by the pages; they follow the feed's scripts (a Ukrainian card's bold title and
  /// regular author bring both Noto Sans faces for their і, which the primary lacks).
  @Test(arguments: [
    ("", ["NotoSansCJKsc-Regular.otf", "NotoSansCJKsc-Bold.otf", "NotoColorEmoji.ttf"]),
    (
      #"{"id":"uk","title":"Привіт, світе","author":"Віра","likes":3}"#,
      [
        "NotoSansCJKsc-Regular.otf", "NotoSansCJKsc-Bold.otf", "NotoColorEmoji.ttf", "NotoSans-Regular.ttf",
        "NotoSans-Bold.ttf",
      ]
    ),
  ])
  func reportCopiesOnlyTheFontsItsPagesUse(extraItem: String, expected: [String]) throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let feed = try String(
      contentsOf: CLIRunner.packageDirectory.appendingPathComponent("Examples/feed.jsonl"), encoding: .utf8)
    let result = try CLIRunner.run(
      [
        "report", "-q", "--output-dir", directory.path, "--devices", "375x2", "--pictures", "html,svg",
        "--items", "-",
      ], stdin: (extraItem.isEmpty ? "" : extraItem + "\n") + feed)
    #expect(result.status == 0, "\(result.stderr)")
    let fonts = Set(
      try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("fonts").path))
    #expect(fonts == Set(expected))
    #expect(fonts == (try Self.fontURLs(in: directory)))
  }

  /// A font path with `&` keeps the SVG well-formed XML.
  @Test func svgStaysXMLWithAnAmpersandInAFontPath() throws {
    let directory = try Self.temporaryDirectory().appendingPathComponent("fonts & more")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
    let font = directory.appendingPathComponent("A&B.otf")
    try FileManager.default.copyItem(
      at: CLIRunner.packageDirectory.appendingPathComponent("Fonts/NotoSansCJKsc-Regular.otf"), to: font)
    let result = try CLIRunner.run([
      "layout", "--template", "Examples/note-card.template.json", "--items", "Examples/feed.jsonl",
      "--font", font.path, "--format", "svg", "--clip-height", "400",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("%26"))
    let parser = XMLParser(data: Data(result.stdout.utf8))
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
  }

  @Test func circleReport() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try CLIRunner.run([
      "report", "--layout", "circle", "--items", "20", "--output-dir", directory.path, "--pictures",
      "png,svg",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("items         20"))
    #expect(result.stdout.contains("content size  375 × 667 pt"))
    #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("report.png").path))
  }

  @Test func outputDirectoryThatIsAFileIsAClearError() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("file")
    try Data("x".utf8).write(to: file)
    let result = try CLIRunner.run(["report", "--output-dir", file.path])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--output-dir \(file.path) is a file, not a directory"))
    let nested = try CLIRunner.run(["report", "--output-dir", file.path + "/sub"])
    #expect(nested.status == 2)
    #expect(nested.stderr.contains("cannot create output directory \(file.path)/sub"))
  }

  @Test func unwritableDirectoryIsAClearError() throws {
    // /proc is never writable, even for root.
    let result = try CLIRunner.run(["report", "--output-dir", "/proc/self"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("/proc/self"))
  }

  /// A PNG beyond the pixel ceiling is a usage error (exit 2) before anything is drawn.
  @Test func pictureBeyondTheCeilingIsExit2() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try CLIRunner.run([
      "layout", "--template", "Examples/note-card.template.json", "--items", "Examples/feed.jsonl",
      "--collection-width", "9000", "--scale", "2", "--format", "png", "--output",
      directory.appendingPathComponent("x.png").path,
    ])
    #expect(result.status == 2)
    #expect(result.stderr.contains("px wide"), "\(result.stderr)")
  }
}

/// Results of concurrent runs, by index (guarded by a lock).
final class RunResults: @unchecked Sendable {
  private let lock = NSLock()
  private var storage = [String](repeating: "", count: 8)
  func set(_ index: Int, _ value: String) { lock.withLock { storage[index] = value } }
  var values: [String] { lock.withLock { storage } }
}
