extension SegmentShaper {
  /// A segment of a batch: its scalars' offsets in the paragraph and its segment-cache hash.
  struct BatchSegment {
    var start: Int32
    var end: Int32
    var hash: UInt64
  }

  /// The most scalars `shapeSimple(batch:of:_:)` takes.
  static let batchScalarLimit = 1_024

  /// Scripts whose shaping does not look at the text around a run (HarfBuzz's default shaper:
  /// no joining, no reordering), so that segments in them may be shaped side by side: Latin,
  /// Greek, Cyrillic, Han, Hiragana, Katakana and Common, by ICU script code.
  static let contextFreeScripts: [Bool] = (0..<256).map { code in
    guard let tag = ICUProperties.scriptTag(ofCode: Int32(code)) else { return false }
    return ["Latn", "Grek", "Cyrl", "Hani", "Hira", "Kana", "Zyyy"].contains(tag)
  }

  /// Shapes several left-to-right segments of the common path (see `shapeSimple`), each in one
  /// context-free script, with one HarfBuzz call per script for all of them side by side
  /// instead of one call each: HarfBuzz's fixed cost per call is about that of shaping six CJK
  /// characters, and most cache misses are segments of one or two characters.
  ///
  /// A segment is kept only where HarfBuzz lets the joined text be cut at both its ends, so
  /// its widths are exactly those of shaping it alone. `body` gets each kept segment's index in
  /// `segments`, its grapheme widths (ems), grapheme ends and trailing whitespace graphemes, in
  /// scratch space; the other segments are left to `shapeSimple` or `shape`. The segments hold
  /// at most `batchScalarLimit` scalars together.
  func shapeSimple(
    batch segments: UnsafeBufferPointer<BatchSegment>, of paragraph: UnsafePointer<UInt32>,
    _ body: (Int, UnsafeBufferPointer<Double>, UnsafeBufferPointer<Int32>, Int) -> Void
  ) {
    var total = 0
    var longest = 0
    for segment in segments {
      let count = Int(segment.end &- segment.start)
      total &+= count
      longest = max(longest, count)
    }
    precondition(total <= Self.batchScalarLimit, "a batch holds at most batchScalarLimit scalars")
    let segmentCount = segments.count
    guard segmentCount > 1 else { return }
    let primary = chain.fonts[0]
    let language = self.language
    // Per scalar: widths (8 bytes), scalars for HarfBuzz, joined scalars, grapheme ends (4
    // each), scripts (1); per segment: offset, break (4 each), script, safe break (1 each).
    let byteCount = total * 21 + segmentCount * 10
    withUnsafeTemporaryAllocation(byteCount: byteCount, alignment: 8) { raw in
      let base = raw.baseAddress.unsafelyUnwrapped
      let widths = base.bindMemory(to: Double.self, capacity: total)
      let shaping = (base + 8 * total).bindMemory(to: UInt32.self, capacity: total)
      let joined = (base + 12 * total).bindMemory(to: UInt32.self, capacity: total)
      let ends = (base + 16 * total).bindMemory(to: Int32.self, capacity: total)
      let offsets = (base + 20 * total).bindMemory(to: Int32.self, capacity: segmentCount)
      let breaks = (base + 20 * total + 4 * segmentCount).bindMemory(to: Int32.self, capacity: segmentCount)
      let scripts = (base + 20 * total + 8 * segmentCount).bindMemory(to: UInt8.self, capacity: total)
      let segmentScripts = (base + 21 * total + 8 * segmentCount).bindMemory(
        to: UInt8.self, capacity: segmentCount)
      let safeBreaks = (base + 21 * total + 9 * segmentCount).bindMemory(
        to: Bool.self, capacity: segmentCount)
      for index in 0..<longest { ends[index] = Int32(truncatingIfNeeded: index &+ 1) }

      // Each segment's scalars for HarfBuzz and its script (`unbatched` when it needs more than
      // one HarfBuzz run, a script that looks at its context, or `shape`).
      let unbatched: UInt8 = 0xFF
      var offset = 0
      for (index, segment) in segments.enumerated() {
        let count = Int(segment.end &- segment.start)
        offsets[index] = Int32(truncatingIfNeeded: offset)
        segmentScripts[index] = unbatched
        let slice = UnsafeBufferPointer(start: paragraph + Int(segment.start), count: count)
        if count > 0,
          Self.resolveSimple(slice, primary: primary, shaping: shaping + offset, scripts: scripts + offset)
        {
          let script = scripts[offset]
          if Self.contextFreeScripts[Int(script)], (1..<count).allSatisfy({ scripts[offset &+ $0] == script })
          {
            segmentScripts[index] = script
          }
        }
        offset &+= count
      }

      // One HarfBuzz call per script over its segments joined.
      var first = 0
      while first < segmentCount {
        let script = segmentScripts[first]
        guard script != unbatched else {
          first &+= 1
          continue
        }
        var members = 0
        var joinedCount = 0
        for index in first..<segmentCount where segmentScripts[index] == script {
          let count = Int(segments[index].end &- segments[index].start)
          if members > 0 { breaks[members &- 1] = Int32(truncatingIfNeeded: joinedCount) }
          (joined + joinedCount).update(from: shaping + Int(offsets[index]), count: count)
          joinedCount &+= count
          members &+= 1
        }
        if members > 1 {
          widths.update(repeating: 0, count: joinedCount)
          primary.addAdvances(
            UnsafeBufferPointer(start: joined, count: joinedCount), range: 0..<joinedCount,
            scriptCode: script,
            isRightToLeft: false, language: language, to: widths,
            breaks: UnsafeBufferPointer(start: breaks, count: members &- 1), safeBreaks: safeBreaks)
          var member = 0
          var start = 0
          for index in first..<segmentCount where segmentScripts[index] == script {
            let segment = segments[index]
            let count = Int(segment.end &- segment.start)
            let safeStart = member == 0 || safeBreaks[member &- 1]
            let safeEnd = member == members &- 1 || safeBreaks[member]
            if safeStart, safeEnd {
              Self.clampNegativeWidths(widths + start, count: count)
              body(
                index, UnsafeBufferPointer(start: widths + start, count: count),
                UnsafeBufferPointer(start: ends, count: count),
                Self.trailingWhitespace(
                  UnsafeBufferPointer(start: paragraph + Int(segment.start), count: count)))
            }
            start &+= count
            member &+= 1
          }
        }
        for index in first..<segmentCount where segmentScripts[index] == script {
          segmentScripts[index] = unbatched
        }
        first &+= 1
      }
    }
  }
}
