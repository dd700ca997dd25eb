extension PreparedText {
  /// Whether a line that starts at grapheme `lineStart` of `view` and reaches the segment whose
  /// first grapheme is `first` holds, before it, only a hyphen that Blink keeps with what follows
  /// at a line's start (the tail of a word cut between graphemes): a hyphen-minus that a letter or
  /// digit precedes and a digit follows (`…issuecomment|-601`), which with no letter before it
  /// is taken for a minus sign, or one of Unicode 16's hyphens before a letter (`xyz|–abc`),
  /// word-initial there (LB20a). Blink's break iterator starts at the line's start: the hyphen
  /// and the segment are one word on that line (`PlatformTextRules.joinsLineStartHyphens`).
  /// Reads the view's scalars, which it holds for texts with such a hyphen
  /// (``WebScalarScan/hasLineStartHyphen``).
  @inline(__always) static func lineStartHyphenJoins(
    from lineStart: Int, before first: Int, in view: PreparedTextStorage.View
  ) -> Bool {
    guard lineStart == first &- 1, let codes = view.codes else { return false }
    let ends = view.graphemeEnds
    return WebScalarScan.joinsAtLineStart(
      grapheme: lineStart, ends: ends,
      codes: UnsafeBufferPointer(start: codes, count: Int(ends[ends.count &- 1])))
  }
}
