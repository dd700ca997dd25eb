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

  @Test(arguments: ["balance", "pretty"])
  func wrapStylesAreNotTakenWithNormal(_ wrap: String) throws {
    try PlatformOptionTests.expectUsageError(
      ["text", "-w", "150", "--text-spacing-trim", "normal", "--text-wrap", wrap],
      mentions: ["--text-spacing-trim normal", "--text-wrap \(wrap)"])
  }

  @Test func anUnknownValueNamesTheChoices() throws {
    try PlatformOptionTests.expectUsageError(
      ["text", "-w", "150", "--text-spacing-trim", "trim-all"], mentions: ["space-all", "normal"])
  }
}
