extension LineBreaker {
  /// Sets of classes, as unions of `LineBreakClass.bit` (computed and inlined, so they fold
  /// to constants instead of being lazily initialized globals).
  enum ClassSet {
    @inline(__always) static var openPunctuation: UInt64 {
      LineBreakClass.openPunctuation.bit | LineBreakClass.openPunctuationWide.bit
    }
    @inline(__always) static var closeParenthesis: UInt64 {
      LineBreakClass.closeParenthesis.bit | LineBreakClass.closeParenthesisWide.bit
    }
    @inline(__always) static var ideographic: UInt64 {
      LineBreakClass.ideographic.bit | LineBreakClass.ideographicPictographicUnassigned.bit
    }
    @inline(__always) static var letters: UInt64 {
      LineBreakClass.alphabetic.bit | LineBreakClass.hebrewLetter.bit
    }
    @inline(__always) static var lettersAndNumbers: UInt64 {
      letters | LineBreakClass.numeric.bit
    }
    @inline(__always) static var affixes: UInt64 {
      LineBreakClass.prefixNumeric.bit | LineBreakClass.postfixNumeric.bit
    }
    @inline(__always) static var hardBreaks: UInt64 {
      LineBreakClass.mandatoryBreak.bit | LineBreakClass.carriageReturn.bit | LineBreakClass.lineFeed.bit
        | LineBreakClass.nextLine.bit
    }
    @inline(__always) static var marks: UInt64 {
      LineBreakClass.combiningMark.bit | LineBreakClass.zeroWidthJoiner.bit
    }
    @inline(__always) static var closing: UInt64 {
      LineBreakClass.closePunctuation.bit | closeParenthesis | LineBreakClass.exclamation.bit
        | LineBreakClass.infixSeparator.bit | LineBreakClass.breakSymbols.bit
    }
    @inline(__always) static var hangul: UInt64 {
      LineBreakClass.hangulLeadingJamo.bit | LineBreakClass.hangulVowelJamo.bit
        | LineBreakClass.hangulTrailingJamo.bit | LineBreakClass.hangulLVSyllable.bit
        | LineBreakClass.hangulLVTSyllable.bit
    }
    /// Classes that need the slow path of the breaker, as the scalar before or after a position.
    @inline(__always) static var special: UInt64 {
      hardBreaks | marks | LineBreakClass.space.bit | LineBreakClass.zeroWidthSpace.bit
        | LineBreakClass.regionalIndicator.bit
    }
    /// SY and IS, which continue a number sequence.
    @inline(__always) static var numberInfixes: UInt64 {
      LineBreakClass.breakSymbols.bit | LineBreakClass.infixSeparator.bit
    }
  }

