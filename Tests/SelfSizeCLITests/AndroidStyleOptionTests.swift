import Foundation
import Testing

/// `--android-style compose|textview` on `selfsize text` (the android platform).
@Suite struct AndroidStyleOptionTests {
  static let text = #"{"id":"t","text":"aaaaaa bb ccccc ddddd"}"#

  /// At 80 px Compose breaks greedily (after "aaaaaa bb ", 10) and pads nothing (3 × 21 px); a
  /// TextView breaks with minikin's optimal breaker (after "aaaaaa ", 7) and pads the first line
  /// by 11 px and the last by 12 (86 px).
  @Test(arguments: [(nil, [10, 16], 63.0), ("compose", [10, 16], 63.0), ("textview", [7, 16], 86.0)])
  func eachStyleBreaksAndPadsAsItsWidget(_ style: String?, _ breaks: [Int], _ height: Double) throws {
    let options = ["-w", "80", "--platform", "android"] + (style.map { ["--android-style", $0] } ?? [])
    let row = try #require(try PlatformOptionTests.textRows(options, stdin: Self.text).first)
    #expect(row["breaks"] as? [Int] == breaks)
    #expect(row["height"] as? Double == height)
    #expect(row["platform"] as? String == "android")
  }

  @Test(arguments: ["web", "flutter", "ios"])
  func otherPlatformsHaveNoAndroidStyle(_ platform: String) throws {
    try PlatformOptionTests.expectUsageError(
      ["text", "-w", "150", "--platform", platform, "--android-style", "textview"], stdin: Self.text,
      mentions: ["--android-style textview", "--platform android"])
  }

  @Test func anUnknownStyleNamesTheChoices() throws {
    let result = try CLIRunner.run(
      ["text", "-w", "150", "--platform", "android", "--android-style", "flutter"], stdin: Self.text)
    #expect(result.status == 2)
    #expect(result.stderr.contains("compose"))
    #expect(result.stderr.contains("textview"))
  }
}
