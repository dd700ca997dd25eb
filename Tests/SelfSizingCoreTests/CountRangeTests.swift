import SelfSizingCore
import Testing

@Suite struct CountRangeTests {
  @Test func wholeNumbersInTheRangeAreCountsWhateverTheirSpelling() {
    #expect(CountRange.lineLimit.count(0) == 0)
    #expect(CountRange.lineLimit.count(1_000_000_000) == 1_000_000_000)
    #expect(CountRange.lineLimit.count(2_147_483_647) == 2_147_483_647)
    #expect(CountRange.priority.count(1000) == 1000)
  }

  @Test(arguments: [-1, 2_147_483_648, 1.5, .infinity, .nan, 1e300])
  func anythingElseIsRefusedWithTheRange(value: Double) {
    #expect(CountRange.lineLimit.count(value) == nil)
    #expect(
      CountRange.lineLimit.violation(value)?.hasSuffix(
        "is out of range: must be a whole number from 0 to 2147483647 (0 = unlimited)") == true)
  }

  @Test func integersGetTheSameMessage() {
    #expect(CountRange.priority.violation(0) == "0 is out of range: must be a whole number from 1 to 1000")
    #expect(CountRange.priority.violation(0.0) == CountRange.priority.violation(0))
    #expect(CountRange.columns.violation(1000) == nil)
  }
}
