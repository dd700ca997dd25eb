import SelfSizingCore

extension KerningPairs {
  /// Writes into `room` (one element per grapheme of `view`) the kerning a word cut after each
  /// grapheme loses at the end of its piece: Blink reshapes a line that ends inside a word
  /// (`ShapingLineBreaker`), so the grapheme before the cut takes its advance alone, without the
  /// pair's kerning to the next. An element is what the piece gains (points: the pair's
  /// kerning, negated), 0 where nothing is lost.
  ///
  /// Only segments whose content is at least `minimumWidth` points wide are looked at (a
  /// narrower one is cut only on narrower lines), left to right; pairs of one grapheme each (a
  /// cluster of several scalars keeps whatever it kerns), neither side white space. A segment's
  /// cuts are cached by its scalars (`segmentCuts`); a segment not cached has its pairs resolved
  /// as `withKerning` resolves them (cached per scalar pair and language, shaped at a miss).
  ///
  /// - Returns: true when some cut loses a kerning (every element of `room` is then written),
  ///   false when none does (`room` is left as it was).
  static func writeCutKerning(
    into room: UnsafeMutableBufferPointer<Float>, codes: UnsafeBufferPointer<UInt32>,
    view: PreparedTextStorage.View, rightToLeft: [Bool]?, minimumWidth: Double, fontSize: Double,
    languageID: Int32?, cache: KerningPairs, shaper: () -> SegmentShaper
  ) -> Bool {
    // The wide segments in order (into temporary memory: the usual few on the stack).
    @inline(__always) func collect(into buffer: UnsafeMutableBufferPointer<WideSegment>) -> Int {
      var found = 0
      for index in view.segments.indices {
        let segment = view.segments[index]
        guard segment.contentWidth >= minimumWidth, segment.contentGraphemeCount >= 2,
          !(rightToLeft?[index] ?? false)
        else { continue }
        if found < buffer.count {
          buffer.initializeElement(
            at: found,
            to: WideSegment(
              index: Int32(truncatingIfNeeded: index),
              hash: SegmentCache.hash(
                view.scalars(ofSegment: index, in: codes), isRightToLeft: false, languageID: languageID ?? 0),
              isCached: false))
        }
        found += 1
      }
      return found
    }
    return withTemporaryCollection(of: WideSegment.self, collect) { wide in
      guard !wide.isEmpty else { return false }
      var writer = CutWriter(room: room, fontSize: fontSize)
      if let languageID {
        cache.segmentCuts.withLock { table in
          for index in wide.indices {
            let segment = Int(wide[index].index)
            guard
              let cuts = table.cutIndices(
                forHash: wide[index].hash, scalars: view.scalars(ofSegment: segment, in: codes),
                languageID: languageID)
            else { continue }
            wide[index].isCached = true
            let first = Int(view.segments[segment].graphemeStart)
            for cut in cuts { writer.write(table[cut: cut], segmentStart: first) }
          }
        }
      }
      if wide.contains(where: { !$0.isCached }) {
        resolveUncached(
          wide, codes: codes, view: view, languageID: languageID, cache: cache, shaper: shaper,
          writer: &writer)
      }
      return writer.hasWritten
    }
  }

  /// A segment `writeCutKerning` looks at: its index, its hash, whether its cuts came from the
  /// table, and (once resolved, when they did not) where its cuts end among the text's.
  private struct WideSegment {
    var index: Int32
    var keptEnd: Int32 = 0
    var hash: UInt64
    var isCached: Bool
  }

  /// Writes cuts into the room, which it fills with zeros before the first.
  private struct CutWriter {
    let room: UnsafeMutableBufferPointer<Float>
    let fontSize: Double
    private(set) var hasWritten = false

    init(room: UnsafeMutableBufferPointer<Float>, fontSize: Double) {
      self.room = room
      self.fontSize = fontSize
    }

    /// Writes a cut of the segment whose first grapheme is `segmentStart`.
    @inline(__always) mutating func write(_ cut: SegmentCutTable.Cut, segmentStart: Int) {
      if !hasWritten {
        room.initialize(repeating: 0)
        hasWritten = true
      }
      // (Rounded to 1/65536 px as HarfBuzz's 16.16 positions, as `withKerning` has them.)
      room[segmentStart + Int(cut.grapheme)] = Float(-(cut.deltaEm * fontSize * 65536).rounded() / 65536)
    }
  }

  /// A cut that may lose a kerning: its pair's cache key, its kerning once known (NaN before)
  /// and the grapheme before it.
  private struct Cut {
    var key: UInt64
    var delta: Double
    var grapheme: Int32
  }

