extension AttributedText {
  /// `PreparedText.lineStartHyphenJoins(from:before:in:)` for spans, on a platform whose line
  /// starts keep such a hyphen with what follows (`PlatformTextRules.joinsLineStartHyphens`).
  func lineStartHyphenJoins(from lineStart: Int, before first: Int) -> Bool {
    guard lineStart == first &- 1, platform.rules.joinsLineStartHyphens else { return false }
    return graphemeEnds.withUnsafeBufferPointer { ends in
      codes.withUnsafeBufferPointer {
        WebScalarScan.joinsAtLineStart(grapheme: lineStart, ends: ends, codes: $0)
      }
    }
  }
}
