import Testing

@testable import TextEngine

/// The scalar classifications the engine makes without ICU.
@Suite struct UnicodePropertiesTests {
  /// The fast test is the two lists' union for every code point.
  @Test func trailingWhitespaceIsHangingSpacesAndHardBreaks() {
    var found: [UInt32] = []
    for scalar in UInt32(0)...0x10_FFFF {
      let expected = UnicodeProperties.isHangingSpace(scalar) || UnicodeProperties.isHardBreak(scalar)
      #expect(UnicodeProperties.isTrailingWhitespace(scalar) == expected)
      if expected { found.append(scalar) }
    }
    #expect(found.count == 22)
    #expect(found.contains(0x3000) && found.contains(0x20) && found.contains(0x85) && found.contains(0x2029))
  }
}
