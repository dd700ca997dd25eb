import Foundation
import Testing

/// `--flutter-rounding-hack on|off` (SkParagraph's rounding hack, on --platform flutter).
@Suite struct FlutterRoundingHackOptionTests {
  /// 117.765 px wide in the bundled fonts at 15 px.
  static let text = #"{"id":"t","text":"Hello wide world"}"#

  /// At 117.99 px the hack (on by default) floors the width to 117 and the text wraps; off, it
  /// fits. At 117.75 px it wraps either way.
  @Test(arguments: [(nil, [2, 2]), ("on", [2, 2]), ("off", [1, 2])])
  func theHackDecidesAFractionalWidth(_ hack: String?, _ lineCounts: [Int]) throws {
    let options =
      ["-w", "117.99", "-w", "117.75", "--platform", "flutter"]
      + (hack.map { ["--flutter-rounding-hack", $0] } ?? [])
    let rows = try PlatformOptionTests.textRows(options, stdin: Self.text)
    #expect(rows.map { $0["lineCount"] as? Int } == lineCounts)
    #expect(rows.allSatisfy { $0["platform"] as? String == "flutter" })
  }

  @Test(arguments: [
    ["text", "-w", "150"], ["measure", "-w", "150", "--template", "Examples/note-card.template.json"],
  ])
  func otherPlatformsHaveNoRoundingHack(_ command: [String]) throws {
    for platform in ["web", "android", "ios"] {
      try PlatformOptionTests.expectUsageError(
        command + ["--platform", platform, "--flutter-rounding-hack", "off"], stdin: Self.text,
        mentions: ["--flutter-rounding-hack off", "on, off", "--platform flutter"])
    }
  }

  @Test func anUnknownValueNamesTheChoices() throws {
    let result = try CLIRunner.run(
      ["text", "-w", "150", "--platform", "flutter", "--flutter-rounding-hack", "maybe"], stdin: Self.text)
    #expect(result.status == 2)
    #expect(
      result.stderr.contains("'on'") || result.stderr.contains("on, off") || result.stderr.contains("on|off"))
  }

  /// The report compares every platform; the hack off changes flutter's column alone.
  @Test func theReportTakesTheHackForFlutterAlone() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try CLIRunner.run(
      [
        "report", "-q", "--devices", "375x2", "--pictures", "none", "--platform", "flutter",
        "--flutter-rounding-hack", "off", "--output-dir", directory.path,
      ], stdin: "")
    #expect(result.status == 0, "\(result.stderr)")
  }
}
