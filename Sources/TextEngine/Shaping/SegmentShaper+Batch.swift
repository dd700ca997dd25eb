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
  /// characters, and most cache misses are segments of one or two characters. Segments that
  /// are one grapheme cluster of Common scalars (an emoji, a symbol; see `singleClusterFont`)
  /// are shaped side by side in the same way, one call per font of the chain.
  ///
  /// A segment is kept only where HarfBuzz lets the joined text be cut at both its ends, so
  /// its widths are exactly those of shaping it alone. `body` gets each kept segment's index in
  /// `segments`, its grapheme widths (ems), grapheme ends, trailing whitespace graphemes and
  /// font, in scratch space; the other segments are left to `shapeSimple` or `shape`. The segments hold
  /// at most `batchScalarLimit` scalars together.
  func shapeSimple(
    batch segments: UnsafeBufferPointer<BatchSegment>, of paragraph: UnsafePointer<UInt32>,
    _ body: (Int, UnsafeBufferPointer<Double>, UnsafeBufferPointer<Int32>, Int, FontMask) -> Void
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
    let hangsOtherSpaces = hangsOtherSpaceSeparators
    let mayHoldSoftHyphens = self.mayHoldSoftHyphens
    // Per scalar: widths (8 bytes), scalars for HarfBuzz, joined scalars, grapheme ends (4
    // each), scripts (1); per segment: offset, break (4 each), script, safe break, font, one
    // cluster (1 each).
    let byteCount = total * 21 + segmentCount * 12
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
      let segmentFonts = (base + 21 * total + 10 * segmentCount).bindMemory(
        to: UInt8.self, capacity: segmentCount)
      let isOneCluster = (base + 21 * total + 11 * segmentCount).bindMemory(
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
        segmentFonts[index] = 0
        isOneCluster[index] = false
        let slice = UnsafeBufferPointer(start: paragraph + Int(segment.start), count: count)
        if count > 0,
          Self.resolveSimple(slice, primary: primary, shaping: shaping + offset, scripts: scripts + offset)
        {
          let script = scripts[offset]
          if Self.contextFreeScripts[Int(script)], (1..<count).allSatisfy({ scripts[offset &+ $0] == script })
          {
            segmentScripts[index] = script
          }
        } else if let font = singleClusterFont(slice, shaping: shaping + offset) {
          segmentScripts[index] = ShapingPropertyTable.common
          segmentFonts[index] = font
          isOneCluster[index] = true
        }
        offset &+= count
      }

      // One HarfBuzz call per script and font over its segments joined.
      var first = 0
      while first < segmentCount {
        let script = segmentScripts[first]
        let font = segmentFonts[first]
        guard script != unbatched else {
          first &+= 1
          continue
        }
        // The segments shaped in this call: those of this script and font not yet shaped.
        func isMember(_ index: Int) -> Bool { segmentScripts[index] == script && segmentFonts[index] == font }
        var members = 0
        var joinedCount = 0
        var hasOneCluster = false
        for index in first..<segmentCount where isMember(index) {
          let count = Int(segments[index].end &- segments[index].start)
          if isOneCluster[index] { hasOneCluster = true }
          if members > 0 { breaks[members &- 1] = Int32(truncatingIfNeeded: joinedCount) }
          (joined + joinedCount).update(from: shaping + Int(offsets[index]), count: count)
          joinedCount &+= count
          members &+= 1
        }
        if members > 1 {
          widths.update(repeating: 0, count: joinedCount)
          chain.fonts[Int(font)].addAdvances(
            UnsafeBufferPointer(start: joined, count: joinedCount), range: 0..<joinedCount,
            scriptCode: script,
            isRightToLeft: false, language: language, to: widths,
            breaks: UnsafeBufferPointer(start: breaks, count: members &- 1), safeBreaks: safeBreaks,
            splitsLigatures: splitsLigatures && !hasOneCluster,
            disabled: disabledFeatures(ofFontAt: Int(font)), mayHoldSoftHyphens: mayHoldSoftHyphens)
          var member = 0
          var start = 0
          for index in first..<segmentCount where isMember(index) {
            let segment = segments[index]
            let count = Int(segment.end &- segment.start)
            let safeStart = member == 0 || safeBreaks[member &- 1]
            let safeEnd = member == members &- 1 || safeBreaks[member]
            let scalars = UnsafeBufferPointer(start: paragraph + Int(segment.start), count: count)
            if safeStart, safeEnd, !isOneCluster[index] {
              Self.clampNegativeWidths(widths + start, count: count)
              body(
                index, UnsafeBufferPointer(start: widths + start, count: count),
                UnsafeBufferPointer(start: ends, count: count),
                Self.trailingWhitespace(scalars, hangsOtherSpaces: hangsOtherSpaces),
                FontMask(fontAt: Int(font)))
            } else if safeStart, safeEnd, (1..<count).allSatisfy({ widths[start &+ $0] == 0 }) {
              // One cluster: HarfBuzz put all its glyphs' advances on its first scalar (taken
              // only then, so that the sum is in glyph order, as `shape` adds it).
              Self.clampNegativeWidths(widths + start, count: 1)
              let isWhitespace =
                Self.trailingWhitespace(scalars, hangsOtherSpaces: hangsOtherSpaces) == count
              body(
                index, UnsafeBufferPointer(start: widths + start, count: 1),
                UnsafeBufferPointer(start: ends + (count &- 1), count: 1), isWhitespace ? 1 : 0,
                FontMask(fontAt: Int(font)))
            }
            start &+= count
            member &+= 1
          }
        }
        for index in first..<segmentCount where isMember(index) { segmentScripts[index] = unbatched }
        first &+= 1
      }
    }
  }

  /// For a segment that is one grapheme cluster of Common and Inherited scalars, at least one
  /// from U+2000 on (an emoji, a symbol), that a font of the chain covers: that font's index in
  /// the chain (the font `shape` picks), with the scalars HarfBuzz gets written to `shaping`.
  /// Nil for any other segment. `shape` would shape such a segment as one run of that font in
  /// the Common script, as the batch does.
  func singleClusterFont(_ scalars: UnsafeBufferPointer<UInt32>, shaping: UnsafeMutablePointer<UInt32>)
    -> UInt8?
  {
    let count = scalars.count
    guard count > 0, count <= Self.maximumClusterScalars else { return nil }
    var reachesU2000 = false
    for index in 0..<count {
      let scalar = scalars[index]
      // Tabs, hard breaks and controls are shaped as other scalars (see `runs`).
      guard scalar != 0x09, !UnicodeProperties.isHardBreak(scalar),
        !UnicodeProperties.isZeroWidthControl(scalar)
      else { return nil }
      // Common (0) or Inherited (1), which `scriptTag` names "Zyyy" and "Zinh".
      let script = ICUProperties.scriptCode(scalar)
      guard script == 0 || script == 1 else { return nil }
      if scalar >= 0x2000 { reachesU2000 = true }
      shaping[index] = scalar
    }
    guard reachesU2000, let font = chain.fontIndex(coveringCluster: scalars, rule: fontRule),
      font <= Int(UInt8.max),
      isOneGraphemeCluster(scalars)
    else { return nil }
    return UInt8(font)
  }

  /// Whether `graphemeBoundaries(scalars)` is one cluster, found without building the list.
  func isOneGraphemeCluster(_ scalars: UnsafeBufferPointer<UInt32>) -> Bool {
    // One scalar is one cluster (UAX #29 breaks only between scalars), without asking ICU.
    if scalars.count == 1 { return true }
    let isOne: Bool? = DecodedText.withUTF16(of: scalars) { utf16, scalarOfUnit in
      graphemeBreakers.withIterator(over: utf16) { iterator in
        while let boundary = iterator.next() {
          if boundary > 0 { return Int(scalarOfUnit[boundary]) == scalars.count }
        }
        return false
      }
    }
    // Without ICU, `graphemeBoundaries` makes each scalar a cluster, and there are several here.
    return isOne ?? false
  }
}
