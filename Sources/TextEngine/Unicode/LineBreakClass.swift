/// A UAX #14 Line_Break class after rule LB1's resolution (AI, SG and XX are alphabetic; CJ is a
/// nonstarter; SA is a combining mark or alphabetic by its general category), with the three
/// distinctions the later rules need split into classes of their own: East Asian wide opening and
/// closing punctuation (excluded from LB30) and unassigned Extended_Pictographic ideographs
/// (LB30b).
///
/// Raw values are dense so that pair tables can be indexed by them; each case names its UAX #14
/// abbreviation.
enum LineBreakClass: UInt8, CaseIterable {
  /// AL
  case alphabetic
  /// BA
  case breakAfter
  /// BB
  case breakBefore
  /// B2
  case breakBoth
  /// BK
  case mandatoryBreak
  /// CB
  case contingentBreak
  /// CL
  case closePunctuation
  /// CM
  case combiningMark
  /// CP (East_Asian_Width other than F, W and H)
  case closeParenthesis
  /// CP with East_Asian_Width F, W or H
  case closeParenthesisWide
  /// CR
  case carriageReturn
  /// EB
  case emojiBase
  /// EM
  case emojiModifier
  /// EX
  case exclamation
  /// GL
  case glue
  /// H2
  case hangulLVSyllable
  /// H3
  case hangulLVTSyllable
  /// HL
  case hebrewLetter
  /// HY
  case hyphen
  /// ID
  case ideographic
  /// ID that is Extended_Pictographic and unassigned (LB30b)
  case ideographicPictographicUnassigned
  /// IN
  case inseparable
  /// IS
  case infixSeparator
  /// JL
  case hangulLeadingJamo
  /// JT
  case hangulTrailingJamo
  /// JV
  case hangulVowelJamo
  /// LF
  case lineFeed
  /// NL
  case nextLine
  /// NS (and CJ)
  case nonstarter
  /// NU
  case numeric
  /// OP (East_Asian_Width other than F, W and H)
  case openPunctuation
  /// OP with East_Asian_Width F, W or H
  case openPunctuationWide
  /// PO
  case postfixNumeric
  /// PR
  case prefixNumeric
  /// QU
  case quotation
  /// RI
  case regionalIndicator
  /// SP
  case space
  /// SY
  case breakSymbols
  /// WJ
  case wordJoiner
  /// ZW
  case zeroWidthSpace
  /// ZWJ
  case zeroWidthJoiner

  /// This class as a one-bit set.
  @inline(__always) var bit: UInt64 { 1 &<< UInt64(rawValue) }

  /// Whether this class is in `set` (a union of `bit`s).
  @inline(__always) func isIn(_ set: UInt64) -> Bool { bit & set != 0 }

  /// The class of a code point from ICU's properties, and whether it is SA (complex context:
  /// Thai, Lao, Khmer, Myanmar...), which needs a dictionary to find breaks.
  static func resolve(_ codePoint: UInt32) -> (lineBreakClass: LineBreakClass, isComplexContext: Bool) {
    resolve(ICUProperties.lineBreakProperty(codePoint))
  }

  /// The class of a code point with these properties (see `resolve(_:)` for a code point).
  static func resolve(
    _ property: ICUProperties.LineBreakProperty
  ) -> (lineBreakClass: LineBreakClass, isComplexContext: Bool) {
    let isWide = property.isEastAsianWide
    let resolved: LineBreakClass
    // ICU's ULineBreak numbering (uchar.h), stable since ICU 58.
    switch property.value {
    case 2: resolved = .alphabetic
    case 3: resolved = .breakBoth
    case 4: resolved = .breakAfter
    case 5: resolved = .breakBefore
    case 6: resolved = .mandatoryBreak
    case 7: resolved = .contingentBreak
    case 8: resolved = .closePunctuation
    case 9: resolved = .combiningMark
    case 10: resolved = .carriageReturn
    case 11: resolved = .exclamation
    case 12: resolved = .glue
    case 13: resolved = .hyphen
    case 14:
      resolved =
        property.isPictographicUnassigned ? .ideographicPictographicUnassigned : .ideographic
    case 15: resolved = .inseparable
    case 16: resolved = .infixSeparator
    case 17: resolved = .lineFeed
    case 18, 37: resolved = .nonstarter
    case 19: resolved = .numeric
    case 20: resolved = isWide ? .openPunctuationWide : .openPunctuation
    case 21: resolved = .postfixNumeric
    case 22: resolved = .prefixNumeric
    case 23: resolved = .quotation
    case 24:
      return (property.isMark ? .combiningMark : .alphabetic, true)
    case 26: resolved = .space
    case 27: resolved = .breakSymbols
    case 28: resolved = .zeroWidthSpace
    case 29: resolved = .nextLine
    case 30: resolved = .wordJoiner
    case 31: resolved = .hangulLVSyllable
    case 32: resolved = .hangulLVTSyllable
    case 33: resolved = .hangulLeadingJamo
    case 34: resolved = .hangulTrailingJamo
    case 35: resolved = .hangulVowelJamo
    case 36: resolved = isWide ? .closeParenthesisWide : .closeParenthesis
    case 38: resolved = .hebrewLetter
    case 39: resolved = .regionalIndicator
    case 40: resolved = .emojiBase
    case 41: resolved = .emojiModifier
    case 42: resolved = .zeroWidthJoiner
    default: resolved = .alphabetic  // XX, AI, SG and values newer than this table
    }
    return (resolved, false)
  }
}
