import Foundation
import Testing

/// `--text-wrap auto|balance|pretty` on `selfsize text` (CSS `text-wrap-style`, the web platform).
@Suite struct TextWrapOptionTests {
  /// Chromium 156's breaks of this sentence at 343 px: greedy after "you can't afford " (52),
  /// balanced after "how much " (28), pretty after "it is, you " (45) so that "it." is not alone.
  @Test(arguments: [("auto", [52]), ("balance", [28]), ("pretty", [45])])
  func eachWrapStyleBreaksAsChromium(_ wrap: String, _ breaks: [Int]) throws {
    let row = try #require(try PlatformOptionTests.textRows(["-w", "343", "--text-wrap", wrap]).first)
    #expect(row["breaks"] as? [Int] == breaks)
    #expect(row["lineCount"] as? Int == 2)
  }

  /// Balance narrows the widest line (a shrink-wrapped bubble's width) and keeps the line count.
  @Test func balanceNarrowsTheWidestLine() throws {
    func widest(_ wrap: String) throws -> Double {
      let row = try #require(try PlatformOptionTests.textRows(["-w", "343", "--text-wrap", wrap]).first)
      let lines = row["lines"] as? [[String: Any]] ?? []
      return lines.compactMap { $0["width"] as? Double }.max() ?? 0
    }
    #expect(try widest("balance") < widest("auto") - 100)
  }

  @Test(arguments: ["flutter", "android", "ios"])
  func otherPlatformsHaveNoWrapStyles(_ platform: String) throws {
    let result = try CLIRunner.run(
      ["text", "-w", "150", "--platform", platform, "--text-wrap", "balance"],
      stdin: PlatformOptionTests.sentence)
    #expect(result.status == 2)
    #expect(result.stderr.contains("--text-wrap balance"))
    #expect(result.stderr.contains("--platform web"))
  }

  @Test func anUnknownWrapStyleNamesTheChoices() throws {
    let result = try CLIRunner.run(
      ["text", "-w", "150", "--text-wrap", "nice"], stdin: PlatformOptionTests.sentence)
    #expect(result.status == 2)
    #expect(result.stderr.contains("auto"))
    #expect(result.stderr.contains("balance"))
    #expect(result.stderr.contains("pretty"))
  }
}
