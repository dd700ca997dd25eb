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
      if !breaks[index].isHard, LineBreaker.keepsWordInitialHyphen(before: breaks[index].end, in: codes) {
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
    guard !added.isEmpty else { return count }
    var merged: [(end: Int, isHard: Bool)] = []
    merged.reserveCapacity(count + added.count)
    var next = 0
    for index in 0..<count {
      while next < added.count, added[next] < breaks[index].end {
        merged.append((added[next], false))
        next += 1
      }
      if next < added.count, added[next] == breaks[index].end { next += 1 }
      merged.append(breaks[index])
    }
    for (index, entry) in merged.enumerated() { breaks[index] = entry }
    return merged.count
  }
}
