/// Where Chromium may break a line, from the engine's UAX #14 opportunities (with small kana as
/// ideographs: Chromium's ICU maps `line` to `line_normal`).
///
/// Blink's `LazyLineBreakIterator::NextBreakablePosition` (`platform/text/text_break_iterator.cc`,
/// `BreakSpaceType::kAfterSpaceRun` under `white-space: pre-wrap`, `LineBreakType::kNormal`)
/// decides a position before character `i` by the first rule that applies:
///
/// 1. never before a space, tab or line feed; always after one (after every space run, whatever
///    follows: `open /usr`, `a (b`);
/// 2. never next to another control;
/// 3. after `-` before an ASCII digit only when a letter or digit precedes the hyphen
///    (`CVE-2020`, not `-5`); before another non-ASCII character, ICU's answer;
/// 4. between two characters of U+0021…U+00FF, Blink's pair table (``WebPairTable``): no break
///    at `/` in paths and URLs, after `-` anywhere else;
/// 5. elsewhere ICU: the engine's opportunity, with Unicode 16's rule LB19a for quotation marks
///    between East Asian characters (ICU 78 breaks `是远而。”|岂不`, ICU 72's rules do not) and
///    15.1's LB20a (ICU 78 keeps a word-initial hyphen with a letter after it, ` -الداخلي`,
///    among them Unicode 16's other hyphens, ` –abc`),
///    LB21a (a hyphen or maqaf between Hebrew letters may be broken after, `ערבית-לטינית`) and
///    LB25's `IS × NU` (no break between an infix separator and a digit, ` ،١٢٣`).
enum WebLineBreaks {
  /// `LazyLineBreakIterator::IsBreakableSpace`.
  @inline(__always) static func isBreakableSpace(_ scalar: UInt32) -> Bool {
    scalar == 0x20 || scalar == 0x09 || scalar == 0x0A
  }

  @inline(__always) static func isASCIIAlphanumeric(_ scalar: UInt32) -> Bool {
    scalar &- 0x30 < 10 || (scalar | 0x20) &- 0x61 < 26
  }

