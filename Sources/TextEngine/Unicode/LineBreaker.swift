/// UAX #14 line breaking over Unicode scalars: the Unicode 15.0 default rules with the number
/// tailoring of UAX #14 Example 7 (what LineBreakTest.txt specifies), table-driven.
///
/// Classes come from ICU's Line_Break data through `LineBreakPropertyTable`. Most positions are
/// decided by one load from a precomputed pair table (`pairActions`). The rules that look
/// further are handled on the side: spaces and marks (LB4–LB10, LB14–LB18) and regional
/// indicator pairs (LB30a) by a slower path with a little state, and the rare pairs that
/// depend on what precedes them — hyphens after Hebrew letters (LB21a) and number sequences
/// (LB25) — by looking back at the units before the position. One pass, no allocation.
///
/// Text with SA (complex context) scalars — Thai, Lao, Khmer, Myanmar — is not handled: finding
/// breaks there needs a dictionary, and the caller uses ICU's break iterator instead.
enum LineBreaker {
  /// What the pair table says about a position between two units.
  enum Action: UInt8 {
    case breakAllowed
    case noBreak
    /// The answer depends on the units before the pair (LB21a, LB25).
    case lookBehind
  }

  /// Writes the break opportunities of `codes` to `output` (room for `codes.count` entries, the
  /// most there can be): the scalar offsets where a line may start, each flagged when the break
  /// is mandatory (after BK, CR, LF or NL), and the end of the text (flagged when the text ends
  /// with a hard break).
  ///
  /// With `conditionalJapaneseStartersAsIdeographs`, small kana and the prolonged sound mark
  /// (class CJ) break as ideographs (ICU's `lb=normal`) instead of as nonstarters.
  ///
  /// - Returns: how many were written, or nil when the text has SA scalars.
  ///
  /// `tailoring` changes the answers as each position is decided (a platform's own rules).
  @inline(__always) static func breaks<Tailoring: LineBreakTailoring>(
    of codes: UnsafeBufferPointer<UInt32>, into output: UnsafeMutablePointer<(end: Int, isHard: Bool)>,
    conditionalJapaneseStartersAsIdeographs: Bool = false, marksJoinSpaces: Bool = false, tailoring: Tailoring
  ) -> Int? {
    guard !codes.isEmpty else { return 0 }
    func run(with table: UnsafePointer<UInt8>) -> Int? {
      pairActions.withUnsafeBufferPointer { actions in
        Self.run(
          Scalars(codes: codes, propertyTable: table), actions: actions.baseAddress.unsafelyUnwrapped,
          marksJoinSpaces: marksJoinSpaces, tailoring: tailoring, into: output)
      }
    }
    if let table = tailoring.propertyTable { return run(with: table) }
    let classes =
      conditionalJapaneseStartersAsIdeographs
      ? LineBreakPropertyTable.basicMultilingualPlaneWithConditionalJapaneseStartersAsIdeographs
      : LineBreakPropertyTable.basicMultilingualPlane
    return classes.withUnsafeBufferPointer { run(with: $0.baseAddress.unsafelyUnwrapped) }
  }

  /// `breaks(of:into:conditionalJapaneseStartersAsIdeographs:tailoring:)` without a tailoring.
  static func breaks(
    of codes: UnsafeBufferPointer<UInt32>, into output: UnsafeMutablePointer<(end: Int, isHard: Bool)>,
    conditionalJapaneseStartersAsIdeographs: Bool = false
  ) -> Int? {
    breaks(
      of: codes, into: output,
      conditionalJapaneseStartersAsIdeographs: conditionalJapaneseStartersAsIdeographs,
      tailoring: UntailoredLineBreaks())
  }

  /// The scalars of a text with their table entries.
  struct Scalars {
    let codes: UnsafeBufferPointer<UInt32>
    /// The class table of the BMP (65,536 entries).
    let propertyTable: UnsafePointer<UInt8>

    var count: Int { codes.count }

    /// The table entry of scalar `index`.
    @inline(__always) func entry(_ index: Int) -> UInt8 {
      let code = codes[index]
      return code < 0x1_0000 ? propertyTable[Int(code)] : LineBreakPropertyTable.entry(code)
    }