  /// Whether UAX #14 allows a break between a unit of class `before` and one of class `after`
  /// by rules LB11–LB31, apart from their contextual parts (LB21a, the number sequences of LB25,
  /// the pairing of LB30a), which `LineBreaker` applies on top.
  ///
  /// `spaces` says that spaces separate the two (then `before` is the class before them):
  /// only the "X SP* ×" rules and the "× Y" rules can then forbid the break (LB18 allows it).
  /// Rules LB1–LB10 are the caller's: neither class is a space, a hard break or a mark here.
  static func allowsBreak(between before: LineBreakClass, spaces: Bool, and after: LineBreakClass) -> Bool {
    let a = before
    let b = after
    // LB11: × WJ, and WJ × (only for the unit right after it, not after spaces)
    if b == .wordJoiner || (!spaces && a == .wordJoiner) { return false }
    // LB12, LB12a (about the unit right before: never a space here)
    if !spaces {
      if a == .glue { return false }
      if b == .glue && !a.isIn(LineBreakClass.breakAfter.bit | LineBreakClass.hyphen.bit) { return false }
    }
    // LB13 (tailored by the number rules: NU × CL is LB25's, with the same answer)
    if b.isIn(ClassSet.closing) { return false }
    // LB14–LB17, "X SP* ×": with or without spaces between
    if a.isIn(ClassSet.openPunctuation) { return false }
    if a == .quotation && b.isIn(ClassSet.openPunctuation) { return false }
    if a.isIn(LineBreakClass.closePunctuation.bit | ClassSet.closeParenthesis) && b == .nonstarter {
      return false
    }
    if a == .breakBoth && b == .breakBoth { return false }
    // LB18
    if spaces { return true }
    // LB19
    if a == .quotation || b == .quotation { return false }
    // LB20
    if a == .contingentBreak || b == .contingentBreak { return true }
    // LB21
    if b.isIn(LineBreakClass.breakAfter.bit | LineBreakClass.hyphen.bit | LineBreakClass.nonstarter.bit) {
      return false
    }
    if a == .breakBefore { return false }
    // LB21b
    if a == .breakSymbols && b == .hebrewLetter { return false }
    // LB22
    if b == .inseparable { return false }
    // LB23
    if a.isIn(ClassSet.letters) && b == .numeric { return false }
    if a == .numeric && b.isIn(ClassSet.letters) { return false }
    // LB23a
    let emojiOrIdeographic =
      ClassSet.ideographic | LineBreakClass.emojiBase.bit | LineBreakClass.emojiModifier.bit
    if a == .prefixNumeric && b.isIn(emojiOrIdeographic) { return false }
    if a.isIn(emojiOrIdeographic) && b == .postfixNumeric { return false }
    // LB24
    if a.isIn(ClassSet.affixes) && b.isIn(ClassSet.letters) { return false }
    if a.isIn(ClassSet.letters) && b.isIn(ClassSet.affixes) { return false }
    // LB25, the pairs: (PR | PO) × NU, (OP | HY) × NU, NU × (NU | SY | IS), NU × (PR | PO)
    if a.isIn(ClassSet.affixes | LineBreakClass.hyphen.bit) && b == .numeric { return false }
    if a == .numeric
      && b.isIn(
        LineBreakClass.numeric.bit | LineBreakClass.breakSymbols.bit | LineBreakClass.infixSeparator.bit
          | ClassSet.affixes)
    {
      return false
    }
    // LB26
    if a == .hangulLeadingJamo
      && b.isIn(
        LineBreakClass.hangulLeadingJamo.bit | LineBreakClass.hangulVowelJamo.bit
          | LineBreakClass.hangulLVSyllable.bit | LineBreakClass.hangulLVTSyllable.bit)
    {
      return false
    }
    if a.isIn(LineBreakClass.hangulVowelJamo.bit | LineBreakClass.hangulLVSyllable.bit)
      && b.isIn(LineBreakClass.hangulVowelJamo.bit | LineBreakClass.hangulTrailingJamo.bit)
    {
      return false
    }
    if a.isIn(LineBreakClass.hangulTrailingJamo.bit | LineBreakClass.hangulLVTSyllable.bit)
      && b == .hangulTrailingJamo
    {
      return false
    }
    // LB27
    if a.isIn(ClassSet.hangul) && b == .postfixNumeric { return false }
    if a == .prefixNumeric && b.isIn(ClassSet.hangul) { return false }
    // LB28
    if a.isIn(ClassSet.letters) && b.isIn(ClassSet.letters) { return false }
    // LB29
    if a == .infixSeparator && b.isIn(ClassSet.letters) { return false }
    // LB30
    if a.isIn(ClassSet.lettersAndNumbers) && b == .openPunctuation { return false }
    if a == .closeParenthesis && b.isIn(ClassSet.lettersAndNumbers) { return false }
    // LB30b
    if a.isIn(LineBreakClass.emojiBase.bit | LineBreakClass.ideographicPictographicUnassigned.bit)
      && b == .emojiModifier
    {
      return false
    }
    return true  // LB31
  }

  /// `allowsBreak` for every pair, indexed `[spaces ? count² : 0] + before * count + after`,
  /// with the pairs that rules LB21a and LB25 may still forbid, depending on the units before
  /// them, marked `.lookBehind`.
  static let pairActions: [Action] = {
    let classes = LineBreakClass.allCases
    var table: [Action] = []
    table.reserveCapacity(2 * classes.count * classes.count)
    let numberEnds =
      LineBreakClass.numeric.bit | ClassSet.numberInfixes | LineBreakClass.closePunctuation.bit
      | ClassSet.closeParenthesis
    for spaces in [false, true] {
      for before in classes {
        for after in classes {
          guard allowsBreak(between: before, spaces: spaces, and: after) else {
            table.append(.noBreak)
            continue
          }
          let mayBeForbidden =
            !spaces
            && ((before.isIn(LineBreakClass.hyphen.bit | LineBreakClass.breakAfter.bit)
              && after != .contingentBreak)  // LB21a
              || (before.isIn(ClassSet.numberInfixes) && after == .numeric)  // LB25
              || (before.isIn(numberEnds) && after.isIn(ClassSet.affixes))  // LB25
              || (before.isIn(ClassSet.affixes)
                && after.isIn(ClassSet.openPunctuation | LineBreakClass.hyphen.bit)))  // LB25
          table.append(mayBeForbidden ? .lookBehind : .breakAllowed)
        }
      }
    }
    return table
  }()
}
