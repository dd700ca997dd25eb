/// Accumulates prepared segments and grapheme widths (in points) while `prepare` walks the
/// line-break segments in order.
///
/// The output (one `PreparedTextStorage`) is sized up front for the most there can be (one
/// segment per break, one grapheme per scalar) and written in place through `withOutput`, so
/// appending a segment is a few stores; `finish()` records how many graphemes were written.
struct PreparedTextBuilder {
  let fontSize: Double
  let letterSpacing: Double
  let storage: PreparedTextStorage
  private(set) var missingGlyphs = 0
  /// Every font the text's segments are set in.
  private(set) var fontMask = FontMask()
  private var segmentCount = 0
  private var graphemeCount = 0
  private var runningWidth = 0.0
  private var lastContent: Int32 = -1
  private var lastContentEnd = 0.0

  init(segmentCount: Int, scalarCount: Int, fontSize: Double, letterSpacing: Double) {
    self.fontSize = fontSize
    self.letterSpacing = letterSpacing
    storage = PreparedTextStorage.make(segmentCount: segmentCount, graphemeCapacity: scalarCount)
  }

  /// Write access to the output for a run of appends.
  struct Output {
    fileprivate let segments: UnsafeMutableBufferPointer<PreparedText.Segment>
    fileprivate let keys: UnsafeMutableBufferPointer<PreparedText.LineKey>
    fileprivate let graphemeWidths: UnsafeMutableBufferPointer<Double>
    fileprivate let graphemeEnds: UnsafeMutableBufferPointer<Int32>
    fileprivate let fontSize: Double
    fileprivate let letterSpacing: Double
    fileprivate var segmentCount: Int
    fileprivate var graphemeCount: Int
    fileprivate var missingGlyphs: Int
    fileprivate var fontMask: FontMask
    fileprivate var runningWidth: Double
    fileprivate var lastContent: Int32
    fileprivate var lastContentEnd: Double

    /// Appends a shaped segment that starts at scalar `start` of the text; `ends` nil means each
    /// grapheme is one scalar.
    @inline(__always) mutating func append(
      widthsEm: UnsafeBufferPointer<Double>, ends: UnsafeBufferPointer<Int32>?, trailing: Int, missing: Int,
      fontMask segmentFonts: FontMask, scalars: UnsafeBufferPointer<UInt32>, start: Int, hardBreakAfter: Bool
    ) {
      missingGlyphs += missing
      fontMask.formUnion(segmentFonts)
      let graphemeStart = graphemeCount
      let count = widthsEm.count
      let contentCount = count - trailing
      var contentWidth = 0.0
      var totalWidth = 0.0
      let offset = Int32(truncatingIfNeeded: start)
      let widths = graphemeWidths.baseAddress.unsafelyUnwrapped + graphemeStart
      let graphemeEnds = graphemeEnds.baseAddress.unsafelyUnwrapped + graphemeStart
      if letterSpacing == 0, let ends {
        for grapheme in 0..<count {
          let advance = widthsEm[grapheme] * fontSize
          widths[grapheme] = advance
          graphemeEnds[grapheme] = offset &+ ends[grapheme]
          totalWidth += advance
          if grapheme < contentCount { contentWidth = totalWidth }
        }
      } else if letterSpacing == 0 {
        var end = offset
        for grapheme in 0..<count {
          let advance = widthsEm[grapheme] * fontSize
          widths[grapheme] = advance
          end &+= 1
          graphemeEnds[grapheme] = end
          totalWidth += advance
          if grapheme < contentCount { contentWidth = totalWidth }
        }
      } else {
        if let ends {
          for grapheme in 0..<count { graphemeEnds[grapheme] = offset &+ ends[grapheme] }
        } else {
          for grapheme in 0..<count {
            graphemeEnds[grapheme] = offset &+ Int32(truncatingIfNeeded: grapheme &+ 1)
          }
        }
        for grapheme in 0..<count {
          var advance = widthsEm[grapheme] * fontSize
          // Letter spacing follows every cluster but the hard-break characters.
          let first = scalars[grapheme == 0 ? 0 : Int(graphemeEnds[grapheme - 1] &- offset)]
          if !UnicodeProperties.isHardBreak(first) {
            advance = TextStyle.spacedAdvance(advance, letterSpacing: letterSpacing)
          }
          widths[grapheme] = advance
          totalWidth += advance
          if grapheme < contentCount { contentWidth = totalWidth }
        }
      }
      graphemeCount += count
      let contentEnd = runningWidth + contentWidth
      if contentCount > 0 {
        lastContent = Int32(truncatingIfNeeded: segmentCount)
        lastContentEnd = contentEnd
      }
      keys[segmentCount] = PreparedText.LineKey(
        start: runningWidth, contentEnd: contentEnd, lineContentEnd: lastContentEnd, paragraphEnd: 0)
      segments[segmentCount] = PreparedText.Segment(
        contentWidth: contentWidth, totalWidth: totalWidth,
        graphemeStart: Int32(truncatingIfNeeded: graphemeStart),
        graphemeCount: Int32(truncatingIfNeeded: count),
        contentGraphemeCount: Int32(truncatingIfNeeded: contentCount), hardBreakAfter: hardBreakAfter,
        fontMask: segmentFonts, lastContent: lastContent)
      runningWidth += totalWidth
      segmentCount += 1
    }