    /// The class of scalar `index` (which is not SA).
    @inline(__always) func lineBreakClass(_ index: Int) -> LineBreakClass {
      LineBreaker.lineBreakClass(entry(index))
    }
  }

  /// The class of a table entry without the SA flag (entries hold valid raw values only).
  @inline(__always) static func lineBreakClass(_ entry: UInt8) -> LineBreakClass {
    unsafeBitCast(entry & LineBreakPropertyTable.classMask, to: LineBreakClass.self)
  }

  /// The breaking pass. State: `before`, the class of the last unit (a scalar with the marks it
  /// absorbed, LB9), `spaces`, whether spaces follow it, and `previous`, the class of the last
  /// scalar itself. With `marksJoinSpaces`, marks that extend a space's grapheme cluster
  /// (combining marks, ZWNJ, ZWJ; not format controls such as U+200E) join the space run instead
  /// of starting an alphabetic unit (LB10), so that no break splits the cluster: the line may
  /// break after them, whatever follows, as after any space run.
  @inline(__always) private static func run<Tailoring: LineBreakTailoring>(
    _ scalars: Scalars, actions: UnsafePointer<Action>, marksJoinSpaces: Bool, tailoring: Tailoring,
    into output: UnsafeMutablePointer<(end: Int, isHard: Bool)>
  ) -> Int? {
    let classCount = LineBreakClass.allCases.count
    let spaceActions = actions + classCount * classCount
    var written = 0
    var before = LineBreakClass.alphabetic
    var spaces = false
    var previous = LineBreakClass.alphabetic
    var regionalIndicators = 0

    /// The state at the start of the text or after a hard break (LB2: no break before the first
    /// scalar; LB10: a leading mark is alphabetic; leading spaces have no class before them, so
    /// one that no "X SP* ×" rule names stands in).
    @inline(__always) func startLine(with first: LineBreakClass) {
      previous = first
      spaces = first == .space
      before = first.isIn(ClassSet.marks) || first == .space ? .alphabetic : first
      regionalIndicators = 1
    }

    let codes = scalars.codes
    let firstEntry = scalars.entry(0)
    guard firstEntry & LineBreakPropertyTable.complexContextFlag == 0 else { return nil }
    startLine(with: lineBreakClass(firstEntry))
    var lastScalar = codes[0]
    var lastMayDiffer = Tailoring.tailors && firstEntry & LineBreakPropertyTable.tailoredFlag != 0
    // An ideograph's entry without flags: between two of them a line may always break (LB31).
    let ideographEntry = LineBreakClass.ideographic.rawValue
    var index = 0
    while index &+ 1 < scalars.count {
      index &+= 1
      let entry = scalars.entry(index)
      if entry == ideographEntry, before == .ideographic, previous == .ideographic, !lastMayDiffer {
        // A run of ideographs (most of CJK text): a break before each, nothing else changes.
        output[written] = (index, false)
        written &+= 1
        while index &+ 1 < scalars.count, scalars.entry(index &+ 1) == ideographEntry {
          index &+= 1
          output[written] = (index, false)
          written &+= 1
        }
        lastScalar = codes[index]
        continue
      }
      guard entry & LineBreakPropertyTable.complexContextFlag == 0 else { return nil }
      let current = lineBreakClass(entry)
      let last = previous
      previous = current
      let scalar = codes[index]
      let mayDiffer = Tailoring.tailors && entry & LineBreakPropertyTable.tailoredFlag != 0
      let tailors = mayDiffer || lastMayDiffer
      let previousScalar = lastScalar
      (lastScalar, lastMayDiffer) = (scalar, mayDiffer)
      // The tailored answer where the tailoring looks at the position, else UAX #14's.
      @inline(__always) func decided(_ engineAllows: Bool) -> Bool {
        guard tailors else { return engineAllows }
        return tailoring.isBreakAllowed(
          before: index, current: scalar, last: previousScalar, in: codes, engineAllows: engineAllows)
      }
      // The common case: two adjacent units, neither a space, mark, hard break, zero width
      // space nor regional indicator.
      if (current.bit | last.bit) & ClassSet.special == 0 {
        let action = actions[Int(before.rawValue) &* classCount &+ Int(current.rawValue)]
        if decided(
          action == .breakAllowed
            || (action == .lookBehind && breakAllowedLookingBehind(scalars, before, current, at: index)))
        {
          output[written] = (index, false)
          written &+= 1
        }
        before = current
        continue
      }
      // LB4, LB5: always break after hard breaks, but not between CR and LF.
      if last.isIn(ClassSet.hardBreaks) {
        if last == .carriageReturn && current == .lineFeed { continue }
        output[written] = (index, true)
        written &+= 1
        startLine(with: current)
        continue
      }
      // LB6, LB7: never break before hard breaks, spaces or zero width spaces; LB9: marks join
      // the unit before them (not a space, a hard break or a zero width space). (`spaces` here
      // means the scalar before is a space or a mark that joined one.)
      let joinsBefore =
        current.isIn(ClassSet.hardBreaks) || current == .space || current == .zeroWidthSpace
        || (current.isIn(ClassSet.marks)
          && ((!spaces && before != .zeroWidthSpace)
            || (marksJoinSpaces && spaces && ICUProperties.extendsGraphemeCluster(codes[index]))))
      if joinsBefore {
        if decided(false) {
          output[written] = (index, false)
          written &+= 1
        }
        if current == .space {
          spaces = true
        } else if current == .zeroWidthSpace {
          before = .zeroWidthSpace
          spaces = false
        }
        continue
      }
      // LB10 makes the marks that joined nothing alphabetic.
      let unit = current.isIn(ClassSet.marks) ? LineBreakClass.alphabetic : current
      let allowed: Bool
      if before == .zeroWidthSpace {
        allowed = true  // LB8
      } else if last == .zeroWidthJoiner && !spaces {
        allowed = false  // LB8a (not after a joiner that joined spaces)
      } else if spaces {
        allowed = spaceActions[Int(before.rawValue) &* classCount &+ Int(unit.rawValue)] == .breakAllowed
      } else if before == .regionalIndicator && unit == .regionalIndicator {
        allowed = regionalIndicators % 2 == 0  // LB30a
      } else {
        let action = actions[Int(before.rawValue) &* classCount &+ Int(unit.rawValue)]
        allowed =
          action == .breakAllowed
          || (action == .lookBehind && breakAllowedLookingBehind(scalars, before, unit, at: index))
      }
      if decided(allowed) {
        output[written] = (index, false)
        written &+= 1
      }
      if unit == .regionalIndicator {
        regionalIndicators = !spaces && before == .regionalIndicator ? regionalIndicators + 1 : 1
      }
      before = unit
      spaces = false
    }
    // LB3: always break at the end.
    output[written] = (scalars.count, previous.isIn(ClassSet.hardBreaks))
    return written + 1
  }

