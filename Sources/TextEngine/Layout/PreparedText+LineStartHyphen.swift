extension PreparedText {
  /// Whether a line that starts at grapheme `lineStart` of `view` and reaches the segment whose
  /// first grapheme is `first` holds, before it, only a hyphen-minus that a letter or digit
  /// precedes and a digit follows (the tail of a word cut between graphemes: `…issuecomment|-601`).
  /// Blink's break iterator starts at the line's start, so it sees no letter before that hyphen,
  /// takes it for a minus sign, and keeps the digits with it: the hyphen and the segment are one
  /// word on that line (`PlatformTextRules.keepsDigitsWithLineStartHyphen`). Reads the view's
  /// scalars, which it holds for texts with such a hyphen (``WebScalarScan/hasHyphenBeforeDigit``).
  @inline(__always) static func lineStartsWithHyphenBeforeDigits(
    from lineStart: Int, before first: Int, in view: PreparedTextStorage.View
  ) -> Bool {
    guard lineStart == first &- 1, let codes = view.codes else { return false }
    let ends = view.graphemeEnds
    return WebScalarScan.isHyphenBeforeDigit(
      grapheme: lineStart, ends: ends,
      codes: UnsafeBufferPointer(start: codes, count: Int(ends[ends.count &- 1])))
  }
}
