import SelfSizingCore

extension KerningPairs {
  /// The kerning a word cut between two graphemes loses at the end of its piece: Blink reshapes
  /// a line that ends inside a word (`ShapingLineBreaker`), so the grapheme before the cut takes
  /// its advance alone, without the pair's kerning to the next. `points` is what the piece
  /// gains (the pair's kerning, negated), for the cut before scalar `scalar`.
  struct CutKerning: Sendable, Hashable {
    var scalar: Int32
    var points: Float
  }

  /// The kerning lost at every cut between graphemes inside the content of each segment of
  /// `view` at least `minimumWidth` points wide (a narrower segment is cut only on narrower
  /// lines), ascending by scalar; pairs as `withKerning` resolves them (cached per scalar pair
  /// and language, shaped at a miss). Pairs of one grapheme each (a cluster of several scalars
  /// keeps whatever it kerns), left to right, neither side white space.
  static func cutKerning(
    codes: UnsafeBufferPointer<UInt32>, view: PreparedTextStorage.View, rightToLeft: [Bool]?,
    minimumWidth: Double, fontSize: Double, languageID: Int32?, cache: KerningPairs,
    shaper: () -> SegmentShaper
  ) -> [CutKerning] {
    let kerned = cache.kerned
    let checksSeconds = cache.checksSeconds
    // Calls `visit(scalar)` for each cut that may lose a kerning: the scalar after it.
    func scan(_ visit: (Int) -> Void) {
      kerned.withBits { kerned in
        for (index, segment) in view.segments.enumerated()
        where segment.contentGraphemeCount >= 2 && segment.contentWidth >= minimumWidth {
          if let rightToLeft, rightToLeft[index] { continue }
          let first = Int(segment.graphemeStart)
          var start = first == 0 ? 0 : Int(view.graphemeEnds[first - 1])
          for grapheme in first..<(first + Int(segment.contentGraphemeCount) - 1) {
            let end = Int(view.graphemeEnds[grapheme])
            defer { start = end }
            // Single-scalar graphemes on both sides.
            guard end - start == 1, Int(view.graphemeEnds[grapheme + 1]) - end == 1 else { continue }
            let before = codes[end - 1]
            let after = codes[end]
            guard kerned.contains(before), !checksSeconds || kerned.contains(after), before > 0x20,
              after > 0x20, !UnicodeProperties.isTrailingWhitespace(before),
              !UnicodeProperties.isTrailingWhitespace(after)
            else { continue }
            visit(end)
          }
        }
      }
    }
    // Collects the cuts into `buffer` while there is room; returns how many there are.
    func collect(into buffer: UnsafeMutableBufferPointer<Cut>) -> Int {
      var found = 0
      scan { scalar in
        if found < buffer.count {
          buffer.initializeElement(
            at: found,
            to: Cut(
              key: key(codes[scalar - 1], codes[scalar], languageID: languageID ?? 0), delta: .nan,
              scalar: Int32(truncatingIfNeeded: scalar)))
        }
        found += 1
      }
      return found
    }
    // As `withKerning`: one scan into a buffer on the stack, a second into one of the right size
    // when there are more.
    return withUnsafeTemporaryAllocation(of: Cut.self, capacity: stackCuts) { small in
      let total = collect(into: small)
      guard total > 0 else { return [] }
      guard total > small.count else {
        let cuts = UnsafeMutableBufferPointer(rebasing: small[..<total])
        defer { _ = cuts.deinitialize() }
        return resolve(
          cuts, codes: codes, fontSize: fontSize, languageID: languageID, cache: cache, shaper: shaper)
      }
      _ = small.deinitialize()
      return withUnsafeTemporaryAllocation(of: Cut.self, capacity: total) { large in
        _ = collect(into: large)
        defer { _ = large.deinitialize() }
        return resolve(
          large, codes: codes, fontSize: fontSize, languageID: languageID, cache: cache, shaper: shaper)
      }
    }
  }

  /// A cut that may lose a kerning: its pair's cache key, its kerning once known (NaN before)
  /// and the scalar after it.
  private struct Cut {
    var key: UInt64
    var delta: Double
    var scalar: Int32
  }

  /// How many cuts fit in 1,024 bytes.
  private static let stackCuts = 1_024 / MemoryLayout<Cut>.stride

  /// The kerning of each cut (from the cache, else shaped and cached), as `CutKerning`s of the
  /// cuts that lose one.
  private static func resolve(
    _ cuts: UnsafeMutableBufferPointer<Cut>, codes: UnsafeBufferPointer<UInt32>, fontSize: Double,
    languageID: Int32?, cache: KerningPairs, shaper: () -> SegmentShaper
  ) -> [CutKerning] {
    if languageID != nil {
      cache.pairs.withLock { pairs in
        for index in cuts.indices {
          if let delta = pairs.value(for: cuts[index].key) { cuts[index].delta = delta }
        }
      }
    }
    var resolver = PairResolver(cache: cache, languageID: languageID)
    var kept = 0
    for index in cuts.indices {
      if cuts[index].delta.isNaN {
        cuts[index].delta = resolver.delta(
          key: cuts[index].key, before: Int(cuts[index].scalar), in: codes, shaper: shaper)
      }
      if cuts[index].delta != 0 { kept += 1 }
    }
    guard kept > 0 else { return [] }
    var kerning: [CutKerning] = []
    kerning.reserveCapacity(kept)
    for cut in cuts where cut.delta != 0 {
      // (Rounded to 1/65536 px as HarfBuzz's 16.16 positions, as `withKerning` has them.)
      kerning.append(
        CutKerning(scalar: cut.scalar, points: Float(-(cut.delta * fontSize * 65536).rounded() / 65536)))
    }
    return kerning
  }
}
