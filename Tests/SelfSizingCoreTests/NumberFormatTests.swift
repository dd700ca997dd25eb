import SelfSizingCore
import TestSupport
import Testing

@Suite struct NumberFormatTests {
  @Test(arguments: [
    (170.0, "170"), (-0.0, "0"), (43.44, "43.44"), (0.1 + 0.2, "0.30000000000000004"), (1e-5, "1e-05"),
    (1e15, "1000000000000000"), (1e16, "1e+16"), (999_999_999_999_999, "999999999999999"), (-2.5, "-2.5"),
    (5e-324, "5e-324"),
    (Double.greatestFiniteMagnitude, "1.7976931348623157e+308"), (-42, "-42"),
  ])
  func shortestRoundTrip(value: Double, text: String) {
    #expect(NumberFormat.string(value) == text)
    #expect(Double(text) == value)
    #expect(JSONValue.format(value) == text)
  }

  @Test func nonFiniteValues() {
    #expect(NumberFormat.string(.infinity) == "inf")
    #expect(NumberFormat.string(-.infinity) == "-inf")
    #expect(NumberFormat.string(.nan) == "nan")
    #expect(JSONValue.format(.infinity) == "null")
  }

  @Test func everyResultReadsBackAsTheSameValue() throws {
    var generator = SplitMix64(seed: 42)
    for _ in 0..<10_000 {
      let value = Double(bitPattern: generator.next())
      guard value.isFinite else { continue }
      let text = NumberFormat.string(value)
      #expect(Double(text) == value, "\(text)")
      // Beyond the integers written digit by digit, the text is `description`'s, without ".0".
      if value != value.rounded(.towardZero) || abs(value) >= 1e15 {
        let description = value.description
        #expect(text == (description.hasSuffix(".0") ? String(description.dropLast(2)) : description))
      }
      #expect(try JSONValue.parse(text) == .number(value))
    }
  }

  /// LayoutUnit lengths (whole 1/64ths, the web's widths) take a path of their own: the same
  /// text as `description`'s, for every 1/64 up to 2,000 and either side of 10^8, and for
  /// random ones below 10^8.
  @Test func layoutUnitLengthsPrintAsDescriptionDoes() {
    func expectDescription(_ value: Double) {
      let description = value.description
      let expected = description.hasSuffix(".0") ? String(description.dropLast(2)) : description
      #expect(NumberFormat.string(value) == expected, "\(value)")
    }
    for sixtyFourths in -128_000...128_000 { expectDescription(Double(sixtyFourths) / 64) }
    for offset in -200...200 { expectDescription(1e8 + Double(offset) / 64) }
    var generator = SplitMix64(seed: 64)
    for _ in 0..<100_000 {
      expectDescription(Double(Int64(generator.next() % 6_400_000_000)) / 64)
    }
  }

  @Test(arguments: [
    (203.50288, 3, "203.503"), (1.7e307, 3, "1.7e+307"), (-1.7e307, 1, "-1.7e+307"),
    (Double.greatestFiniteMagnitude, 3, "1.7976931348623157e+308"), (21.75, 1, "21.8"), (-0.0004, 3, "0"),
  ])
  func everyFiniteNumberPrintsAsANumberAtAnyPrecision(value: Double, decimals: Int, text: String) {
    #expect(JSONValue.format(value, decimals: decimals) == text)
  }
}
