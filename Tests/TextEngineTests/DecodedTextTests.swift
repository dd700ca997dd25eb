import Testing

@testable import TextEngine

/// Decoding UTF-8 into scalars, and the flags that let later stages skip bidi and UTF-16 work.
@Suite struct DecodedTextTests {
  /// Every scalar decodes to itself, and is flagged right-to-left exactly when
  /// `BidiLevels.mayBeRightToLeft` says so (the decoder skips the test for most three-byte
  /// sequences).
  @Test func everyScalarDecodesWithItsFlags() {
    var mismatches: [UInt32] = []
    for value in UInt32(0)...0x10_FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let decoded = DecodedText(String(Character(scalar)) + "a")
      if decoded.codes != [value, 0x61] || decoded.mayBeRightToLeft != BidiLevels.mayBeRightToLeft(value)
        || decoded.hasSupplementaryScalars != (value > 0xFFFF)
      {
        mismatches.append(value)
      }
    }
    #expect(mismatches.isEmpty, "first: \(mismatches.prefix(8).map { String($0, radix: 16) })")
  }

  @Test func mixedTextKeepsItsOrderAndFlags() {
    let text = "Aé中😀\u{05D0}z"
    let decoded = DecodedText(text)
    #expect(decoded.codes == text.unicodeScalars.map(\.value))
    #expect(decoded.mayBeRightToLeft && decoded.hasSupplementaryScalars)
    let plain = DecodedText("中文 text")
    #expect(!plain.mayBeRightToLeft && !plain.hasSupplementaryScalars)
  }
}
