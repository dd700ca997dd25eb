import SelfSizingCore

/// Kerning across line-break opportunities: the change in width (in ems) when two clusters that
/// `prepare` shapes in separate segments are shaped together, as every client shapes a whole run.
///
/// Segments are shaped apart (that is what makes them cacheable), so a kerning pair that spans a
/// break opportunity — kana in Noto Sans CJK (`し|て` is −30 units), `-X` in Noto Sans — is lost
/// unless it is put back between the segments. Chromium and SkParagraph shape a whole script run
/// of one font; a pair is kerned there only when both clusters are in one such run.
///
/// Pairs are cached per scalar pair and language; the cache is bounded (cleared when full) and
/// behind a lock, taken once per paragraph.
final class KerningPairs: Sendable {
  /// The most pairs kept before the cache is cleared.
  static let capacity = 1 << 16
  private let pairs = Locked<[UInt64: Double]>([:])

  /// Pairs cached now.
  var count: Int { pairs.withLock { $0.count } }

  func removeAll() { pairs.withLock { $0.removeAll() } }

  /// The cache key of scalars `first`, `second` in language `languageID` (at most 255).
  @inline(__always) static func key(_ first: UInt32, _ second: UInt32, languageID: Int32) -> UInt64 {
    UInt64(first) << 32 | UInt64(second) << 8 | UInt64(UInt8(truncatingIfNeeded: languageID))
  }

  /// The kerning of each segment: after it, and inside it where its shaping kerned a pair that
  /// the client shapes in two script runs; nil when there is none. In points at `fontSize`,
  /// rounded to 1/65536 px as HarfBuzz's 16.16 positions (Blink and Skia shape at that scale;
  /// exact in a `Float`, as `PreparedText.Segment` keeps them).
  ///
  /// A boundary is considered when the segment before it ends in a visible cluster (not after
  /// spaces or a hard break) and neither side is right-to-left. A segment that starts with
  /// Common scalars (quotes, brackets, digits) shapes them with the script after them, where the
  /// client's run goes on with the script before them: when the two differ, the pair where the
  /// script changes is not kerned.
  static func kerning(
    codes: UnsafeBufferPointer<UInt32>, breaks: UnsafeBufferPointer<(end: Int, isHard: Bool)>,
    rightToLeft: [Bool]?, fontSize: Double, languageID: Int32?, cache: KerningPairs,
    shaper: () -> SegmentShaper
  ) -> [SegmentKerning]? {
    let count = breaks.count
    guard count > 1 else { return nil }
    // (segment, index of the pair's second scalar, whether the pair is inside the segment)
    var candidates: [(segment: Int, second: Int, inside: Bool, key: UInt64)] = []
    for segment in 0..<(count - 1) {
      let end = breaks[segment].end
      if let rightToLeft, rightToLeft[segment] || rightToLeft[segment + 1] { continue }
      let first = codes[end - 1]
      let second = codes[end]
      if !breaks[segment].isHard, first > 0x20, second > 0x20, !UnicodeProperties.isTrailingWhitespace(first),
        !UnicodeProperties.isTrailingWhitespace(second)
      {
        candidates.append((segment, end, false, key(first, second, languageID: languageID ?? 0)))
      }
      // The next segment starting with Common scalars after text of another script.
      guard second > 0x20, second < 0x3000 || (0xFF00...0xFFEF).contains(second), runScript(second) == nil
      else { continue }
      let next = breaks[segment + 1].end
      var index = end + 1
      while index < next, index - end < 16, runScript(codes[index]) == nil { index += 1 }
      guard index < next, index - end < 16, let script = runScript(codes[index]),
        let before = scriptBefore(codes, end), before != script
      else { continue }
      candidates.append(
        (segment + 1, index, true, key(codes[index - 1], codes[index], languageID: languageID ?? 0)))
    }
    guard !candidates.isEmpty else { return nil }
    var deltasEm = [Double](repeating: .nan, count: candidates.count)
    if languageID != nil {
      cache.pairs.withLock { pairs in
        for (index, candidate) in candidates.enumerated() {
          if let delta = pairs[candidate.key] { deltasEm[index] = delta }
        }
      }
    }
    var shaped: [UInt64: Double] = [:]
    var pairShaper: SegmentShaper?
    for index in candidates.indices where deltasEm[index].isNaN {
      let candidate = candidates[index]
      if let delta = shaped[candidate.key] {
        deltasEm[index] = delta
        continue
      }
      if pairShaper == nil { pairShaper = shaper() }
      let delta = Self.shapedDelta(codes[candidate.second - 1], codes[candidate.second], shaper: pairShaper!)
      shaped[candidate.key] = delta
      deltasEm[index] = delta
    }
    if languageID != nil, !shaped.isEmpty {
      cache.pairs.withLock { pairs in
        if pairs.count + shaped.count > capacity { pairs.removeAll(keepingCapacity: true) }
        pairs.merge(shaped) { _, new in new }
      }
    }
    var kerning: [SegmentKerning]?
    for (index, candidate) in candidates.enumerated() where deltasEm[index] != 0 {
      let points = (deltasEm[index] * fontSize * 65536).rounded() / 65536
      if candidate.inside {
        if kerning == nil { kerning = [SegmentKerning](repeating: SegmentKerning(), count: count) }
        let start = breaks[candidate.segment - 1].end
        kerning![candidate.segment].inside = -points
        kerning![candidate.segment].insideScalar = Int32(candidate.second - 1 - start)
      } else {
        guard Self.inOneScriptRun(codes, before: candidate.second) else { continue }
        if kerning == nil { kerning = [SegmentKerning](repeating: SegmentKerning(), count: count) }
        kerning![candidate.segment].after = points
      }
    }
    return kerning
  }

