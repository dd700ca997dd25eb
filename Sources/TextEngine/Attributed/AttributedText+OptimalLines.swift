extension AttributedText {
  /// minikin's optimal line breaker over the spans' segments (Android's TextView,
  /// `MinikinOptimalLineBreaker`), per paragraph, as `PreparedText` runs it: candidates at the
  /// segments' ends with their widths from the paragraph's start, each line the union of its
  /// segments' metrics. A paragraph with a segment wider than the line is broken greedily, as
  /// the plain text's breaker does (minikin's desperate breaks are not modelled).
  func forEachOptimalLine(width: Double, _ visit: (LineBreak) -> Bool) {
    let limit = platform.lineLimit(forWidth: width, in: paragraph)
    guard limit.isFinite, !segments.contains(where: { $0.contentWidth > limit }) else {
      forEachGreedyLine(width: width, visit)
      return
    }
    let linePenalty = MinikinOptimalLineBreaker.penalties(fontSize: paragraph.fontSize, width: limit).line
    var candidates: [MinikinOptimalLineBreaker.Candidate] = []
    var first = 0
    while first < segments.count {
      var last = first
      while last < segments.count - 1, !segments[last].hardBreakAfter { last += 1 }
      let origin = segments[first].start
      candidates.removeAll(keepingCapacity: true)
      candidates.append(MinikinOptimalLineBreaker.Candidate(preBreak: 0, postBreak: 0))
      // Where a line ending at each segment would end its content (at the last segment with
      // content up to it; the paragraph's start before any).
      var contentEnd = origin
      for segment in first...last {
        if segments[segment].contentGraphemeCount > 0 {
          contentEnd = segments[segment].start + segments[segment].contentWidth
        }
        // Where the next segment starts (after any kerning across the opportunity).
        let next =
          segment < last
          ? segments[segment + 1].start : segments[segment].start + segments[segment].totalWidth
        candidates.append(
          MinikinOptimalLineBreaker.Candidate(
            preBreak: Float(next - origin), postBreak: Float(contentEnd - origin)))
      }
      var start = first
      for end in MinikinOptimalLineBreaker.breaks(
        of: candidates, width: Float(limit), linePenalty: linePenalty
      )
      .ends {
        let lastSegment = first + end - 1
        var metrics = LineMetrics()
        var lineContent = 0.0
        for segment in start...lastSegment {
          metrics.formUnion(segments[segment].metrics)
          // (The line's content ends with its last segment with content.)
          if segments[segment].contentGraphemeCount > 0 {
            lineContent = max(
              0, (segments[segment].start + segments[segment].contentWidth) - segments[start].start)
          }
        }
        let line = LineBreak(
          graphemeRange: segments[start]
            .graphemeStart..<(segments[lastSegment].graphemeStart
            + segments[lastSegment].graphemeCount),
          contentWidth: lineContent, metrics: metrics)
        guard visit(withEmptyLineMetrics(line)) else { return }
        start = lastSegment + 1
      }
      first = last + 1
    }
    // After a final hard break, StaticLayout lays out an empty last line in the last span's
    // metrics.
    if let final = segments.last, final.hardBreakAfter, platform.finalHardBreakStartsLine {
      let end = graphemeWidths.count
      _ = visit(
        LineBreak(
          graphemeRange: end..<end, contentWidth: 0, metrics: spanMetrics[Int(graphemeSpans[end - 1])]))
    }
  }
}