  /// Quotation marks of class QU that open (`\p{Pi}`) and close (`\p{Pf}`).
  static func isInitialQuote(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0xAB, 0x2018, 0x201B, 0x201C, 0x201F, 0x2039, 0x2E02, 0x2E04, 0x2E09, 0x2E0C, 0x2E1C, 0x2E20: true
    default: false
    }
  }

  static func isFinalQuote(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0xBB, 0x2019, 0x201D, 0x203A, 0x2E03, 0x2E05, 0x2E0A, 0x2E0D, 0x2E1D, 0x2E21: true
    default: false
    }
  }

  /// East_Asian_Width F, W or H.
  static func isEastAsian(_ scalar: UInt32) -> Bool {
    ICUProperties.lineBreakProperty(scalar).isEastAsianWide
  }

  /// True when Blink's rules may decide a position next to `scalar` differently from UAX #14:
  /// spaces, ASCII and Latin-1 (the pair table, the hyphen rule), Unicode 16's hyphens (LB20a)
  /// and quotation marks (LB19a).
  @inline(__always) static func mayDiffer(_ scalar: UInt32) -> Bool {
    scalar <= 0xFF || scalar &- 0x2010 <= 0x2A || scalar &- 0x2E02 <= 0x1F || isOtherUnicode16Hyphen(scalar)
  }

  /// The hyphens of Unicode 16's LB20a outside `mayDiffer`'s ranges (``LineBreaker/isUnicode16Hyphen(_:)``).
  @inline(__always) static func isOtherUnicode16Hyphen(_ scalar: UInt32) -> Bool {
    scalar == 0x058A || scalar == 0x05BE || scalar == 0x1400 || scalar == 0x2E40 || scalar == 0x2E5D
  }

  /// Unicode 15.1's `IS × NU` (LB25), which ICU 72's rules keep only after a number: true when
  /// `last` is an infix separator (`,` `.` `:` `;` `،` …) and `current` a digit. ICU decides
  /// these pairs in Blink (the pair table has the ASCII ones).
  @inline(__always) static func isInfixBeforeDigit(_ last: UInt32, _ current: UInt32) -> Bool {
    switch last {
    case 0x2C, 0x2E, 0x3A, 0x3B, 0x37E, 0x589, 0x60C, 0x60D, 0x7F8, 0x2044, 0xFE10, 0xFE13, 0xFE14:
      return LineBreaker.lineBreakClass(of: current) == .numeric
    default: return false
    }
  }

  /// Blink's rules as a tailoring of the built-in breaker's pass (what `breaks(of:base:into:)`
  /// does to its answers, decided as it goes).
  struct Tailoring: LineBreakTailoring {
    static var tailors: Bool { true }
    /// `WebLineBreaks.propertyTable`, held by `withTailoring`.
    let propertyTable: UnsafePointer<UInt8>?
    /// `WebPairTable.bits`, held by `withTailoring`.
    let pairs: UnsafePointer<UInt64>

    @inline(__always) func isBreakAllowed(
      before index: Int, current: UInt32, last: UInt32, in codes: UnsafeBufferPointer<UInt32>,
      engineAllows: Bool
    ) -> Bool {
      return WebLineBreaks.isBreakAllowed(
        before: index, current: current, last: last, in: codes, pairs: pairs, engineAllows: engineAllows)
    }
  }

  /// Runs `body` with Blink's rules as a tailoring of the built-in breaker.
  @inline(__always) static func withTailoring<Result, Failure: Error>(
    _ body: (Tailoring) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try propertyTable.withUnsafeBufferPointer { classes throws(Failure) in
      try WebPairTable.bits.withUnsafeBufferPointer { pairs throws(Failure) in
        try body(
          Tailoring(
            propertyTable: classes.baseAddress.unsafelyUnwrapped, pairs: pairs.baseAddress.unsafelyUnwrapped))
      }
    }
  }

  /// The BMP's classes as Chromium's ICU breaks them (CJ scalars as ideographs), with
  /// `LineBreakPropertyTable.tailoredFlag` on the scalars Blink's rules look at (`mayDiffer`)
  /// but ASCII letters and digits: next to one of those, Blink decides as UAX #14 unless the
  /// other character is flagged (two of them: neither ever breaks, and the pair table agrees);
  /// the Arabic commas (U+060C, U+060D), for LB25's `IS × NU`; the maqaf (U+05BE), for
  /// LB21a; and the ideographic space (U+3000), for the space runs Blink hangs whole.
  static let propertyTable: [UInt8] = {
    var table = LineBreakPropertyTable.basicMultilingualPlaneWithConditionalJapaneseStartersAsIdeographs
    for scalar in 0..<UInt32(0x1_0000)
    where (mayDiffer(scalar) && !isASCIIAlphanumeric(scalar)) || scalar &- 0x060C <= 1 || scalar == 0x05BE
      || scalar == 0x3000
    {
      table[Int(scalar)] |= LineBreakPropertyTable.tailoredFlag
    }
    return table
  }()

  /// Rewrites the opportunities `base` of `codes` (each a line start; hard breaks flagged; the
  /// last is the end of the text) into `output` (room for `codes.count` entries) as Blink finds
  /// them. Returns how many were written.
  static func breaks(
    of codes: UnsafeBufferPointer<UInt32>, base: UnsafeBufferPointer<(end: Int, isHard: Bool)>,
    into output: UnsafeMutablePointer<(end: Int, isHard: Bool)>
  ) -> Int {
    let count = codes.count
    guard count > 0, let baseStart = base.baseAddress, let scalars = codes.baseAddress else { return 0 }
    return WebPairTable.bits.withUnsafeBufferPointer { table in
      rewrite(
        scalars, count: count, base: baseStart, baseCount: base.count, pairs: table.baseAddress!,
        codes: codes, into: output)
    }
  }

  @inline(__always) private static func rewrite(
    _ scalars: UnsafePointer<UInt32>, count: Int, base baseStart: UnsafePointer<(end: Int, isHard: Bool)>,
    baseCount: Int, pairs: UnsafePointer<UInt64>, codes: UnsafeBufferPointer<UInt32>,
    into output: UnsafeMutablePointer<(end: Int, isHard: Bool)>
  ) -> Int {
    var written = 0
    var nextBase = baseStart  // the first base opportunity not before the position
    let baseEnd = baseStart + baseCount
    var last = scalars[0]
    var lastMayDiffer = mayDiffer(last)
    var index = 1
    while index < count {
      let current = scalars[index]
      let currentMayDiffer = mayDiffer(current)
      let inBase = nextBase < baseEnd && nextBase.pointee.end == index
      if !inBase, isASCIIAlphanumeric(current), isASCIIAlphanumeric(last) {
        // Inside an ASCII word: neither UAX #14 nor Blink's pair table breaks (the common case
        // of the characters Blink looks at).
      } else if !(currentMayDiffer || lastMayDiffer) {
        // Neither character is one Blink's rules look at: UAX #14's answer (but LB25's
        // `IS × NU` after the Arabic commas, and LB21a's after a maqaf).
        if inBase {
          if last &- 0x060C > 1 || !isInfixBeforeDigit(last, current) {
            output[written] = nextBase.pointee
            written &+= 1
          }
          nextBase += 1
        } else if last == 0x05BE, LineBreaker.breaksHebrewCompound(before: index, in: codes) {
          output[written] = (index, false)
          written &+= 1
        }
      } else if current == 0x3000, last == 0x20 || last == 0x09 {
        // An ideographic space after a space: the run of spaces hangs whole, the line breaking
        // after it whatever follows (`LineBreaker::HandleTrailingSpaces` takes spaces, tabs and
        // U+3000 as trailing and breaks after them: `己 　|，`), not before the ideographic space.
        var end = index &+ 1
        while end < count, scalars[end] == 0x20 || scalars[end] == 0x09 || scalars[end] == 0x3000 {
          end &+= 1
        }
        while nextBase < baseEnd, nextBase.pointee.end < end { nextBase += 1 }
        if end == count { break }
        let next = scalars[end]
        if !UnicodeProperties.isHardBreak(next) {
          output[written] = (end, false)
          written &+= 1
          if nextBase < baseEnd, nextBase.pointee.end == end { nextBase += 1 }
        }
        last = next
        lastMayDiffer = mayDiffer(next)
        index = end &+ 1
        continue
      } else {
        if inBase && nextBase.pointee.isHard {
          output[written] = (index, true)
          written &+= 1
        } else if isBreakAllowed(
          before: index, current: current, last: last, in: codes, pairs: pairs, engineAllows: inBase)
        {
          output[written] = (index, false)
          written &+= 1
        }
        if inBase { nextBase += 1 }
      }
      last = current
      lastMayDiffer = currentMayDiffer
      index &+= 1
    }
    output[written] = (count, baseCount > 0 && baseStart[baseCount &- 1].isHard)
    return written &+ 1
  }

  /// Blink's decision for a break before `codes[index]` (`current`, after `last`);
  /// `engineAllows` is the engine's.
  @inline(__always) static func isBreakAllowed(
    before index: Int, current: UInt32, last: UInt32, in codes: UnsafeBufferPointer<UInt32>,
    pairs: UnsafePointer<UInt64>, engineAllows: Bool
  ) -> Bool {
    if isBreakableSpace(current) { return false }
    if isBreakableSpace(last) {
      // (A space run with ideographic spaces hangs whole, `breaksAfterSpaceRun`; not inside a
      // cluster: a mark after a space stays with it, but a tab is a cluster of its own, Control,
      // and a mark after it starts the next: `ab \t|\u{308}cd`.)
      return current != 0x3000 && (engineAllows || last == 0x09 || !LineBreaker.isMark(current))
    }
    if last < 0x21 || current < 0x21 { return false }
    if last <= 0xFF && current <= 0xFF && last != 0x2D {
      return WebPairTable.allowsBreak(between: last, and: current, in: pairs)
    }
    return isBreakAllowedPastLatin1(
      before: index, current: current, last: last, in: codes, pairs: pairs, engineAllows: engineAllows)
  }

  /// True when a line may break before `codes[index]` (`current`) because a run of spaces, tabs
  /// and ideographic spaces that holds an ideographic space after a space or tab ends there:
  /// Blink breaks before spaces, then takes the whole run as the line's trailing spaces and
  /// breaks after it whatever follows (`LineBreaker::HandleTrailingSpaces`,
  /// `IsBreakableSpaceOrOtherSeparator`: `己 　|，`, where UAX #14 keeps `　，` together).
  static func breaksAfterSpaceRun(before index: Int, current: UInt32, in codes: UnsafeBufferPointer<UInt32>)
    -> Bool
  {
    guard current != 0x20, current != 0x09, current != 0x3000, !UnicodeProperties.isHardBreak(current) else {
      return false
    }
    var position = index &- 1
    var seenIdeographicSpace = false
    while position >= 0 {
      switch codes[position] {
      case 0x3000: seenIdeographicSpace = true
      case 0x20, 0x09: if seenIdeographicSpace { return true }
      default: return false
      }
      position &-= 1
    }
    return false
  }

  /// `isBreakAllowed` after a hyphen or next to a character past U+00FF (neither a space nor a
  /// control): out of line, so that the breaking pass keeps the common decisions inline.
  @inline(never) static func isBreakAllowedPastLatin1(
    before index: Int, current: UInt32, last: UInt32, in codes: UnsafeBufferPointer<UInt32>,
    pairs: UnsafePointer<UInt64>, engineAllows: Bool
  ) -> Bool {
    if last == 0x3000, breaksAfterSpaceRun(before: index, current: current, in: codes) { return true }
    // (The Arabic commas are flagged for LB25 alone, in the built-in breaker's pass: next to a
    // character Blink's rules do not look at, UAX #14's answer but `IS × NU`, as
    // `breaks(of:base:into:)` decides.)
    if last &- 0x060C <= 1, !mayDiffer(current) { return engineAllows && !isInfixBeforeDigit(last, current) }
    // LB21a (Unicode 15.1): a hyphen or maqaf between Hebrew letters may be broken after.
    if !engineAllows, current >= 0x05D0, last == 0x2D || last == 0x05BE,
      LineBreaker.breaksHebrewCompound(before: index, in: codes)
    {
      return true
    }
    if last == 0x2D {
      if current <= 0x7F, (0x30...0x39).contains(current) {
        return index >= 2 && isASCIIAlphanumeric(codes[index &- 2])
      }
      if current > 0x7F {
        return engineAllows && !LineBreaker.keepsWordInitialHyphen(before: index, in: codes, unicode16: true)
      }
    }
    if last <= 0xFF && current <= 0xFF {
      return WebPairTable.allowsBreak(between: last, and: current, in: pairs)
    }
    if engineAllows {
      if isInfixBeforeDigit(last, current) { return false }
      return !LineBreaker.isUnicode16Hyphen(last)
        || !LineBreaker.keepsWordInitialHyphen(before: index, in: codes, unicode16: true)
    }
    // LB19a (Unicode 16): a quotation mark between East Asian characters may be broken around.
    if isInitialQuote(current), index &+ 1 < codes.count {
      return isEastAsian(last) && isEastAsian(codes[index &+ 1]) && !LineBreaker.isOpenOrGlue(last)
    }
    if isFinalQuote(last), index >= 2 {
      return isEastAsian(codes[index &- 2]) && isEastAsian(current) && !LineBreaker.isNonstarterLike(current)
    }
    return false
  }
}
