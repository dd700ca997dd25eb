/// Accumulates prepared segments and grapheme widths (in points) while `prepare` walks the
/// line-break segments in order.
struct PreparedTextBuilder {
  let fontSize: Double
  let letterSpacing: Double
  var segments: [PreparedText.Segment] = []
  var graphemeWidths: [Double] = []
  var graphemeEnds: [Int32] = []
  var missingGlyphs = 0

  init(segmentCount: Int, scalarCount: Int, fontSize: Double, letterSpacing: Double) {
    self.fontSize = fontSize
    self.letterSpacing = letterSpacing
    segments.reserveCapacity(segmentCount)
    graphemeWidths.reserveCapacity(scalarCount)
    graphemeEnds.reserveCapacity(scalarCount)
  }

  mutating func append(
    _ view: SegmentCache.View, scalars: UnsafeBufferPointer<UInt32>, start: Int, end: Int,
    hardBreakAfter: Bool
  ) {
    append(
      widthsEm: view.graphemeWidthsEm, ends: view.graphemeEnds, trailing: view.trailingWhitespaceGraphemes,
      missing: view.missingGlyphs, scalars: scalars, start: start, end: end, hardBreakAfter: hardBreakAfter)
  }

  mutating func append(
    _ segment: ShapedSegment, scalars: UnsafeBufferPointer<UInt32>, start: Int, end: Int, hardBreakAfter: Bool
  ) {
    segment.graphemeWidthsEm.withUnsafeBufferPointer { widths in
      segment.graphemeEnds.withUnsafeBufferPointer { ends in
        append(
          widthsEm: widths, ends: ends, trailing: segment.trailingWhitespaceGraphemes,
          missing: segment.missingGlyphs,
          scalars: scalars, start: start, end: end, hardBreakAfter: hardBreakAfter)
      }
    }
  }

  private mutating func append(
    widthsEm: UnsafeBufferPointer<Double>, ends: UnsafeBufferPointer<Int32>, trailing: Int, missing: Int,
    scalars: UnsafeBufferPointer<UInt32>, start: Int, end: Int, hardBreakAfter: Bool
  ) {
    missingGlyphs += missing
    let graphemeStart = graphemeWidths.count
    let contentCount = widthsEm.count - trailing
    var contentWidth = 0.0
    var totalWidth = 0.0
    for grapheme in 0..<widthsEm.count {
      var advance = widthsEm[grapheme] * fontSize
      // Letter spacing follows every cluster but the hard-break characters (zero-width already).
      if letterSpacing != 0 {
        let first = scalars[grapheme == 0 ? 0 : Int(ends[grapheme - 1])]
        if !UnicodeProperties.isHardBreak(first) { advance += letterSpacing }
      }
      graphemeWidths.append(advance)
      graphemeEnds.append(Int32(start) + ends[grapheme])
      totalWidth += advance
      if grapheme < contentCount { contentWidth = totalWidth }
    }
    segments.append(
      PreparedText.Segment(
        scalarStart: Int32(start), scalarEnd: Int32(end), graphemeStart: Int32(graphemeStart),
        graphemeCount: Int32(widthsEm.count), contentGraphemeCount: Int32(contentCount),
        contentWidth: contentWidth, totalWidth: totalWidth, hardBreakAfter: hardBreakAfter))
  }
}
