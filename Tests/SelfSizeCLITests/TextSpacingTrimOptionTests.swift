import Foundation
import Testing

/// `--text-spacing-trim space-all|normal` on `selfsize text` (CSS `text-spacing-trim`, the web
/// platform).
@Suite struct TextSpacingTrimOptionTests {
  static let marks = #"{"id":"t","text":"一二三四五」「六"}"#

  /// Chromium 156 at 89.99 px (a LayoutUnit under 90): under `normal` the `」` at the line's end is
  /// set half as wide so that it fits (`一二三四五」`, 82.516 px); under `space-all` (the default)
  /// the line ends before `五`.
  @Test func normalTrimsAClosingMarkThatMakesTheLineFit() throws {
    let normal = try #require(
      try PlatformOptionTests.textRows(
        ["-w", "89.99", "--no-system-fonts", "--text-spacing-trim", "normal"], stdin: Self.marks
      ).first)
    #expect(normal["breaks"] as? [Int] == [6])
    let width = (normal["lines"] as? [[String: Any]])?.first?["width"] as? Double
    #expect(abs((width ?? 0) - 82.516) < 0.0006)
    let spaceAll = try #require(
      try PlatformOptionTests.textRows(["-w", "89.99", "--no-system-fonts"], stdin: Self.marks).first)
    #expect(spaceAll["breaks"] as? [Int] == [4])
  }

  @Test(arguments: ["flutter", "android", "ios"])
  func otherPlatformsKeepEveryMarkFullWidth(_ platform: String) throws {
    try PlatformOptionTests.expectUsageError(
      ["text", "-w", "150", "--platform", platform, "--text-spacing-trim", "normal"],
      mentions: ["--text-spacing-trim normal", "--platform web"])
  }

  /// `--text-wrap balance` and `pretty` with `normal` break as Chromium 156 does (a generated
  /// punctuation-dense text at 118 px, whose greedy lines are `[9, 17, 24]`).
  @Test(arguments: [("balance", [8, 14, 20]), ("pretty", [9, 17, 23]), ("auto", [9, 17, 24])])
  func wrapStylesTakeNormal(_ wrap: String, _ breaks: [Int]) throws {
    let row = #"{"id":"t","text":"入，］：〔’［いサオ题。些）（〔！少理计义或角セ九"}"#
    let result = try #require(
      try PlatformOptionTests.textRows(
        [
          "-w", "118", "--no-system-fonts", "--line-height", "21", "--text-spacing-trim", "normal",
          "--text-wrap", wrap,
        ],
        stdin: row
      ).first)
    #expect(result["breaks"] as? [Int] == breaks)
  }

  @Test func anUnknownValueNamesTheChoices() throws {
    try PlatformOptionTests.expectUsageError(
      ["text", "-w", "150", "--text-spacing-trim", "trim-all"], mentions: ["space-all", "normal"])
  }
}