  /// The unit that ends just before scalar `end`: its class (after LB9 and LB10) and the index
  /// of its first scalar.
  private static func unit(_ scalars: Scalars, endingBefore end: Int) -> (LineBreakClass, start: Int) {
    var index = end - 1
    while index >= 0 && scalars.lineBreakClass(index).isIn(ClassSet.marks) { index -= 1 }
    guard index >= 0 else { return (.alphabetic, 0) }
    let base = scalars.lineBreakClass(index)
    let blocksMarks = ClassSet.hardBreaks | LineBreakClass.space.bit | LineBreakClass.zeroWidthSpace.bit
    if base.isIn(blocksMarks) && index < end - 1 { return (.alphabetic, index + 1) }
    return (base, index)
  }

  /// The pairs whose answer depends on the units before them (`Action.lookBehind`), between
  /// adjacent units `before` (ending just before scalar `index`) and `after`.
  ///
  /// Each look-back stops at the first unit that settles it, and the units it passes over are
  /// not passed over again by a later look-back, so breaking stays linear.
  @inline(never) private static func breakAllowedLookingBehind(
    _ scalars: Scalars, _ before: LineBreakClass, _ after: LineBreakClass, at index: Int
  ) -> Bool {
    let (_, start) = unit(scalars, endingBefore: index)
    // LB21a: HL (HY | BA) ×
    if before.isIn(LineBreakClass.hyphen.bit | LineBreakClass.breakAfter.bit) {
      return start == 0 || unit(scalars, endingBefore: start).0 != .hebrewLetter
    }
    // LB25: (PR | PO) × (OP | HY) NU
    if before.isIn(ClassSet.affixes) {
      var next = index + 1
      while next < scalars.count && scalars.lineBreakClass(next).isIn(ClassSet.marks) { next += 1 }
      return !(next < scalars.count && scalars.lineBreakClass(next) == .numeric)
    }
    // LB25: NU (NU | SY | IS)* × NU and NU (NU | SY | IS)* (CL | CP)? × (PR | PO): is there a
    // number before (the closing punctuation)?
    var unitClass = before
    var position = start
    if before.isIn(LineBreakClass.closePunctuation.bit | ClassSet.closeParenthesis) {
      guard position > 0 else { return true }
      (unitClass, position) = unit(scalars, endingBefore: position)
    }
    let numberParts = LineBreakClass.numeric.bit | ClassSet.numberInfixes
    while unitClass.isIn(numberParts) {
      if unitClass == .numeric { return false }
      guard position > 0 else { return true }
      (unitClass, position) = unit(scalars, endingBefore: position)
    }
    return true
  }
}

