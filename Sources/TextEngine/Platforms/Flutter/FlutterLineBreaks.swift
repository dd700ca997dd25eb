/// Where SkParagraph may break a line, from the engine's UAX #14 opportunities (Unicode 15.0,
/// small kana as ideographs): skia-python 144 links ICU 74, whose rules are Unicode 15.1's.
/// LB20a of 15.1 keeps a word-initial hyphen with the word after it (`-fPIC`, `--table`'s second
/// hyphen is not word-initial): `(sot | BK | CR | LF | NL | SP | ZW | CB | GL) (HY | HH) × (AL | HL)`;
/// and 15.1 replaced LB15 (`QU SP* × OP`) by LB15a, which keeps only an opening quotation mark
/// (`\p{Pi}`) with what follows it, so `"%s" (UID` may break before the parenthesis.
enum FlutterLineBreaks {
  /// Removes from `breaks` (`count` of them, in place) the breaks after a word-initial hyphen of
  /// `codes`; returns how many are left.
  static func removeBreaksAfterWordInitialHyphens(
    of codes: UnsafeBufferPointer<UInt32>, breaks: UnsafeMutablePointer<(end: Int, isHard: Bool)>, count: Int
  ) -> Int {
    guard codes.contains(where: LineBreaker.isHyphen) else { return count }
    var kept = 0
    for index in 0..<count {
      let end = breaks[index].end
      // (Spaces that LB15a keeps after an opening quotation mark do not start a word: ICU 74
      // breaks after `« -`'s hyphen.)
      if !breaks[index].isHard, LineBreaker.keepsWordInitialHyphen(before: end, in: codes),
        end < 2 || LineBreaker.lineBreakClass(of: codes[end - 2]) != .space
          || !followsOpeningQuote(spacesEndingAt: end - 1, in: codes)
      {
        continue
      }
      breaks[kept] = breaks[index]
      kept += 1
    }
    return kept
  }

  /// Adds the breaks Unicode 15.1 allows before opening punctuation after a quotation mark that
  /// does not open (`"%s" (UID`), between `breaks` (`count`, room for `codes.count + 1`) in place;
  /// returns how many there are.
  static func addBreaksBeforeOpeningAfterQuotes(
    of codes: UnsafeBufferPointer<UInt32>, breaks: UnsafeMutablePointer<(end: Int, isHard: Bool)>, count: Int
  ) -> Int {
    var added: [Int] = []
    for index in 1..<max(1, codes.count) where codes[index - 1] == 0x20 {
      guard LineBreaker.lineBreakClass(of: codes[index]).isIn(LineBreaker.ClassSet.openPunctuation) else {
        continue
      }
      var before = index - 1
      while before > 0, codes[before] == 0x20 { before -= 1 }
      let quote = codes[before]
      guard LineBreaker.lineBreakClass(of: quote) == .quotation, !WebLineBreaks.isInitialQuote(quote) else {
        continue
      }
      added.append(index)
    }
    return merge(breaks, count: count, adding: added, removing: [])
  }

  /// Applies the rest of Unicode 15.1's changes that ICU 74 has, to `breaks` (`count`, room for
  /// `codes.count + 1`) in place; returns how many there are. Each was checked with skia-python:
  /// - LB15a `(sot | BK | CR | LF | NL | OP | QU | GL | SP | ZW) [\p{Pi}&QU] SP* ×`: no break
  ///   after an opening quotation mark and its spaces (`aa “ bbbb`);
  /// - LB15b `× [\p{Pf}&QU] (SP | GL | WJ | CL | QU | CP | EX | IS | SY | BK | CR | LF | NL | ZW |
  ///   eot)`: no break before a closing quotation mark, even after a space (`بالرمز ”.“`);
  /// - LB15c `SP ÷ IS NU`: a break before a number's leading separator (`aaaa .5`);
  /// - LB25's `IS? NU`: a number may start with its separator, so `X.509` does not break.
  static func applyQuotationAndNumberRules(
    of codes: UnsafeBufferPointer<UInt32>, breaks: UnsafeMutablePointer<(end: Int, isHard: Bool)>, count: Int
  ) -> Int {
    let n = codes.count
    var removed: [Int] = []
    var added: [Int] = []
    // The index after `index` and the marks attached to it.
    func afterMarks(_ index: Int) -> Int {
      var next = index + 1
      while next < n, LineBreaker.isMark(codes[next]) { next += 1 }
      return next
    }
    for index in 0..<n {
      let scalar = codes[index]
      // ASCII: only `,` `.` `:` `;` (IS) matter (`"` and `'` are QU but neither Pi nor Pf).
      if scalar < 0x80, scalar != 0x2C, scalar != 0x2E, scalar != 0x3A, scalar != 0x3B { continue }
      let kind = LineBreaker.lineBreakClass(of: scalar)
      if kind == .infixSeparator {
        let next = afterMarks(index)
        guard next < n, LineBreaker.lineBreakClass(of: codes[next]) == .numeric else { continue }
        removed.append(next)
        // LB15c, after LB14 and LB15a: not after `( ` or an opening quotation mark's spaces.
        if index > 0, LineBreaker.lineBreakClass(of: codes[index - 1]) == .space,
          !followsOpeningQuote(spacesEndingAt: index, in: codes)
        {
          var before = index - 1
          while before > 0, LineBreaker.lineBreakClass(of: codes[before]) == .space { before -= 1 }
          while before > 0, LineBreaker.isMark(codes[before]) { before -= 1 }
          if !LineBreaker.lineBreakClass(of: codes[before]).isIn(LineBreaker.ClassSet.openPunctuation) {
            added.append(index)
          }
        }
      } else if kind == .quotation, index > 0, WebLineBreaks.isFinalQuote(scalar) {
        guard LineBreaker.lineBreakClass(of: codes[index - 1]) == .space else { continue }
        let next = afterMarks(index)
        if next == n || LineBreaker.lineBreakClass(of: codes[next]).isIn(Self.beforeClosingQuotes) {
          removed.append(index)
        }
      } else if kind == .quotation, WebLineBreaks.isInitialQuote(scalar) {
        var base = index - 1
        while base >= 0, LineBreaker.isMark(codes[base]) { base -= 1 }
        guard base < 0 || LineBreaker.lineBreakClass(of: codes[base]).isIn(Self.beforeOpeningQuotes) else {
          continue
        }
        let spacesStart = afterMarks(index)
        var end = spacesStart
        while end < n, LineBreaker.lineBreakClass(of: codes[end]) == .space { end += 1 }
        if end > spacesStart, end < n { removed.append(end) }
      }
    }
    return merge(breaks, count: count, adding: added.sorted(), removing: removed)
  }

