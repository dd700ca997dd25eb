/// Accumulates prepared segments and grapheme widths (in points) while `prepare` walks the
/// line-break segments in order.
struct PreparedTextBuilder {
  let fontSize: Double
  let letterSpacing: Double
  var segments: [PreparedText.Segment] = []
  /// Sized for one grapheme per scalar up front (the most there can be) and written in place;
  /// `finish()` trims them to `graphemeCount`.
  var graphemeWidths: [Double]
  var graphemeEnds: [Int32]
  var graphemeCount = 0
  var missingGlyphs = 0

  init(segmentCount: Int, scalarCount: Int, fontSize: Double, letterSpacing: Double) {
    self.fontSize = fontSize
    self.letterSpacing = letterSpacing
    segments.reserveCapacity(segmentCount)
    graphemeWidths = [Double](repeating: 0, count: scalarCount)
    graphemeEnds = [Int32](repeating: 0, count: scalarCount)
  }

  /// Drops the unused tail of the grapheme arrays.
  mutating func finish() {
    graphemeWidths.removeLast(graphemeWidths.count - graphemeCount)
    graphemeEnds.removeLast(graphemeEnds.count - graphemeCount)
  }

  mutating func append(
    _ view: SegmentCache.View, scalars: UnsafeBufferPointer<UInt32>, start: Int,
    hardBreakAfter: Bool
  ) {
    append(
      widthsEm: view.graphemeWidthsEm, ends: view.graphemeEnds, trailing: view.trailingWhitespaceGraphemes,
      missing: view.missingGlyphs, scalars: scalars, start: start, hardBreakAfter: hardBreakAfter)
  }

  mutating func append(
    _ segment: ShapedSegment, scalars: UnsafeBufferPointer<UInt32>, start: Int, hardBreakAfter: Bool
  ) {
    segment.graphemeWidthsEm.withUnsafeBufferPointer { widths in
      segment.graphemeEnds.withUnsafeBufferPointer { ends in
        append(
          widthsEm: widths, ends: ends, trailing: segment.trailingWhitespaceGraphemes,
          missing: segment.missingGlyphs,
          scalars: scalars, start: start, hardBreakAfter: hardBreakAfter)
      }
    }
  }

  private mutating func append(
    widthsEm: UnsafeBufferPointer<Double>, ends: UnsafeBufferPointer<Int32>, trailing: Int, missing: Int,
    scalars: UnsafeBufferPointer<UInt32>, start: Int, hardBreakAfter: Bool
  ) {
    missingGlyphs += missing
    let graphemeStart = graphemeCount
    let contentCount = widthsEm.count - trailing
    var contentWidth = 0.0
    var totalWidth = 0.0
    let fontSize = self.fontSize
    let letterSpacing = self.letterSpacing
    graphemeWidths.withUnsafeMutableBufferPointer { outputWidths in
      graphemeEnds.withUnsafeMutableBufferPointer { outputEnds in
        for grapheme in 0..<widthsEm.count {
          var advance = widthsEm[grapheme] * fontSize
          // Letter spacing follows every cluster but the hard-break characters.
          if letterSpacing != 0 {
            let first = scalars[grapheme == 0 ? 0 : Int(ends[grapheme - 1])]
            if !UnicodeProperties.isHardBreak(first) { advance += letterSpacing }
          }
          outputWidths[graphemeStart + grapheme] = advance
          outputEnds[graphemeStart + grapheme] = Int32(start) + ends[grapheme]
          totalWidth += advance
          if grapheme < contentCount { contentWidth = totalWidth }
        }
      }
    }
    graphemeCount += widthsEm.count
    segments.append(
      PreparedText.Segment(
        graphemeStart: Int32(graphemeStart),
        graphemeCount: Int32(widthsEm.count), contentGraphemeCount: Int32(contentCount),
        contentWidth: contentWidth, totalWidth: totalWidth, hardBreakAfter: hardBreakAfter))
  }
}
