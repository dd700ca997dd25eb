import Foundation
import Testing

@Suite struct ReportCommandTests {
  static func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("selfsize-report-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  @Test func defaultReportWritesPicturesAndASummary() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try CLIRunner.run(["report", "--output-dir", directory.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty, "no progress when stderr is not a terminal")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains("items         240"))
    #expect(lines.contains { $0.hasPrefix("columns       2 (heights ") })
    #expect(lines.contains("measured      240 items in 1 page"))
    #expect(lines.contains("errors        0"))
    #expect(lines.contains { $0.hasPrefix("content size  375 × ") })
    #expect(lines.contains { $0.hasPrefix("time          ") })
    for name in ["report.png", "report.svg", "report.html"] {
      #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path), "\(name)")
    }
    let html = try String(contentsOf: directory.appendingPathComponent("report.html"), encoding: .utf8)
    #expect(html.components(separatedBy: "<div class=\"cell\"").count - 1 == 240)
  }

  /// The page refers to its fonts only by relative URLs, to copies in the output folder's
  /// `fonts/`, so the folder works when moved or served; the SVG is unchanged.
  @Test func htmlReferencesOnlyRelativeFontsInTheOutputDirectory() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try CLIRunner.run(["report", "--output-dir", directory.path, "--pictures", "html,svg"])
    #expect(result.status == 0, "\(result.stderr)")
    let html = try String(contentsOf: directory.appendingPathComponent("report.html"), encoding: .utf8)
    let urls = html.components(separatedBy: "src: url(\"").dropFirst().map {
      String($0.prefix { $0 != "\"" })
    }
    // The distinct files of the bundled regular and bold chains: six of each weight and the emoji font.
    #expect(urls.count == 13)
    #expect(!html.contains("file:"))
    for url in urls {
      #expect(!url.hasPrefix("/") && !url.contains(":") && !url.contains(".."), "\(url)")
      let path = try #require(url.removingPercentEncoding)
      #expect(path.hasPrefix("fonts/"))
      let copy = directory.appendingPathComponent(path)
      let bundled = CLIRunner.packageDirectory.appendingPathComponent("Fonts").appendingPathComponent(
        copy.lastPathComponent)
      let copySize = try FileManager.default.attributesOfItem(atPath: copy.path)[.size] as? Int
      let bundledSize = try FileManager.default.attributesOfItem(atPath: bundled.path)[.size] as? Int
      #expect(copySize != nil && copySize == bundledSize, "\(url)")
    }
    let svg = try String(contentsOf: directory.appendingPathComponent("report.svg"), encoding: .utf8)
    #expect(svg.contains("src: url(\"file://"))
  }

  /// The summary numbers are those of `selfsize layout` with the same settings.
  @Test func summaryMatchesTheLayout() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let report = try CLIRunner.run([
      "report", "--output-dir", directory.path, "--summary-format", "json", "--pictures", "png", "--scale",
      "2",
      "--clip-height", "500",
    ])
    #expect(report.status == 0, "\(report.stderr)")
    let summary = try #require(
      try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
    let layout = try CLIRunner.run([
      "layout", "--template", "Examples/note-card.template.json", "--items", "Examples/feed.jsonl",
      "--format", "json",
    ])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(layout.stdout.utf8)) as? [String: Any])
    #expect(summary["items"] as? Int == (object["items"] as? [Any])?.count)
    #expect(summary["contentSize"] as? [Double] == object["contentSize"] as? [Double])
    #expect(summary["columnHeights"] as? [Double] == object["columnHeights"] as? [Double])
    #expect(summary["measured"] as? Int == 240)
    #expect(summary["columns"] as? Int == 2)
    #expect(summary["errors"] as? Int == 0)
    let pictures = try #require(summary["pictures"] as? [[String: Any]])
    #expect(pictures.count == 1)
    #expect(pictures[0]["width"] as? Int == 750 && pictures[0]["height"] as? Int == 1000)
    let png = try Data(contentsOf: directory.appendingPathComponent("report.png"))
    #expect(Array(png[16..<24]) == [0, 0, 0x02, 0xEE, 0, 0, 0x03, 0xE8])
  }

  @Test func quietAndOptionsOfLayoutApply() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try CLIRunner.run([
      "report", "--quiet", "--output-dir", directory.path, "--columns", "3", "--collection-width", "600",
      "--pictures", "svg", "--name", "wide",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    #expect(result.stdout.contains("columns       3"))
    #expect(result.stdout.contains("content size  600 × "))
    let svg = try String(contentsOf: directory.appendingPathComponent("wide.svg"), encoding: .utf8)
    #expect(svg.contains("viewBox=\"0 0 600 "))
  }

  @Test func circleReport() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try CLIRunner.run([
      "report", "--layout", "circle", "--items", "20", "--output-dir", directory.path,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("items         20"))
    #expect(result.stdout.contains("content size  375 × 667 pt"))
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
    if getuid() != 0 {
      let directory = try Self.temporaryDirectory()
      defer {
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
        try? FileManager.default.removeItem(at: directory)
      }
      try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory.path)
      let denied = try CLIRunner.run(["report", "--output-dir", directory.path])
      #expect(denied.status == 2)
      #expect(denied.stderr.contains("cannot write into output directory"))
    }
  }

  @Test func badPicturesOptionIsAUsageError() throws {
    let result = try CLIRunner.run(["report", "--pictures", "gif"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--pictures"))
  }

  static var chromium: String? {
    ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// Runs Scripts/overflow-check.sh on the default report, only where Chromium is installed.
  @Test(.enabled(if: chromium != nil, "needs chromium")) func chromiumFindsNoOverflow() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [CLIRunner.packageDirectory.appendingPathComponent("Scripts/overflow-check.sh").path]
    process.environment = ProcessInfo.processInfo.environment.merging(["SELFSIZE": CLIRunner.executable.path])
    { $1 }
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    #expect(process.terminationStatus == 0, "\(text)")
    #expect(text.hasPrefix("overflowing labels: 0 of 720"))
    #expect(text.contains("(fonts loaded: 13 of 13)"), "the page finds its fonts in its fonts/ folder")
  }
}