  /// Rewrites `breaks` (`count`, room for all of them and `added`) in place with the soft breaks
  /// `added` (ascending; one already there is kept once) and without the soft breaks `removed`
  /// (an added one too); returns how many there are.
  private static func merge(
    _ breaks: UnsafeMutablePointer<(end: Int, isHard: Bool)>, count: Int, adding added: [Int],
    removing removed: [Int]
  ) -> Int {
    guard !removed.isEmpty || !added.isEmpty else { return count }
    // (A set: a text of many breaks and many removals stays linear.)
    let removed = Set(removed)
    var merged: [(end: Int, isHard: Bool)] = []
    merged.reserveCapacity(count + added.count)
    var next = 0
    for index in 0..<count {
      let entry = breaks[index]
      while next < added.count, added[next] < entry.end {
        if !removed.contains(added[next]) { merged.append((added[next], false)) }
        next += 1
      }
      if next < added.count, added[next] == entry.end { next += 1 }
      if entry.isHard || !removed.contains(entry.end) { merged.append(entry) }
    }
    for (index, entry) in merged.enumerated() { breaks[index] = entry }
    return merged.count
  }

  /// True when the spaces ending at `end` follow an opening quotation mark that LB15a keeps with
  /// what follows it (`“  x`).
  static func followsOpeningQuote(spacesEndingAt end: Int, in codes: UnsafeBufferPointer<UInt32>) -> Bool {
    var quote = end - 1
    while quote >= 0, LineBreaker.lineBreakClass(of: codes[quote]) == .space { quote -= 1 }
    while quote > 0, LineBreaker.isMark(codes[quote]) { quote -= 1 }
    guard quote >= 0, quote < end - 1, WebLineBreaks.isInitialQuote(codes[quote]) else { return false }
    var base = quote - 1
    while base >= 0, LineBreaker.isMark(codes[base]) { base -= 1 }
    return base < 0 || LineBreaker.lineBreakClass(of: codes[base]).isIn(beforeOpeningQuotes)
  }

  /// LB15a's classes before an opening quotation mark (start of text aside).
  private static var beforeOpeningQuotes: UInt64 {
    LineBreaker.ClassSet.hardBreaks | LineBreaker.ClassSet.openPunctuation | LineBreakClass.quotation.bit
      | LineBreakClass.glue.bit | LineBreakClass.space.bit | LineBreakClass.zeroWidthSpace.bit
  }

  /// LB15b's classes after a closing quotation mark (end of text aside).
  private static var beforeClosingQuotes: UInt64 {
    LineBreakClass.space.bit | LineBreakClass.glue.bit | LineBreakClass.wordJoiner.bit
      | LineBreakClass.closePunctuation.bit | LineBreakClass.quotation.bit
      | LineBreaker.ClassSet.closeParenthesis | LineBreakClass.exclamation.bit
      | LineBreakClass.infixSeparator.bit | LineBreakClass.breakSymbols.bit | LineBreaker.ClassSet.hardBreaks
      | LineBreakClass.zeroWidthSpace.bit
  }
}
