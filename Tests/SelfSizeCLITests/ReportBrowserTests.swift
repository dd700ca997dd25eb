import Foundation
import Testing

/// The report pages in headless Chromium: they load without console errors, every font loads,
/// no label needs more room than we measured, and a screenshot is written (to
/// `$SELFSIZE_SCREENSHOT` when set, as for the README's Docs/report-page.png). Skipped, and
/// shown as skipped, where Chromium is not installed (Scripts/setup.sh installs it).
@Suite(.serialized) struct ReportBrowserTests {
  static let chromium: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

  struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  static func chromium(_ arguments: [String]) throws -> Run {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "selfsize-chromium-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("out")
    let err = directory.appendingPathComponent("err")
    try #require(FileManager.default.createFile(atPath: out.path, contents: nil))
    try #require(FileManager.default.createFile(atPath: err.path, contents: nil))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(chromium))
    process.arguments =
      [
        "--headless", "--disable-gpu", "--hide-scrollbars", "--allow-file-access-from-files",
        "--user-data-dir=\(directory.appendingPathComponent("profile").path)", "--enable-logging=stderr",
        "--v=0",
        "--virtual-time-budget=30000",
      ]
      + (getuid() == 0 ? ["--no-sandbox"] : []) + arguments
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    try process.run()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus, stdout: try String(contentsOf: out, encoding: .utf8),
      stderr: try String(contentsOf: err, encoding: .utf8))
  }

  /// The page's own check result (`#overflow-report`).
  static func overflowReport(_ dom: String) throws -> [String: Any] {
    let start = try #require(dom.range(of: "<pre id=\"overflow-report\" data-status=\"done\">"))
    let end = try #require(dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex))
    let text = String(dom[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&quot;", with: "\"")
      .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&amp;", with: "&")
    return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test(.enabled(if: chromium != nil, "needs Chromium (apt-get install -y chromium; Scripts/setup.sh does)"))
  func reportPagesLoadWithFontsAndNoOverflow() throws {
    let directory = try ReportCommandTests.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let report = try CLIRunner.run([
      "report", "-q", "--output-dir", directory.path, "--devices", "320x2,768x3", "--pictures", "html",
      "--picture-cards", "0",
    ])
    #expect(report.status == 0, "\(report.stderr)")
    let pages = ["report.html", "report-320x2.html", "report-768x3.html"]
    for page in pages {
      let url = directory.appendingPathComponent(page).absoluteString
      let run = try Self.chromium(["--dump-dom", url])
      #expect(run.status == 0, "\(page): \(run.stderr)")
      let console = run.stderr.split(separator: "\n").filter {
        $0.contains("CONSOLE") || $0.contains("Uncaught") || $0.contains("Failed to load resource")
      }
      #expect(console.isEmpty, "\(page) console: \(console)")
      let result = try Self.overflowReport(run.stdout)
      let labels = try #require(result["labels"] as? Int)
      #expect(labels > 0, "\(page)")
      #expect(result["overflowing"] as? Int == 0, "\(page): \(result["details"] ?? "")")
      let fonts = try #require(result["fonts"] as? Int)
      #expect(fonts > 0 && result["fontsLoaded"] as? Int == fonts, "\(page): every font loads: \(result)")
      if page != "report.html" { #expect(labels == 720, "\(page): every label of 240 cards") }
      #expect(run.stdout.contains("class=\"ok\""), "\(page): the result is shown at the top")
    }
    let screenshot =
      ProcessInfo.processInfo.environment["SELFSIZE_SCREENSHOT"].map { URL(fileURLWithPath: $0) }
      ?? directory.appendingPathComponent("screenshot.png")
    let shot = try Self.chromium([
      "--window-size=1280,1700", "--screenshot=\(screenshot.path)",
      directory.appendingPathComponent("report.html").absoluteString,
    ])
    #expect(shot.status == 0, "\(shot.stderr)")
    let png = try Data(contentsOf: screenshot)
    #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    #expect(png.count > 50_000, "a real picture of the page")
  }
}
