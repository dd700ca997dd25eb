extension AttributedText {
  /// Where positions fall back (``positionsRise`` false), the last segment of a line whose whole
  /// segments start at `index`, which fits (after `lead` points of the line before it where
  /// items are not snapped; from grapheme `lineStart` where they are): found as plain text's
  /// line finder finds it, by the same binary search from `index` through `paragraphEnd` for a
  /// segment whose content ends within the line (`PreparedText.lastSegment(in:from:through:within:)`,
  /// then `decidingTies`). Where content ends fall back, that is not always the segment before
  /// the first that does not fit: a later one may end within the line again, and the segments
  /// between are on the line.
  func lastSegmentWherePositionsFallBack(
    from index: Int, through paragraphEnd: Int, lineStart: Int, lead: Double, limit: Double
  ) -> Int {
    // (The probes must be plain text's, `(last + high + 1) / 2`: over ends that fall back,
    // another search finds another segment.)
    var last = index
    var high = paragraphEnd
    guard let items = itemAdvances else {
      // The segments' prefix sums, as plain text's keys (`(limit − lead) + start`).
      let reach = (limit - lead) + segments[index].start
      while last < high {
        let middle = (last + high + 1) >> 1
        if segments[middle].start + segments[middle].contentWidth <= reach {
          last = middle
        } else {
          high = middle - 1
        }
      }
      return last
    }
    // Snapped items: the line's width to a segment's content end (and its last cluster reshaped
    // where a kerning pair follows it), as the greedy lines measure a segment they add; a tie
    // fits during the search and is decided after it, as plain text's `decidingTies`.
    var line = ItemAdvances.LineWalker(items, from: lineStart)
    func contentEnd(_ segment: Int) -> Int {
      segments[segment].graphemeStart + segments[segment].contentGraphemeCount
    }
    while last < high {
      let middle = (last + high + 1) >> 1
      let end = contentEnd(middle)
      if line.width(to: end) <= limit, items.reshapedEndFits(to: end, of: &line, limit: limit) {
        last = middle
      } else {
        high = middle - 1
      }
    }
    while last > index, line.width(to: contentEnd(last)) == limit,
      !items.fitsAtLimit(from: lineStart, to: contentEnd(last), limit: limit)
    {
      last -= 1
    }
    return last
  }

  /// True when segment `index` ends its paragraph: a hard break follows it, or it is the text's
  /// last.
  @inline(__always) func endsParagraph(_ index: Int) -> Bool {
    segments[index].hardBreakAfter || index == segments.count - 1
  }

  /// The last segment of the paragraph segment `index` is in: the first at or after it that
  /// ends with a hard break, else the text's last.
  func paragraphEnd(from index: Int) -> Int {
    var last = index
    while last < segments.count - 1, !segments[last].hardBreakAfter { last += 1 }
    return last
  }
}