  /// The width (ems) of `first` and `second` shaped together less each shaped alone; 0 when
  /// they are not two clusters of one font.
  static func shapedDelta(_ first: UInt32, _ second: UInt32, shaper: SegmentShaper) -> Double {
    let both = [first, second].withUnsafeBufferPointer { shaper.shape($0, isRightToLeft: false) }
    guard both.graphemeWidthsEm.count == 2, both.missingGlyphs == 0,
      both.fontMask.rawValue & (both.fontMask.rawValue &- 1) == 0
    else { return 0 }
    let alone = [first].withUnsafeBufferPointer { shaper.shape($0, isRightToLeft: false) }
    let next = [second].withUnsafeBufferPointer { shaper.shape($0, isRightToLeft: false) }
    let delta =
      both.graphemeWidthsEm.reduce(0, +) - alone.graphemeWidthsEm.reduce(0, +)
      - next.graphemeWidthsEm.reduce(0, +)
    return abs(delta) < 1e-9 ? 0 : delta
  }

  /// True when the scalars on both sides of `boundary` are in one script run as Blink's
  /// `ScriptRunIterator` forms them: Common and Inherited scalars join the run around them, and
  /// Katakana runs with Hiragana.
  static func inOneScriptRun(_ codes: UnsafeBufferPointer<UInt32>, before boundary: Int) -> Bool {
    guard let next = runScript(codes[boundary]), let before = scriptBefore(codes, boundary) else {
      return true
    }
    return before == next
  }

  /// The script of the run that scalar `boundary` would continue: the last scalar before it
  /// with a script of its own (looking back at most 64 scalars, not past a hard break), or nil.
  static func scriptBefore(_ codes: UnsafeBufferPointer<UInt32>, _ boundary: Int) -> Int32? {
    var index = boundary - 1
    while index >= 0, boundary - index <= 64 {
      if UnicodeProperties.isHardBreak(codes[index]) { return nil }
      if let script = runScript(codes[index]) { return script }
      index -= 1
    }
    return nil
  }

  /// The scalar's script for forming runs, nil for Common and Inherited (which join any run).
  private static func runScript(_ scalar: UInt32) -> Int32? {
    let code = ICUProperties.scriptCode(scalar)
    switch code {
    case 0, 1: return nil  // USCRIPT_COMMON, USCRIPT_INHERITED
    case 22: return 20  // USCRIPT_KATAKANA runs with USCRIPT_HIRAGANA
    default: return code
    }
  }
}

/// A segment's kerning (points): after it (a pair across the break opportunity that ends it),
/// and inside it (a pair its shaping kerned that the client does not: added to the cluster
/// holding scalar `insideScalar` of the segment).
struct SegmentKerning: Sendable {
  var after = 0.0
  var inside = 0.0
  var insideScalar: Int32 = 0
}