    /// Appends a cached segment, read in place.
    @inline(__always) mutating func append(
      _ entry: SegmentCache.Entry, of reader: SegmentCache.Reader, scalars: UnsafeBufferPointer<UInt32>,
      start: Int, hardBreakAfter: Bool
    ) {
      append(
        widthsEm: reader.graphemeWidthsEm(of: entry), ends: reader.graphemeEnds(of: entry),
        trailing: Int(entry.trailingWhitespaceGraphemes), missing: Int(entry.missingGlyphs),
        fontMask: entry.fontMask, scalars: scalars, start: start, hardBreakAfter: hardBreakAfter)
    }

    /// Appends a segment shaped just now.
    mutating func append(
      _ segment: ShapedSegment, scalars: UnsafeBufferPointer<UInt32>, start: Int, hardBreakAfter: Bool
    ) {
      segment.graphemeWidthsEm.withUnsafeBufferPointer { widths in
        segment.graphemeEnds.withUnsafeBufferPointer { ends in
          append(
            widthsEm: widths, ends: ends, trailing: segment.trailingWhitespaceGraphemes,
            missing: segment.missingGlyphs, fontMask: segment.fontMask, scalars: scalars, start: start,
            hardBreakAfter: hardBreakAfter)
        }
      }
    }
  }

  /// Runs `body` with write access to the output arrays.
  mutating func withOutput<Result>(_ body: (inout Output) -> Result) -> Result {
    let (result, output) = storage.withContents { contents in
      var output = Output(
        segments: contents.segments, keys: contents.keys, graphemeWidths: contents.graphemeWidths,
        graphemeEnds: contents.graphemeEnds, fontSize: fontSize, letterSpacing: letterSpacing,
        segmentCount: segmentCount, graphemeCount: graphemeCount, missingGlyphs: missingGlyphs,
        fontMask: fontMask, runningWidth: runningWidth, lastContent: lastContent,
        lastContentEnd: lastContentEnd)
      let result = body(&output)
      return (
        result,
        (
          output.segmentCount, output.graphemeCount, output.missingGlyphs, output.fontMask,
          output.runningWidth, output.lastContent, output.lastContentEnd
        )
      )
    }
    (segmentCount, graphemeCount, missingGlyphs, fontMask, runningWidth, lastContent, lastContentEnd) = output
    return result
  }