extension LineBreaker {
  /// The Line_Break class of one scalar (SA scalars as alphabetic).
  static func lineBreakClass(of scalar: UInt32) -> LineBreakClass {
    let entry =
      scalar < 0x1_0000
      ? LineBreakPropertyTable.basicMultilingualPlane.withUnsafeBufferPointer { $0[Int(scalar)] }
      : LineBreakPropertyTable.entry(scalar)
    return lineBreakClass(entry)
  }

  /// True for a combining mark or ZWJ (which stays with the character before it).
  static func isMark(_ scalar: UInt32) -> Bool { lineBreakClass(of: scalar).isIn(ClassSet.marks) }

  /// Moves each opportunity of `breaks` (ICU's, in order) between a space and the marks after it
  /// to after the marks, as the breaking pass finds them with `marksJoinSpaces` (none where a
  /// hard break or the text's end follows the marks).
  static func keepMarksWithSpaces(_ breaks: inout [(end: Int, isHard: Bool)], of codes: [UInt32]) {
    var written = 0
    for index in breaks.indices {
      var opportunity = breaks[index]
      let end = opportunity.end
      if !opportunity.isHard, end > 0, end < codes.count, codes[end - 1] == 0x20, extendsSpace(codes[end]) {
        var after = end + 1
        while after < codes.count, extendsSpace(codes[after]) { after += 1 }
        let next = index + 1 < breaks.count ? breaks[index + 1].end : codes.count
        guard after < codes.count, after < next, !UnicodeProperties.isHardBreak(codes[after]) else {
          continue
        }
        opportunity.end = after
      }
      breaks[written] = opportunity
      written += 1
    }
    breaks.removeLast(breaks.count - written)
  }

  /// True for a mark that joins a space's grapheme cluster.
  private static func extendsSpace(_ scalar: UInt32) -> Bool {
    isMark(scalar) && ICUProperties.extendsGraphemeCluster(scalar)
  }

  /// True for opening punctuation or glue (OP, GL), after which no break may come.
  static func isOpenOrGlue(_ scalar: UInt32) -> Bool {
    lineBreakClass(of: scalar).isIn(ClassSet.openPunctuation | LineBreakClass.glue.bit)
  }

  /// True for the classes no line may start with before an East Asian character after a closing
  /// quotation mark (NS, BA, EX, CL, IN, IS, GL, CM; Unicode 16's LB19a).
  static func isNonstarterLike(_ scalar: UInt32) -> Bool {
    lineBreakClass(of: scalar).isIn(
      LineBreakClass.nonstarter.bit | LineBreakClass.breakAfter.bit | LineBreakClass.exclamation.bit
        | LineBreakClass.closePunctuation.bit | LineBreakClass.inseparable.bit
        | LineBreakClass.infixSeparator.bit
        | LineBreakClass.glue.bit | ClassSet.marks)
  }
}
