/// What SkParagraph does with a word too long for any line that holds a no-break space
/// (`TextWrapper::lookAhead`'s `nextNonBreakingSpace`): a cluster SkUnicode takes for a space
/// (`isIntraWordBreak`: U+00A0, U+2007, U+202F inside a word, where no line may break) is a break
/// of last resort. From the first of the word's graphemes that does not fit, the last such space
/// before which the word is no wider than the line is remembered; when the word is too long, the
/// line ends after that space where the word up to it fits after what the line holds, else the
/// word waits for the next line (whatever of it fits there).
enum FlutterNoBreakSpaces {
  /// What a word too long for any line does at its no-break spaces.
  enum Break: Equatable {
    /// No such space decides: the word fills the line or waits as it would.
    case none
    /// The line ends before the word.
    case waits
    /// The line ends after grapheme `grapheme`, the no-break space that did not fit.
    case endsAfter(grapheme: Int)
  }

  /// True for the scalars that start such a space.
  @inline(__always) static func isNoBreakSpace(_ scalar: UInt32) -> Bool {
    scalar == 0xA0 || scalar == 0x2007 || scalar == 0x202F
  }

  /// The break for the word of graphemes `first..<contentEnd` (`width(g)` each), too long for
  /// any line, after `lead` points of the line within `limit`; `isNoBreakSpace(g)` tells the
  /// graphemes that are such spaces.
  static func decide(
    from first: Int, to contentEnd: Int, after lead: Double, limit: Double, width: (Int) -> Double,
    isNoBreakSpace: (Int) -> Bool
  ) -> Break {
    var fitting = first
    var used = lead
    while fitting < contentEnd, used + width(fitting) <= limit {
      used += width(fitting)
      fitting += 1
    }
    guard fitting < contentEnd else { return .none }
    // The word's width before each grapheme from there (`nextWordLength`), while within the line.
    var word = used - lead
    var space: Int?
    var grapheme = fitting
    while grapheme < contentEnd, word <= limit {
      if word > 0, isNoBreakSpace(grapheme) { space = grapheme }
      word += width(grapheme)
      grapheme += 1
    }
    guard let space else { return .none }
    // (`lead` and the word up to the space fit only when the space itself did not.)
    return space == fitting ? .endsAfter(grapheme: space) : .waits
  }
}