  /// Records how much was written and links each segment to its paragraph's last segment; the
  /// storage is complete.
  func finish() {
    let widestSegmentContent = storage.withContents { contents in
      let segments = contents.segments
      var paragraphEnd = Int32(truncatingIfNeeded: segments.count - 1)
      var widest = 0.0
      var index = segments.count - 1
      while index >= 0 {
        if segments[index].hardBreakAfter { paragraphEnd = Int32(truncatingIfNeeded: index) }
        contents.keys[index].paragraphEnd = paragraphEnd
        widest = max(widest, segments[index].contentWidth)
        index -= 1
      }
      return widest
    }
    storage.finish(
      graphemeCount: graphemeCount, segmentCount: segmentCount, widestSegmentContent: widestSegmentContent,
      segmentsPerPoint: runningWidth > 0 ? Double(segmentCount) / runningWidth : 0)
  }

  /// Replaces every grapheme's advance by Chromium's (``WebAdvances``, in the segment's only
  /// font, else the primary font) and sums the segments and line keys again. Call it after the
  /// last append and before `finish()`.
  func replaceAdvances(with advances: WebAdvances) {
    storage.withContents { contents in
      let keys = contents.keys
      let segments = contents.segments
      let widths = contents.graphemeWidths
      var running = 0.0
      var lastContentEnd = 0.0
      // Most segments are in the primary font: the face is looked up when the font changes.
      var faceBit = 0
      var face = advances.face(bit: 0)
      for index in 0..<segments.count {
        let segment = segments[index]
        let mask = segment.fontMask.rawValue
        let bit = mask != 0 && mask & (mask &- 1) == 0 ? mask.trailingZeroBitCount : 0
        let first = Int(segment.graphemeStart)
        let contentEnd = first + Int(segment.contentGraphemeCount)
        if bit != faceBit {
          face = advances.face(bit: bit)
          faceBit = bit
        }
        var total = 0.0
        var content = 0.0
        let end = first + Int(segment.graphemeCount)
        // One loop per kind of face, so that the face's constants stay in registers.
        switch face {
        case .scalable(let unitsPerPoint, let xScale):
          for grapheme in first..<end {
            let width = WebAdvances.scalableAdvance(
              widths[grapheme], unitsPerPoint: unitsPerPoint, xScale: xScale)
            widths[grapheme] = width
            total += width
            if grapheme < contentEnd { content = total }
          }
        case .bitmap:
          for grapheme in first..<end {
            let width = advances.advance(widths[grapheme], in: face)
            widths[grapheme] = width
            total += width
            if grapheme < contentEnd { content = total }
          }
        }
        segments[index].totalWidth = total
        segments[index].contentWidth = content
        keys[index].start = running
        keys[index].contentEnd = running + content
        if segment.contentGraphemeCount > 0 { lastContentEnd = running + content }
        keys[index].lineContentEnd = lastContentEnd
        running += total
      }
    }
  }

  /// Rounds every line key up to a multiple of `grid` from its paragraph's start (Blink's
  /// positions: `ceil` of the advance from the item's start to LayoutUnits), so that a line's
  /// width, a difference of keys, is the difference of snapped positions.
  func snapKeys(toGrid grid: Double) {
    storage.withContents { contents in
      let keys = contents.keys
      let segments = contents.segments
      func snapped(_ value: Double) -> Double { value.roundedUp(toMultipleOf: grid) }
      var first = 0
      while first < segments.count {
        let last = Int(keys[first].paragraphEnd)
        let base = keys[first].start
        let snappedBase = snapped(base)
        for index in first...last {
          keys[index].start = snappedBase + snapped(keys[index].start - base)
          keys[index].contentEnd = snappedBase + snapped(keys[index].contentEnd - base)
        }
        first = last + 1
      }
      for index in 0..<segments.count {
        let content = Int(segments[index].lastContent)
        keys[index].lineContentEnd = content >= 0 ? keys[content].contentEnd : 0
      }
    }
  }
}