  /// Resolves the cuts of the wide segments the table did not hold (their pairs from the pair
  /// cache, else shaped and cached), writes those that lose a kerning and stores each segment's
  /// in the table.
  private static func resolveUncached(
    _ wide: UnsafeMutableBufferPointer<WideSegment>, codes: UnsafeBufferPointer<UInt32>,
    view: PreparedTextStorage.View, languageID: Int32?, cache: KerningPairs, shaper: () -> SegmentShaper,
    writer: inout CutWriter
  ) {
    let kerned = cache.kerned
    let checksSeconds = cache.checksSeconds
    // Calls `visit(grapheme)` for each cut after `grapheme` that may lose a kerning.
    func scan(_ visit: (Int) -> Void) {
      kerned.withBits { kerned in
        for segment in wide where !segment.isCached {
          let segment = view.segments[Int(segment.index)]
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
            visit(grapheme)
          }
        }
      }
    }
    // Collects the cuts into `buffer` while there is room; returns how many there are.
    func collect(into buffer: UnsafeMutableBufferPointer<Cut>) -> Int {
      var found = 0
      scan { grapheme in
        if found < buffer.count {
          let end = Int(view.graphemeEnds[grapheme])
          buffer.initializeElement(
            at: found,
            to: Cut(
              key: key(codes[end - 1], codes[end], languageID: languageID ?? 0), delta: .nan,
              grapheme: Int32(truncatingIfNeeded: grapheme)))
        }
        found += 1
      }
      return found
    }
    // (As `withKerning`, into temporary memory. With no cut to look up, each segment is still
    // stored: as having none.)
    withTemporaryCollection(of: Cut.self, collect) { cuts in
      resolve(cuts, codes: codes, view: view, languageID: languageID, cache: cache, shaper: shaper)
      store(cuts, of: wide, view: view, codes: codes, languageID: languageID, cache: cache, writer: &writer)
    }
  }

  /// The kerning (ems) of each cut: from the pair cache, else shaped and cached.
  private static func resolve(
    _ cuts: UnsafeMutableBufferPointer<Cut>, codes: UnsafeBufferPointer<UInt32>,
    view: PreparedTextStorage.View,
    languageID: Int32?, cache: KerningPairs, shaper: () -> SegmentShaper
  ) {
    if languageID != nil {
      cache.pairs.withLock { pairs in
        for index in cuts.indices {
          if let delta = pairs.value(for: cuts[index].key) { cuts[index].delta = delta }
        }
      }
    }
    var resolver = PairResolver(cache: cache, languageID: languageID)
    for index in cuts.indices where cuts[index].delta.isNaN {
      let second = Int(view.graphemeEnds[Int(cuts[index].grapheme)])
      cuts[index].delta = resolver.delta(
        key: cuts[index].key, first: second - 1, second: second, in: codes, shaper: shaper)
    }
  }

  /// Writes the resolved cuts that lose a kerning, and stores each uncached segment's (those
  /// cuts, by grapheme within it) in the table, under one hold of its lock.
  private static func store(
    _ cuts: UnsafeMutableBufferPointer<Cut>, of wide: UnsafeMutableBufferPointer<WideSegment>,
    view: PreparedTextStorage.View, codes: UnsafeBufferPointer<UInt32>, languageID: Int32?,
    cache: KerningPairs,
    writer: inout CutWriter
  ) {
    withUnsafeTemporaryAllocation(of: SegmentCutTable.Cut.self, capacity: cuts.count) { kept in
      // Each uncached segment's cuts that lose a kerning, and where they end in `kept`.
      var next = 0
      var keptCount = 0
      for index in wide.indices where !wide[index].isCached {
        let first = Int(view.segments[Int(wide[index].index)].graphemeStart)
        let end = first + Int(view.segments[Int(wide[index].index)].graphemeCount)
        while next < cuts.count, Int(cuts[next].grapheme) < end {
          if cuts[next].delta != 0 {
            let cut = SegmentCutTable.Cut(
              grapheme: cuts[next].grapheme - Int32(first), deltaEm: cuts[next].delta)
            kept.initializeElement(at: keptCount, to: cut)
            keptCount += 1
            writer.write(cut, segmentStart: first)
          }
          next += 1
        }
        wide[index].keptEnd = Int32(truncatingIfNeeded: keptCount)
      }
      guard let languageID else { return }
      cache.segmentCuts.withLock { table in
        var start = 0
        for segment in wide where !segment.isCached {
          let end = Int(segment.keptEnd)
          table.store(
            UnsafeBufferPointer(rebasing: kept[start..<end]), forHash: segment.hash,
            scalars: view.scalars(ofSegment: Int(segment.index), in: codes), languageID: languageID)
          start = end
        }
      }
    }
  }
}

extension PreparedTextStorage.View {
  /// The scalars of segment `index` (trailing whitespace included) in the text's `codes`.
  @inline(__always) func scalars(ofSegment index: Int, in codes: UnsafeBufferPointer<UInt32>)
    -> UnsafeBufferPointer<UInt32>
  {
    let segment = segments[index]
    let first = Int(segment.graphemeStart)
    let start = first == 0 ? 0 : Int(graphemeEnds[first - 1])
    let end = Int(graphemeEnds[first + Int(segment.graphemeCount) - 1])
    return UnsafeBufferPointer(rebasing: codes[start..<end])
  }
}
