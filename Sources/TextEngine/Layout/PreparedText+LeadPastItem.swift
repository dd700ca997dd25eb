extension PreparedText {
  /// A line that starts with the tail of a word cut between graphemes inside a bidi item and
  /// goes on past the item's end (the web, texts with bidi items): Blink snaps the line's part
  /// of that item as its advance rounded up (`ceil(F − o)`, `F` the item's width and `o` the
  /// tail's offset in it), which may be one grid unit more than the difference of the rounded
  /// positions the line's width is read from (`ceil(F) − ceil(o)`), as for a line from a
  /// segment start (`LineKey.widerFirstItemPart`). A tie past the item fits: the line's last
  /// item part starts on the grid, and Blink tests that part at its exact width against the
  /// room the snapped parts before it leave.
  struct LeadPastItem {
    /// The first segment whose content reaches past the item's end (`Int.max`: none, or the
    /// line cannot reach it).
    let segment: Int
    /// How much wider a line reaching `segment` is than its positions make it: 0 or one grid unit.
    let widening: Double

    static let none = LeadPastItem(segment: .max, widening: 0)

    private init(segment: Int, widening: Double) {
      self.segment = segment
      self.widening = widening
    }

    /// The lead from grapheme `lineStart` (the tail of segment `index`'s word), which starts at
    /// `piece` (its rounded position and how far it was rounded up, `CutWordPositions`), in
    /// lines that fit within `limit` on a grid of `grid`. Reads the graphemes from the lead to
    /// its item's end, no further than a line can reach: each is on this line.
    init(
      from lineStart: Int, at piece: (position: Double, rank: Int16), after index: Int,
      in view: PreparedTextStorage.View, limit: Double, grid: Double
    ) {
      guard let itemEnd = view.itemStart(after: lineStart) else {
        self = .none
        return
      }
      // The exact advance from the lead to the item's end, with the kerning across the
      // opportunities in it (as `Positions` adds it).
      let segments = view.segments
      let widths = view.graphemeWidths
      var part = 0.0
      var segment = index
      var grapheme = lineStart
      while grapheme < itemEnd {
        part += widths[grapheme]
        grapheme += 1
        let current = segments[segment]
        if grapheme == Int(current.graphemeStart + current.graphemeCount) {
          if grapheme < itemEnd { part += Double(current.kernAfter) }
          segment += 1
        }
        if part > limit + grid {
          self = .none
          return
        }
      }
      // The first segment whose content ends past the item's start.
      while segment < segments.count,
        Int(segments[segment].graphemeStart + segments[segment].contentGraphemeCount) <= itemEnd
      {
        segment += 1
      }
      self.init(
        segment: segment, widening: CutWordPositions.widening(ofPartOf: part, from: piece, grid: grid))
    }

    /// The last segment of the line from segment `index` (after the lead) found as `last`
    /// within `reach` by the keys, at or past `segment`: the line there is `widening` wider.
    func lastSegment(from index: Int, last: Int, in keys: UnsafePointer<LineKey>, within reach: Double) -> Int
    {
      guard widening > 0 else { return last }
      let wider = PreparedText.lastSegment(
        in: keys, from: index, through: Int(keys[index].paragraphEnd), within: reach - widening)
      return max(wider, min(last, segment - 1), index)
    }
  }
}
