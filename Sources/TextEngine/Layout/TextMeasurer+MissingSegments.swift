extension TextMeasurer {
  /// The most segments one look-ahead for missing segments reads.
  static let missingSegmentLookAhead = 4_096

  /// After a cache miss at segment `first` (which starts at scalar `firstStart`): finds the
  /// left-to-right segments from there on that neither cache generation has (each once, up to
  /// `SegmentShaper.batchScalarLimit` scalars and `missingSegmentLookAhead` segments), shapes
  /// them side by side (`SegmentShaper.shapeSimple(batch:of:_:)`) and caches the ones it keeps.
  ///
  /// The look-ahead also writes, for each segment it reads, the index of its entry in the young
  /// generation (or -1) to `youngIndices`, so that they are not looked up again while that
  /// generation lasts.
  ///
  /// - Returns: the segment the look-ahead stopped before (misses before it are not looked for
  ///   again), the young generation the indices belong to, and how many segments were cached.
  func cacheMissingSegments(
    from first: Int, firstStart: Int, codes: UnsafePointer<UInt32>,
    breaks: UnsafeBufferPointer<(end: Int, isHard: Bool)>, rightToLeft: [Bool]?, languageID: Int32,
    shaper: borrowing SegmentShaper, cache: SegmentCache, youngIndices: UnsafeMutablePointer<Int32>
  ) -> (scannedUpTo: Int, generation: UInt64, cached: Int) {
    let capacity = min(SegmentShaper.batchScalarLimit, Self.missingSegmentLookAhead)
    return withUnsafeTemporaryAllocation(of: SegmentShaper.BatchSegment.self, capacity: capacity) { missing in
      var found = 0
      var index = first
      var generation: UInt64 = 0
      let scannedUpTo = cache.withReaders { young, old in
        generation = young.generation
        var start = firstStart
        var scalars = 0
        let limit = min(breaks.count, first &+ Self.missingSegmentLookAhead)
        while index < limit, found < capacity {
          let end = breaks[index].end
          youngIndices[index] = -1
          if !(rightToLeft?[index] ?? false) {
            let slice = UnsafeBufferPointer(start: codes + start, count: end &- start)
            let hash = SegmentCache.hash(slice, isRightToLeft: false, languageID: languageID)
            if let hit = young.index(of: hash, slice, languageID: languageID) {
              youngIndices[index] = Int32(truncatingIfNeeded: hit)
            } else if old.index(of: hash, slice, languageID: languageID) == nil,
              !(0..<found).contains(where: { missing[$0].hash == hash })
            {
              guard scalars &+ slice.count <= SegmentShaper.batchScalarLimit else { break }
              scalars &+= slice.count
              missing[found] = SegmentShaper.BatchSegment(
                start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: end), hash: hash)
              found &+= 1
            }
          }
          start = end
          index &+= 1
        }
        return index
      }
      var cached = 0
      shaper.shapeSimple(batch: UnsafeBufferPointer(rebasing: missing[0..<found]), of: codes) {
        segment, widths, ends, trailing, fontMask in
        let range = missing[segment]
        let inserted = cache.insert(
          hash: range.hash,
          scalars: UnsafeBufferPointer(start: codes + Int(range.start), count: Int(range.end &- range.start)),
          widthsEm: widths, ends: ends, trailing: trailing, missing: 0, fontMask: fontMask,
          languageID: languageID)
        if inserted { cached &+= 1 }
      }
      return (scannedUpTo, generation, cached)
    }
  }
}
