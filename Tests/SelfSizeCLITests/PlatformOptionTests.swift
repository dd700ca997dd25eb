import Foundation
import Testing

/// `--platform web|flutter|android|ios` on the measuring commands: each platform's heights, the default,
/// `"platform"` in every result, and the usage errors.
@Suite struct PlatformOptionTests {
  static let sentence = #"{"id":"c","text":"If you have to ask how much it is, you can't afford it."}"#

  /// Runs `arguments`, expecting a usage error (exit 2, nothing on stdout) whose message holds
  /// each of `mentions`.
  static func expectUsageError(_ arguments: [String], stdin: String = sentence, mentions: [String]) throws {
    let result = try CLIRunner.run(arguments, stdin: stdin)
    #expect(result.status == 2)
    for mention in mentions { #expect(result.stderr.contains(mention), "\(result.stderr)") }
    #expect(result.stdout.isEmpty)
  }

  static func textRows(_ arguments: [String], stdin: String = sentence) throws -> [[String: Any]] {
    let result = try CLIRunner.run(["text"] + arguments, stdin: stdin)
    #expect(result.status == 0, "\(result.stderr)")
    return result.jsonLines
  }

  /// Three lines of the bundled Noto Sans CJK SC at 15 px: 21 px lines in Chromium (17 + 4, ascent
  /// and descent rounded), 22 in SkParagraph (21.72 rounded per line), 21 on Android (17 + 4,
  /// no leading), 21.72 in UIKit.
  @Test(arguments: [("web", 63.0), ("flutter", 66.0), ("android", 63.0), ("ios", 65.16)])
  func eachPlatformHasItsOwnNaturalHeight(_ platform: String, _ height: Double) throws {
    let row = try #require(try Self.textRows(["-w", "150", "--platform", platform]).first)
    #expect(row["lineCount"] as? Int == 3)
    #expect(abs((row["height"] as? Double ?? 0) - height) < 1e-9)
    #expect(row["platform"] as? String == platform)
  }

  @Test func theDefaultIsTheWeb() throws {
    let row = try #require(try Self.textRows(["-w", "150"]).first)
    #expect(row["platform"] as? String == "web")
    #expect(row["height"] as? Double == 63)
  }

  /// An Arabic word grows its line to the Arabic font's box on the web (21 + 11 px) and in
  /// SkParagraph (20.61 + 11.07, rounded) and on Android (21 + 11, `fallbackLineSpacing`);
  /// UIKit's line height stays the primary font's.
  @Test(arguments: [("web", 32.0), ("flutter", 32.0), ("android", 32.0), ("ios", 21.72)])
  func aFallbackFontGrowsItsLine(_ platform: String, _ height: Double) throws {
    let row = try #require(
      try Self.textRows(
        ["-w", "400", "--platform", platform], stdin: #"{"id":"ar","text":"Hello مرحبا بالعالم"}"#
      ).first)
    #expect(row["lineCount"] as? Int == 1)
    #expect(abs((row["height"] as? Double ?? 0) - height) < 1e-9)
  }

  /// CSS `line-height: 1.3` is 19.5 px; SkParagraph's `height: 1.3` scales the run's ascent and
  /// descent in float to 19.4999995, rounded to 19. Compose's `lineHeight = 1.3.em` is ceil(19.5)
  /// = 20 px lines, the first keeping the font's ascent: 21 + 20 + 20.
  @Test(arguments: [("web", 58.5), ("flutter", 57.0), ("android", 61.0), ("ios", 58.5)])
  func aMultipleOfTheFontSize(_ platform: String, _ height: Double) throws {
    let row = try #require(
      try Self.textRows(["-w", "150", "--line-height", "1.3x", "--platform", platform]).first)
    #expect(abs((row["height"] as? Double ?? 0) - height) < 1e-9)
  }

  /// A final hard break starts no line in Chromium (`pre-wrap`); SkParagraph, StaticLayout and
  /// UIKit add an empty one.
  @Test(arguments: [("web", 1), ("flutter", 2), ("android", 2), ("ios", 2)])
  func aFinalHardBreak(_ platform: String, _ lines: Int) throws {
    let row = try #require(
      try Self.textRows(["-w", "150", "--platform", platform], stdin: #"{"id":"n","text":"abc\n"}"#).first)
    #expect(row["lineCount"] as? Int == lines)
  }

  @Test func anUnknownPlatformIsAUsageErrorNamingTheChoices() throws {
    for command in [
      ["text", "-w", "150"], ["measure", "--template", "Examples/note-card.template.json", "-w", "150"],
      ["layout", "--template", "Examples/note-card.template.json"], ["report", "--pictures", "none"],
    ] {
      let result = try CLIRunner.run(command + ["--platform", "android-tv"], stdin: Self.sentence)
      #expect(result.status == 2, "\(command)")
      for name in ["web", "flutter", "android", "ios"] {
        #expect(result.stderr.contains(name), "\(result.stderr)")
      }
      #expect(result.stdout.isEmpty)
    }
  }

  @Test func thePixelScaleIsUIKitsAndNeedsTheIOSPlatform() throws {
    for command in [
      ["text", "-w", "150"], ["measure", "--template", "Examples/note-card.template.json", "-w", "150"],
    ] {
      for platform in ["web", "flutter"] {
        let result = try CLIRunner.run(
          command + ["--platform", platform, "--pixel-scale", "2"], stdin: Self.sentence)
        #expect(result.status == 2)
        #expect(result.stderr.contains("--pixel-scale") && result.stderr.contains("--platform ios"))
      }
    }
  }

  @Test func measureAndLayoutResultsNameTheirPlatform() throws {
    let item = #"{"id":"n","title":"A title long enough to take two lines","author":"me","likes":3}"#
    let measured = try CLIRunner.run(
      ["measure", "--template", "Examples/note-card.template.json", "-w", "150", "--platform", "flutter"],
      stdin: item)
    #expect(measured.jsonLines.first?["platform"] as? String == "flutter")
    let laidOut = try CLIRunner.run(
      [
        "layout", "--template", "Examples/note-card.template.json", "--format", "json", "--platform", "ios",
      ], stdin: item)
    let layout = try #require(
      try JSONSerialization.jsonObject(with: Data(laidOut.stdout.utf8)) as? [String: Any])
    #expect(layout["platform"] as? String == "ios")
  }
}
