extension AttributedText {
  /// Where spans are inline items whose positions are snapped to a grid one item at a time (the
  /// web's LayoutUnits), each grapheme's advance from the start of its span, and the widths of
  /// lines made of item parts: Blink's `ShapeResultView::SnappedWidth`, `ceil` of a part's
  /// advance, summed over the parts of a line (`LineBreaker`'s `position_`), the last part as
  /// `ceil(A(end)) − ceil(A(start))` (`CachedOffsetForPosition`).
  struct ItemAdvances: Sendable, Hashable {
    /// `ends[k]`: the advance from the start of grapheme `k`'s span to grapheme `k`'s end.
    let ends: [Double]
    let grid: Double

    /// The advances of graphemes of `widths`, each in span `spans[k]`.
    init(widths: [Double], spans: [Int32], grid: Double) {
      var ends = [Double](repeating: 0, count: widths.count)
      var advance = 0.0
      for index in widths.indices {
        if index > 0, spans[index] != spans[index - 1] { advance = 0 }
        advance += widths[index]
        ends[index] = advance
      }
      self.ends = ends
      self.grid = grid
    }

    /// The advance from the start of grapheme `index`'s span to the grapheme's start.
    @inline(__always) func start(_ index: Int, spans: [Int32]) -> Double {
      index > 0 && spans[index - 1] == spans[index] ? ends[index - 1] : 0
    }

    /// The width of graphemes `start..<end` on one line.
    func width(from start: Int, to end: Int, spans: [Int32]) -> Double {
      guard end > start else { return 0 }
      var width = 0.0
      var startAdvance = self.start(start, spans: spans)
      var index = start
      while true {
        // The end of this item's part on the line.
        let span = spans[index]
        while index < end, spans[index] == span { index += 1 }
        if index == end {
          let last = ends[end - 1].roundedUp(toMultipleOf: grid)
          return width + (startAdvance > 0 ? last - startAdvance.roundedUp(toMultipleOf: grid) : last)
        }
        // A whole part up to the item's end: its advance, rounded up.
        width += (ends[index - 1] - startAdvance).roundedUp(toMultipleOf: grid)
        startAdvance = 0
      }
    }

    /// The position of every grapheme boundary (one more than the graphemes) from the text's
    /// start: each span's positions rounded up from its own start, each span starting where the
    /// one before it ends, rounded up.
    func positions(spans: [Int32]) -> [Double] {
      var positions = [Double](repeating: 0, count: ends.count + 1)
      var base = 0.0
      for index in ends.indices {
        if index > 0, spans[index] != spans[index - 1] {
          base += ends[index - 1].roundedUp(toMultipleOf: grid)
        }
        positions[index] = base + start(index, spans: spans).roundedUp(toMultipleOf: grid)
      }
      if let last = ends.last { positions[ends.count] = base + last.roundedUp(toMultipleOf: grid) }
      return positions
    }
  }
}
