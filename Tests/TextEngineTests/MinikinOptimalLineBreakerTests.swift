import Testing

@testable import TextEngine

/// minikin's optimal breaker (`OptimalLineBreaker.cpp`), on hand-worked examples.
@Suite struct MinikinOptimalLineBreakerTests {
  /// At 15 px and width 10: hyphen penalty 0.5 × 15 × 10 = 75, line penalty 150.
  @Test func penalties() {
    let penalties = MinikinOptimalLineBreaker.penalties(fontSize: 15, width: 10)
    #expect(penalties.hyphen == 75)
    #expect(penalties.line == 150)
  }

  /// Words A (6 + a 1-wide space), B (3 + 1), C (5 + 1), D (5) at width 10. Greedy: A B (10) | C
  /// (5) | D, slack² 0 + 25. Optimal: A (6) | B C (16 − 7 = 9) | D, slack² 16 + 1 = 17, the last
  /// line free; plus 3 × 150 for the lines: 467. C D (22 − 11 = 11) is overfull.
  @Test func choosesLessSlackThanGreedy() {
    typealias Candidate = MinikinOptimalLineBreaker.Candidate
    let candidates = [
      Candidate(preBreak: 0, postBreak: 0), Candidate(preBreak: 7, postBreak: 6),
      Candidate(preBreak: 11, postBreak: 10), Candidate(preBreak: 17, postBreak: 16),
      Candidate(preBreak: 22, postBreak: 22),
    ]
    let result = MinikinOptimalLineBreaker.breaks(of: candidates, width: 10, linePenalty: 150)
    #expect(result.ends == [1, 3, 4])
    #expect(result.score == 467)
  }

  /// The line penalty trades slack for fewer lines: X (4 + 1), Y (4 + 1), Z (4) at width 10.
  /// X Y | Z costs slack² 1 + 2 × 150 = 301; X | Y Z 36 + 300 = 336, so X Y | Z. A last line's
  /// start penalty counts 4 times: 10,000 on Y's end makes X | Y Z cheaper (336 against 50,301).
  @Test func lastLinePenaltyMultiplier() {
    typealias Candidate = MinikinOptimalLineBreaker.Candidate
    var candidates = [
      Candidate(preBreak: 0, postBreak: 0), Candidate(preBreak: 5, postBreak: 4),
      Candidate(preBreak: 10, postBreak: 9), Candidate(preBreak: 14, postBreak: 14),
    ]
    #expect(MinikinOptimalLineBreaker.breaks(of: candidates, width: 10, linePenalty: 150).ends == [2, 3])
    candidates[2].penalty = 10_000
    let result = MinikinOptimalLineBreaker.breaks(of: candidates, width: 10, linePenalty: 150)
    #expect(result.ends == [1, 3])
    #expect(result.score == 336)
  }

  /// On the bundled fonts at 80 px ("a" is 8.445 px, a space 5.31 in Noto Sans CJK SC's Latin):
  /// Compose's greedy lines "aaaaaa bb " (72.57) | "ccccc " (36.81) | "ddddd" leave slack² 7.43² +
  /// 43.19² = 1,921; TextView's "aaaaaa " (50.67) | "bb ccccc " (58.71) | "ddddd" 29.33² + 21.29² =
  /// 1,314.
  @Test func textViewBreaksElsewhereThanCompose() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .android)
    let text = "aaaaaa bb ccccc ddddd"
    let compose = try measurer.prepare(text, style: TextStyle()).layout(width: 80)
    let textView = try measurer.prepare(text, style: TextStyle(androidStyle: .textView)).layout(width: 80)
    #expect(compose.lines.map(\.scalarRange.lowerBound) == [0, 10, 16])
    #expect(textView.lines.map(\.scalarRange.lowerBound) == [0, 7, 16])
    #expect(abs(textView.lines[1].width - 58.71) < 0.005)
    #expect(
      try measurer.prepare(text, style: TextStyle(androidStyle: .textView)).measure(width: 80).lineCount == 3)
  }
}
