extension AttributedText {
  /// `PreparedText.lineStartsWithHyphenBeforeDigits(from:before:in:)` for spans, on a platform
  /// that keeps the digits with such a hyphen.
  func lineStartsWithHyphenBeforeDigits(from lineStart: Int, before first: Int) -> Bool {
    guard lineStart == first &- 1, platform.rules.keepsDigitsWithLineStartHyphen else { return false }
    return graphemeEnds.withUnsafeBufferPointer { ends in
      codes.withUnsafeBufferPointer {
        WebScalarScan.isHyphenBeforeDigit(grapheme: lineStart, ends: ends, codes: $0)
      }
    }
  }
}
