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
  let pairs = Locked(KerningPairTable(capacity: capacity))
  /// The kerning wide segments lose where they are cut (`writeCutKerning`), by segment.
  let segmentCuts = Locked(SegmentCutTable(capacity: capacity / 4))
  /// The scalars whose glyph is in a kerning pair (first or second) in some font of the chain:
  /// a pair whose first scalar is not here, or (`checksSeconds`) whose second is not, is never
  /// shaped or looked up.
  let kerned: CoverageSet
  /// False when a font of the chain kerns second glyphs outside `kerned`
  /// (`Font.kernsOtherSeconds`).
  let checksSeconds: Bool

  init(chain: FontChain) {
    var kerned = CoverageSet()
    for font in chain.fonts { kerned.formUnion(font.kerningScalars) }
    // A soft hyphen ending a segment: the pair is the scalars around it (`scan`), looked at only
    // where this lets a boundary after one through the first test.
    kerned.insert(0xAD)
    self.kerned = kerned
    checksSeconds = !chain.fonts.contains { $0.kernsOtherSeconds }
  }

  /// Forgets every pair (see `TextMeasurer.removeCachedSegments(keepingCapacity:)`).
  func removeAll(keepingCapacity: Bool = false) {
    pairs.withLock { $0.removeAll(keepingCapacity: keepingCapacity) }
    segmentCuts.withLock { $0.removeAll(keepingCapacity: keepingCapacity) }
  }

  /// The cache key of scalars `first`, `second` in language `languageID` (at most 255).
  @inline(__always) static func key(_ first: UInt32, _ second: UInt32, languageID: Int32) -> UInt64 {
    UInt64(first) << 32 | UInt64(second) << 8 | UInt64(UInt8(truncatingIfNeeded: languageID))
  }

  /// The cache key of scalar `scalar` shaped alone (its width in ems): a pair key whose second
  /// scalar is past the code space.
  @inline(__always) static func aloneKey(_ scalar: UInt32, languageID: Int32) -> UInt64 {
    key(scalar, 0xFF_FFFF, languageID: languageID)
  }

  /// A pair that may be kerned: where its second scalar is, the segment it belongs to (the one
  /// it follows, or the one it is inside), and its kerning once known (NaN before).
  private struct Candidate {
    var key: UInt64
    var delta: Double
    /// Where its first scalar is (before `second`, or before the soft hyphens before it).
    var first: Int32
    var second: Int32
    var segment: Int32
    var inside: Bool
  }

  /// Runs `body` with the kerning of each segment: after it, and inside it where its shaping
  /// kerned a pair that the client shapes in two script runs; nil when there is none. In points
  /// at `fontSize`, rounded to 1/65536 px as HarfBuzz's 16.16 positions (Blink and Skia shape at
  /// that scale; exact in a `Float`, as `PreparedText.Segment` keeps them). Allocates nothing
  /// once the paragraph's pairs are cached (the buffers are temporary allocations).
  ///
  /// A boundary is considered when the segment before it does not end with a hard break or a
  /// control character (a space may kern with what follows it) and neither side is right to
  /// left. A segment that starts with Common scalars (quotes, brackets, digits) shapes them with
  /// the script after them, where the client's run goes on with the script before them: when the
  /// two differ, the pair where the script changes is not kerned, unless the segment's leading
  /// characters are shaped in the script before them already (`leadingScripts`, as
  /// `SegmentDirections` has them).
  static func withKerning<Result>(
    codes: UnsafeBufferPointer<UInt32>, breaks: UnsafeBufferPointer<(end: Int, isHard: Bool)>,
    rightToLeft: [Bool]?, leadingScripts: [UInt8]? = nil, fontSize: Double, languageID: Int32?,
    joinsKana: Bool,
    cache: KerningPairs,
    shaper: () -> SegmentShaper, _ body: (UnsafePointer<SegmentKerning>?) -> Result
  ) -> Result {
    let count = breaks.count
    guard count > 1 else { return body(nil) }
    let kerned = cache.kerned
    let checksSeconds = cache.checksSeconds
    // Collects the candidates into `buffer` while there is room; returns how many there are.
    func collect(into buffer: UnsafeMutableBufferPointer<Candidate>) -> Int {
      var found = 0
      scan(
        codes: codes, breaks: breaks, rightToLeft: rightToLeft, leadingScripts: leadingScripts,
        kerned: kerned,
        checksSeconds: checksSeconds, joinsKana: joinsKana
      ) {
        segment, first, second, inside in
        if found < buffer.count {
          buffer.initializeElement(
            at: found,
            to: Candidate(
              key: key(codes[first], codes[second], languageID: languageID ?? 0), delta: .nan,
              first: Int32(truncatingIfNeeded: first), second: Int32(truncatingIfNeeded: second),
              segment: Int32(truncatingIfNeeded: segment), inside: inside))
        }
        found += 1
      }
      return found
    }
    // (Into temporary memory: the usual few candidates on the stack.)
    return withTemporaryCollection(of: Candidate.self, collect) { candidates in
      guard !candidates.isEmpty else { return body(nil) }
      return resolve(
        candidates, codes: codes, breaks: breaks, fontSize: fontSize, languageID: languageID,
        joinsKana: joinsKana, cache: cache, shaper: shaper, body)
    }
  }

  /// The kerning of each candidate (from the cache, else shaped and cached), then `body` with
  /// each segment's kerning.
  @inline(__always) private static func resolve<Result>(
    _ candidates: UnsafeMutableBufferPointer<Candidate>, codes: UnsafeBufferPointer<UInt32>,
    breaks: UnsafeBufferPointer<(end: Int, isHard: Bool)>, fontSize: Double, languageID: Int32?,
    joinsKana: Bool, cache: KerningPairs, shaper: () -> SegmentShaper,
    _ body: (UnsafePointer<SegmentKerning>?) -> Result
  ) -> Result {
    let count = breaks.count
    if languageID != nil {
      cache.pairs.withLock { pairs in
        for index in candidates.indices {
          if let delta = pairs.value(for: candidates[index].key) { candidates[index].delta = delta }
        }
      }
    }
    var resolver = PairResolver(cache: cache, languageID: languageID)
    var kerned = false
    for index in candidates.indices {
      if candidates[index].delta.isNaN {
        candidates[index].delta = resolver.delta(
          key: candidates[index].key, first: Int(candidates[index].first),
          second: Int(candidates[index].second),
          in: codes, shaper: shaper)
      }
      if candidates[index].delta != 0 { kerned = true }
    }
    guard kerned else { return body(nil) }
    return withUnsafeTemporaryAllocation(of: SegmentKerning.self, capacity: count) { kerning in
      kerning.initialize(repeating: SegmentKerning())
      defer { kerning.deinitialize() }
      for candidate in candidates where candidate.delta != 0 {
        let points = (candidate.delta * fontSize * 65536).rounded() / 65536
        let segment = Int(candidate.segment)
        let second = Int(candidate.second)
        if candidate.inside {
          kerning[segment].inside = -points
          kerning[segment].insideScalar = Int32(truncatingIfNeeded: second - 1 - breaks[segment - 1].end)
        } else if Self.inOneScriptRun(codes, before: second, joinsKana: joinsKana) {
          kerning[segment].after = points
        }
      }
      return body(UnsafePointer(kerning.baseAddress!))
    }
  }

  /// The kerning of pairs the cache's first look-up did not hold: looked up again (another
  /// paragraph may have shaped it since), else shaped and cached. Pairs and widths shaped here go
  /// straight to the cache (nothing to allocate for them), or, for a language past the cache's,
  /// to this paragraph's own table.
  struct PairResolver {
    let cache: KerningPairs
    let languageID: Int32?
    private var uncached: [UInt64: Double] = [:]
    private var pairShaper: SegmentShaper?

    init(cache: KerningPairs, languageID: Int32?) {
      self.cache = cache
      self.languageID = languageID
    }

    private func lookUp(_ key: UInt64) -> Double? {
      languageID == nil ? uncached[key] : cache.pairs.withLock { $0.value(for: key) }
    }

    private mutating func store(_ value: Double, at key: UInt64) {
      guard languageID != nil else {
        uncached[key] = value
        return
      }
      cache.pairs.withLock { $0.store(value, for: key) }
    }

    /// The kerning (ems) of the pair keyed `key`, the scalars of `codes` at `first` and `second`
    /// (`shaper` makes the shaper for a pair not cached, once).
    mutating func delta(
      key: UInt64, first: Int, second: Int, in codes: UnsafeBufferPointer<UInt32>,
      shaper: () -> SegmentShaper
    ) -> Double {
      if let delta = lookUp(key) { return delta }
      if pairShaper == nil { pairShaper = shaper() }
      let pairShaper = pairShaper!
      // A scalar's width alone is shaped once for all the pairs it is in.
      let delta = shapedDelta(codes[first], codes[second], shaper: pairShaper) { scalar in
        let aloneKey = aloneKey(scalar, languageID: languageID ?? 0)
        if let width = lookUp(aloneKey) { return width }
        let width = shapedWidth(scalar, shaper: pairShaper)
        store(width, at: aloneKey)
        return width
      }
      store(delta, at: key)
      return delta
    }
  }

  /// Calls `visit(segment, first, second, inside)` for each pair that may be kerned: across the
  /// opportunity after `segment` (`second` is the next segment's first scalar; `first` the
  /// scalar before it, or before the soft hyphens before it, which shaping passes over as it
  /// hides them), or inside `segment` where its leading Common scalars meet a script other than
  /// the one before them.
  @inline(__always) private static func scan(
    codes: UnsafeBufferPointer<UInt32>, breaks: UnsafeBufferPointer<(end: Int, isHard: Bool)>,
    rightToLeft: [Bool]?, leadingScripts: [UInt8]?, kerned: CoverageSet, checksSeconds: Bool, joinsKana: Bool,
    _ visit: (Int, Int, Int, Bool) -> Void
  ) {
    kerned.withBits { kerned in
      @inline(__always) func mayBeKerned(_ first: UInt32, _ second: UInt32) -> Bool {
        kerned.contains(first) && (!checksSeconds || kerned.contains(second))
      }
      let scalars = codes.baseAddress.unsafelyUnwrapped
      for segment in 0..<(breaks.count &- 1) {
        let end = breaks[segment].end
        let first = scalars[end &- 1]
        let second = scalars[end]
        // Most boundaries: neither a pair the fonts kern nor a segment starting with Common
        // scalars (the tests below in full only for those).
        let acrossMayKern = mayBeKerned(first, second)
        guard acrossMayKern || mayBeCommon(second) else { continue }
        if let rightToLeft, rightToLeft[segment] || rightToLeft[segment &+ 1] { continue }
        guard second > 0x20, !UnicodeProperties.isTrailingWhitespace(second) else { continue }
        // (A space before the opportunity too: fonts such as Lato kern a space with the letter
        // after it, which moves the next word on a line that goes on past the space.)
        if acrossMayKern, !breaks[segment].isHard, first >= 0x20 {
          if first != 0xAD {
            visit(segment, end &- 1, end, false)
          } else {
            // (Soft hyphens end segments: the pair is the scalars around them, as HarfBuzz kerns
            // past the default ignorables it hides. Out of line: rare.)
            let before = scalarBeforeSoftHyphens(codes, before: end)
            if scalars[before] >= 0x20, scalars[before] != 0xAD, mayBeKerned(scalars[before], second) {
              visit(segment, before, end, false)
            }
          }
        }
        guard mayBeCommon(second), runScript(second, joinsKana: joinsKana) == nil else { continue }
        // (A segment whose leading characters are shaped in the script before them has them in a
        // run of their own already: nothing to take back.)
        if let leadingScripts, !leadingScripts.isEmpty, leadingScripts[segment &+ 1] != 0 { continue }
        let next = breaks[segment &+ 1].end
        var index = end &+ 1
        while index < next, index &- end < 16, runScript(scalars[index], joinsKana: joinsKana) == nil {
          index &+= 1
        }
        guard index < next, index &- end < 16, mayBeKerned(scalars[index &- 1], scalars[index]),
          let script = runScript(scalars[index], joinsKana: joinsKana),
          let before = scriptBefore(codes, end, joinsKana: joinsKana),
          before != script
        else { continue }
        visit(segment &+ 1, index &- 1, index, true)
      }
    }
  }

  /// False for scalars that are certainly not Common or Inherited (ASCII letters, CJK
  /// ideographs and kana, Hangul), so most segment starts skip ICU's script lookup.
  @inline(__always) private static func mayBeCommon(_ scalar: UInt32) -> Bool {
    if scalar < 0x80 { return !(0x61...0x7A).contains(scalar | 0x20) }
    return scalar < 0x3000 || (0xFF00...0xFFEF).contains(scalar)
  }

  /// The width (ems) of `first` and `second` shaped together less each shaped alone
  /// (`shapedWidth`); 0 when they are not two clusters of one font.
  static func shapedDelta(_ first: UInt32, _ second: UInt32, shaper: SegmentShaper) -> Double {
    shapedDelta(first, second, shaper: shaper) { shapedWidth($0, shaper: shaper) }
  }

  /// `shapedDelta(_:_:shaper:)` with each scalar's width alone from `alone` (a cache).
  static func shapedDelta(
    _ first: UInt32, _ second: UInt32, shaper: SegmentShaper, alone: (UInt32) -> Double
  ) -> Double {
    let pair = (first, second)
    let simple = withUnsafeBytes(of: pair) { shaper.simpleWidthEm($0.bindMemory(to: UInt32.self)) }
    if let simple {
      // Two clusters of one font on the common path: `shape`'s widths without its machinery.
      let delta = simple - alone(first) - alone(second)
      return abs(delta) < 1e-9 ? 0 : delta
    }
    if shaper.setsInTwoFonts(first, second) { return 0 }
    let both = [first, second].withUnsafeBufferPointer { shaper.shape($0, isRightToLeft: false) }
    guard both.graphemeWidthsEm.count == 2, both.missingGlyphs == 0,
      !both.fontMask.hasSeveral
    else { return 0 }
    let delta = both.graphemeWidthsEm.reduce(0, +) - alone(first) - alone(second)
    return abs(delta) < 1e-9 ? 0 : delta
  }

  /// The width (ems) of `scalar` shaped alone.
  static func shapedWidth(_ scalar: UInt32, shaper: SegmentShaper) -> Double {
    if let simple = withUnsafePointer(
      to: scalar, { shaper.simpleWidthEm(UnsafeBufferPointer(start: $0, count: 1)) })
    {
      return simple
    }
    return [scalar].withUnsafeBufferPointer { shaper.shape($0, isRightToLeft: false) }.graphemeWidthsEm
      .reduce(0, +)
  }

  /// True when the scalars on both sides of `boundary` are in one script run as the client forms
  /// them: Common and Inherited scalars join the run around them, and Katakana runs with Hiragana
  /// when `joinsKana` (Blink's `ScriptRunIterator`; `PlatformTextRules.scriptRunsJoinKana`).
  /// The index of the last scalar before `end` that is not a soft hyphen (looking back at most
  /// 16 scalars), or `end - 1` where there is none.
  @inline(never) static func scalarBeforeSoftHyphens(_ codes: UnsafeBufferPointer<UInt32>, before end: Int)
    -> Int
  {
    var index = end &- 1
    while index > 0, end &- index < 16, codes[index] == 0xAD { index &-= 1 }
    return codes[index] == 0xAD ? end &- 1 : index
  }

  static func inOneScriptRun(_ codes: UnsafeBufferPointer<UInt32>, before boundary: Int, joinsKana: Bool)
    -> Bool
  {
    guard let next = runScript(codes[boundary], joinsKana: joinsKana),
      let before = scriptBefore(codes, boundary, joinsKana: joinsKana)
    else {
      return true
    }
    return before == next
  }

  /// The script of the run that scalar `boundary` would continue: the last scalar before it
  /// with a script of its own (looking back at most 64 scalars, not past a hard break), or nil.
  static func scriptBefore(_ codes: UnsafeBufferPointer<UInt32>, _ boundary: Int, joinsKana: Bool) -> Int32? {
    var index = boundary - 1
    while index >= 0, boundary - index <= 64 {
      if UnicodeProperties.isHardBreak(codes[index]) { return nil }
      if let script = runScript(codes[index], joinsKana: joinsKana) { return script }
      index -= 1
    }
    return nil
  }

  /// The scalar's script for forming runs, nil for Common and Inherited (which join any run);
  /// Katakana's is Hiragana's when `joinsKana`.
  private static func runScript(_ scalar: UInt32, joinsKana: Bool) -> Int32? {
    // ASCII without ICU: letters are Latin (USCRIPT_LATIN), the rest Common.
    if scalar < 0x80 { return (0x61...0x7A).contains(scalar | 0x20) ? 25 : nil }
    let code = ICUProperties.scriptCode(scalar)
    switch code {
    case 0, 1: return nil  // USCRIPT_COMMON, USCRIPT_INHERITED
    case 22 where joinsKana: return 20  // USCRIPT_KATAKANA runs with USCRIPT_HIRAGANA
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
