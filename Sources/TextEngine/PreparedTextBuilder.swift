/// Accumulates prepared segments and grapheme widths (in points) while `prepare` walks the
/// line-break segments in order.
///
/// The output arrays are sized up front for the most there can be (one segment per break, one
/// grapheme per scalar) and written in place through `withOutput`, so appending a segment is a
/// few stores; `finish()` trims them.
struct PreparedTextBuilder {
  let fontSize: Double
  let letterSpacing: Double
  private(set) var segments: [PreparedText.Segment]
  private(set) var graphemeWidths: [Double]
  private(set) var graphemeEnds: [Int32]
  private(set) var missingGlyphs = 0
  private var segmentCount = 0
  private var graphemeCount = 0

  init(segmentCount: Int, scalarCount: Int, fontSize: Double, letterSpacing: Double) {
    self.fontSize = fontSize
    self.letterSpacing = letterSpacing
    segments = [PreparedText.Segment](
      repeating: PreparedText.Segment(
        graphemeStart: 0, graphemeCount: 0, contentGraphemeCount: 0, contentWidth: 0, totalWidth: 0,
        hardBreakAfter: false),
      count: segmentCount)
    graphemeWidths = [Double](repeating: 0, count: scalarCount)
    graphemeEnds = [Int32](repeating: 0, count: scalarCount)
  }

  /// Write access to the output for a run of appends.
  struct Output {
    fileprivate let segments: UnsafeMutableBufferPointer<PreparedText.Segment>
    fileprivate let graphemeWidths: UnsafeMutableBufferPointer<Double>
    fileprivate let graphemeEnds: UnsafeMutableBufferPointer<Int32>
    fileprivate let fontSize: Double
    fileprivate let letterSpacing: Double
    fileprivate var segmentCount: Int
    fileprivate var graphemeCount: Int
    fileprivate var missingGlyphs: Int

    /// Appends a shaped segment that starts at scalar `start` of the text.
    @inline(__always) mutating func append(
      widthsEm: UnsafeBufferPointer<Double>, ends: UnsafeBufferPointer<Int32>, trailing: Int, missing: Int,
      scalars: UnsafeBufferPointer<UInt32>, start: Int, hardBreakAfter: Bool
    ) {
      missingGlyphs += missing
      let graphemeStart = graphemeCount
      let count = widthsEm.count
      let contentCount = count - trailing
      var contentWidth = 0.0
      var totalWidth = 0.0
      let offset = Int32(truncatingIfNeeded: start)
      for grapheme in 0..<count {
        var advance = widthsEm[grapheme] * fontSize
        // Letter spacing follows every cluster but the hard-break characters.
        if letterSpacing != 0 {
          let first = scalars[grapheme == 0 ? 0 : Int(ends[grapheme - 1])]
          if !UnicodeProperties.isHardBreak(first) { advance += letterSpacing }
        }
        graphemeWidths[graphemeStart + grapheme] = advance
        graphemeEnds[graphemeStart + grapheme] = offset &+ ends[grapheme]
        totalWidth += advance
        if grapheme < contentCount { contentWidth = totalWidth }
      }
      graphemeCount += count
      segments[segmentCount] = PreparedText.Segment(
        graphemeStart: Int32(truncatingIfNeeded: graphemeStart),
        graphemeCount: Int32(truncatingIfNeeded: count),
        contentGraphemeCount: Int32(truncatingIfNeeded: contentCount), contentWidth: contentWidth,
        totalWidth: totalWidth, hardBreakAfter: hardBreakAfter)
      segmentCount += 1
    }

    /// Appends a segment shaped just now.
    mutating func append(
      _ segment: ShapedSegment, scalars: UnsafeBufferPointer<UInt32>, start: Int, hardBreakAfter: Bool
    ) {
      segment.graphemeWidthsEm.withUnsafeBufferPointer { widths in
        segment.graphemeEnds.withUnsafeBufferPointer { ends in
          append(
            widthsEm: widths, ends: ends, trailing: segment.trailingWhitespaceGraphemes,
            missing: segment.missingGlyphs, scalars: scalars, start: start, hardBreakAfter: hardBreakAfter)
        }
      }
    }
  }

  /// Runs `body` with write access to the output arrays.
  mutating func withOutput<Result>(_ body: (inout Output) -> Result) -> Result {
    let (fontSize, letterSpacing) = (self.fontSize, self.letterSpacing)
    var counts = (segmentCount, graphemeCount, missingGlyphs)
    let result = segments.withUnsafeMutableBufferPointer { segments in
      graphemeWidths.withUnsafeMutableBufferPointer { widths in
        graphemeEnds.withUnsafeMutableBufferPointer { ends in
          var output = Output(
            segments: segments, graphemeWidths: widths, graphemeEnds: ends, fontSize: fontSize,
            letterSpacing: letterSpacing, segmentCount: counts.0, graphemeCount: counts.1,
            missingGlyphs: counts.2)
          defer { counts = (output.segmentCount, output.graphemeCount, output.missingGlyphs) }
          return body(&output)
        }
      }
    }
    (segmentCount, graphemeCount, missingGlyphs) = counts
    return result
  }

  /// Drops the unused tails of the output arrays.
  mutating func finish() {
    segments.removeLast(segments.count - segmentCount)
    graphemeWidths.removeLast(graphemeWidths.count - graphemeCount)
    graphemeEnds.removeLast(graphemeEnds.count - graphemeCount)
  }
}
