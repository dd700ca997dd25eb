extension AttributedText {
  /// Where spans are inline items whose positions are snapped to a grid one item at a time (the
  /// web's LayoutUnits), each grapheme's advance from the start of its span, and the widths of
  /// lines made of item parts: Blink's `ShapeResultView::SnappedWidth`, `ceil` of a part's
  /// advance, summed over the parts of a line (`LineBreaker`'s `position_`), the last part as
  /// `ceil(A(end)) − ceil(A(start))` (`CachedOffsetForPosition`).
  ///
  /// A span's advances include the kerning across its break opportunities (``KerningPairs``: Blink
  /// shapes the span whole), but a line ending before such a pair ends without it (the line end
  /// is reshaped): grapheme `k` starts after the kerning before it and ends before the kerning
  /// after it.
  ///
  /// An item is a span's text, cut where the paragraph's bidi level changes and after a hard
  /// break (Blink's `InlineItem`s: one per element and level run, a forced break its own item),
  /// as `PreparedTextBuilder` cuts plain text. A run of tabs is an item of its own too, 0 wide in
  /// the advances: a line's walk adds the width its position makes it (``WebTabStops``).
  struct ItemAdvances: Sendable, Hashable {
    /// `starts[k]`, `ends[k]`: the advance from the start of grapheme `k`'s item to grapheme
    /// `k`'s start and end.
    let starts: [Double]
    let ends: [Double]
    /// `items[k]`: the item grapheme `k` is in (ascending).
    let items: [Int32]
    let grid: Double
    /// `cutKerning[k]`: what a line that ends inside a word after grapheme `k` gains, its last
    /// cluster reshaped without its kerning to the next (`PreparedTextStorage.View.cutKerning`);
    /// empty where there is none.
    let cutKerning: [Double]
    /// `tabStops[k]`: the tab stops grapheme `k` reaches when it is a tab (its span's font's),
    /// else nil; empty without tabs.
    let tabStops: [WebTabStops?]
    /// `text-spacing-trim: normal` (``WebSpacingTrim``) across spans: how much wider grapheme `k`
    /// is where a line starts with it (an opening mark trimmed after the previous span's last
    /// mark, which Blink reshapes full width at a line's start); empty where none is.
    var lineStartWidening: [Double] = []
    /// The closing marks a line may end with set narrower where only that makes it fit, by
    /// grapheme (``SpanLineEndTrim``); empty where none is.
    var lineEndTrims: [Int: SpanLineEndTrim] = [:]
    /// How much narrower the mark after grapheme `k` is set in the same item (points,
    /// negative), which its advances keep as kerning after `k`: Blink's paragraph positions end
    /// `k` before it (`text-wrap-style`'s candidates); empty where none is.
    var trimsAfter: [Int: Double] = [:]
    /// The hyphen a line ending after grapheme `k`, a soft hyphen ending its segment, ends with
    /// (``WebSoftHyphens``: its span's, points); empty where there is none.
    var softHyphens: [Int: Double] = [:]

    /// The hyphen a line whose content ends at grapheme `end` (exclusive) ends with where that
    /// content ends with a soft hyphen (`softHyphens`), else 0.
    @inline(__always) func hyphen(endingAt end: Int) -> Double {
      softHyphens.isEmpty || end == 0 ? 0 : softHyphens[end - 1] ?? 0
    }

    /// A closing mark Blink may trim at a line's end (`ShapingLineBreaker::ShapeLine`): how much
    /// narrower (points, negative) and how many graphemes it reshapes with it (2 when the one
    /// before was trimmed for it).
    struct SpanLineEndTrim: Sendable, Hashable {
      var points: Double
      var graphemes: Int
    }

    /// The advances of graphemes of `widths`, each in span `spans[k]` and followed by the
    /// kerning `kerningAfter[k]`; a grapheme holding a scalar of `itemStarts` (bidi level runs),
    /// and one after a hard break (`codes` are the text's scalars), starts a new item too.
    init(
      widths: [Double], kerningAfter: [Double], spans: [Int32], graphemeEnds: [Int32], itemStarts: [Int32],
      codes: [UInt32], grid: Double, cutKerning: [Double] = [], tabs: [Int: WebTabStops] = [:]
    ) {
      var tabStops = [WebTabStops?]()
      if !tabs.isEmpty {
        tabStops = [WebTabStops?](repeating: nil, count: widths.count)
        for (grapheme, stops) in tabs { tabStops[grapheme] = stops }
      }
      var starts = [Double](repeating: 0, count: widths.count)
      var ends = [Double](repeating: 0, count: widths.count)
      var items = [Int32](repeating: 0, count: widths.count)
      var advance = 0.0
      var item: Int32 = 0
      var nextItemStart = 0
      for index in widths.indices {
        var startsItem =
          index > 0
          && (spans[index] != spans[index - 1]
            || UnicodeProperties.isHardBreak(codes[index == 1 ? 0 : Int(graphemeEnds[index - 2])])
            || (!tabStops.isEmpty && (tabStops[index] == nil) != (tabStops[index - 1] == nil)))
        // The grapheme whose end passes the next level run's start begins that run's item.
        while nextItemStart < itemStarts.count, graphemeEnds[index] > itemStarts[nextItemStart] {
          if index > 0 { startsItem = true }
          nextItemStart += 1
        }
        if startsItem {
          advance = 0
          item += 1
        }
        items[index] = item
        starts[index] = advance
        if tabStops.isEmpty || tabStops[index] == nil { advance += widths[index] }
        ends[index] = advance
        advance += kerningAfter[index]
      }
      self.starts = starts
      self.ends = ends
      self.items = items
      self.grid = grid
      self.cutKerning = cutKerning
      self.tabStops = tabStops
    }

    /// How much wider grapheme `grapheme` is where a line starts with it (`lineStartWidening`).
    @inline(__always) func startWidening(_ grapheme: Int) -> Double {
      lineStartWidening.isEmpty || grapheme >= lineStartWidening.count ? 0 : lineStartWidening[grapheme]
    }

    /// How much narrower (points, negative) the line `line.start..<end`, which does not fit with
    /// its last grapheme full width, ends when it fits with that closing mark trimmed
    /// (`lineEndTrims`), as Blink's `ShapingLineBreaker::ShapeLine` extends its candidate break:
    /// the reshaped piece from the last safe offset, summed in `Float` with the floored LayoutUnit
    /// position of that offset from the line's start in the item, within the room the item parts
    /// before it leave. Nil when it does not fit so (or the mark is not one Blink trims).
    func trimmedEnd(to end: Int, of line: inout LineWalker, limit: Double) -> Double? {
      let last = end - 1
      guard last >= line.start, !lineEndTrims.isEmpty, let trim = lineEndTrims[last] else { return nil }
      let item = items[last]
      var itemFirst = last
      while itemFirst > line.start, items[itemFirst - 1] == item { itemFirst -= 1 }
      let before = itemFirst > line.start ? line.width(to: itemFirst) : startWidening(line.start)
      let startPosition = itemFirst == line.start ? starts[line.start] : 0
      let lastSafe = max(itemFirst, last - (trim.graphemes - 1))
      // (`LayoutUnit(last_safe_position − start_position)`: the start exact, the last safe
      // offset's position a LayoutUnit, the difference truncated.)
      let widthToLastSafe =
        (starts[lastSafe] / grid).rounded(.down) * grid - (startPosition / grid).rounded(.up) * grid
      let piece = ends[last] - starts[lastSafe] + trim.points
      // A line whose start Blink reshapes (its first mark trimmed after the one before, or a
      // kerning pair's second cluster) has a LayoutUnit less room, as in plain text
      // (`WebSpacingTrim.fits`, `LineKey.reshapedStart`).
      let start = line.start
      let reshapedStart =
        startWidening(start) != 0
        || (start > 0 && items[start - 1] == items[start] && starts[start] != ends[start - 1])
      let room = limit - grid - before - (reshapedStart ? grid : 0)
      return Float(widthToLastSafe) + Float(piece) <= Float(room) ? trim.points : nil
    }

    /// What a line ending inside a word before grapheme `end` gains (`cutKerning`).
    func endKerning(before end: Int) -> Double {
      cutKerning.isEmpty ? 0 : cutKerning[end - 1]
    }

    /// The width of graphemes `start..<end` on one line (one walk of a `LineWalker`).
    func width(from start: Int, to end: Int) -> Double {
      var line = LineWalker(self, from: start)
      return line.width(to: end)
    }

    /// The width of graphemes `start..<end` on one line as Blink reports it: every part of an
    /// item, the last one too, its advance rounded up (`ShapeResultView::SnappedWidth`); the
    /// last part is `ceil(A(end) − A(start))`, where `width(from:to:)`, which fits lines as the
    /// line breaker's positions do, takes `ceil(A(end)) − ceil(A(start))` (as
    /// `PreparedText.LineKey.lineWidth(from:toLineContentEnd:contentTieRank:)` for plain text).
    func reportedWidth(from start: Int, to end: Int, endKerning: Double = 0) -> Double {
      var line = LineWalker(self, from: start)
      return line.reportedWidth(to: end, endKerning: endKerning)
    }

    /// Whether the line of graphemes `start..<end`, whose snapped width (`width(from:to:)`)
    /// is exactly `limit`, fits: Blink also tests the last item's part of the line at its exact
    /// width against what the parts before it leave (`ShapingLineBreaker`), as
    /// `PreparedText.LineKey.tieRank` does for a text of one item; a line starting inside a
    /// kerning pair whose first cluster, reshaped alone, is wider on the grid than its positions
    /// make it never fits at the limit.
    func fitsAtLimit(from start: Int, to end: Int, limit: Double) -> Bool {
      guard end > start else { return true }
      let first = ends[start] - starts[start]
      if start > 0, items[start - 1] == items[start], starts[start] != ends[start - 1],
        first.roundedUp(toMultipleOf: grid)
          > (starts[start] + first).roundedUp(toMultipleOf: grid)
          - starts[start].roundedUp(toMultipleOf: grid)
      {
        return false
      }
      // The last item's part starts at `lastStart`, after parts `before` wide (snapped).
      var lastStart = end - 1
      while lastStart > start, items[lastStart - 1] == items[end - 1] { lastStart -= 1 }
      let before = lastStart > start ? width(from: start, to: lastStart) : startWidening(start)
      return before + (ends[end - 1] - starts[lastStart]) <= limit
    }

    /// Whether the line of graphemes `line.start..<end`, when it ends inside a kerning pair (a
    /// kerning follows grapheme `end − 1` in its item), still fits once its last cluster is
    /// reshaped alone: Blink fits that cluster's own width from the snapped position of its start
    /// (`ShapingLineBreaker`), as `PreparedTextBuilder` keys a segment that ends inside a pair.
    func reshapedEndFits(to end: Int, of line: inout LineWalker, limit: Double) -> Bool {
      let last = end - 1
      guard end > line.start, end < items.count, items[end] == items[last], starts[end] != ends[last] else {
        return true
      }
      // (From where the cluster starts: after the kerning before it, where it starts a segment.)
      var start = line.width(to: last)
      if last > line.start, items[last - 1] == items[last], starts[last] != ends[last - 1] {
        start += starts[last].roundedUp(toMultipleOf: grid) - ends[last - 1].roundedUp(toMultipleOf: grid)
      }
      return start + (ends[last] - starts[last]) <= limit
    }

    /// The widths of one line's graphemes from its first (`width(from:to:)`) to ends that rise as
    /// the line fills, each found from the last instead of from the line's start: a line of
    /// thousands of segments is measured in one walk, not one per segment.
    struct LineWalker {
      let advances: ItemAdvances
      /// The line's first grapheme.
      let start: Int
      /// The first grapheme of the item part being walked.
      private var part: Int
      /// The snapped width of the whole item parts before it.
      private var completed = 0.0
      /// The advance where that part starts in its item.
      private var partStart: Double

      init(_ advances: ItemAdvances, from start: Int) {
        self.advances = advances
        self.start = start
        part = start
        partStart = start < advances.starts.count ? advances.starts[start] : 0
      }

      /// The width of graphemes `start..<end` on one line: each whole item part's advance rounded
      /// up, the last part as the difference of its rounded-up ends.
      mutating func width(to end: Int) -> Double {
        guard end > start else { return 0 }
        return partsWidth(to: end) + advances.startWidening(start)
      }

      /// `width(to:)` without what the line's reshaped start adds.
      private mutating func partsWidth(to end: Int) -> Double {
        let items = advances.items
        // (An end before the part walked to, never asked for in order: walked anew from the
        // line's start, where that cannot happen again.)
        guard items[end - 1] >= items[part] else {
          var fresh = LineWalker(advances, from: start)
          return fresh.partsWidth(to: end)
        }
        while items[part] != items[end - 1] {
          let item = items[part]
          let first = part
          while items[part] == item { part += 1 }
          if !advances.tabStops.isEmpty, let stops = advances.tabStops[first] {
            // A run of tabs reaches its tab stop from the line's position.
            completed += stops.runWidth(at: completed, count: part - first)
          } else {
            completed += (advances.ends[part - 1] - partStart).roundedUp(toMultipleOf: advances.grid)
          }
          partStart = 0
        }
        if !advances.tabStops.isEmpty, let stops = advances.tabStops[end - 1] {
          return completed + stops.runWidth(at: completed, count: end - part)
        }
        let last = advances.ends[end - 1].roundedUp(toMultipleOf: advances.grid)
        return completed + (partStart != 0 ? last - partStart.roundedUp(toMultipleOf: advances.grid) : last)
      }

      /// `width(to:)` with the last part as Blink reports it, its advance rounded up
      /// (`ItemAdvances.reportedWidth(from:to:)`).
      /// With `endKerning`, the last part ends that much further (a reshaped cut word's end).
      mutating func reportedWidth(to end: Int, endKerning: Double = 0) -> Double {
        let width = width(to: end)
        guard end > start, partStart != 0 || endKerning != 0 else { return width }
        let grid = advances.grid
        let positions =
          advances.ends[end - 1].roundedUp(toMultipleOf: grid) - partStart.roundedUp(toMultipleOf: grid)
        return width - positions
          + (advances.ends[end - 1] + endKerning - partStart).roundedUp(toMultipleOf: grid)
      }
    }

    /// Where every grapheme starts (and, last, where the text ends) and where every grapheme
    /// ends, from the text's start: each span's positions rounded up from its own start, each
    /// span starting where the one before it ends, rounded up.
    func positions() -> (starts: [Double], ends: [Double]) {
      var startPositions = [Double](repeating: 0, count: ends.count + 1)
      var endPositions = [Double](repeating: 0, count: ends.count)
      var base = 0.0
      for index in ends.indices {
        if index > 0, items[index] != items[index - 1] {
          base += ends[index - 1].roundedUp(toMultipleOf: grid)
        }
        startPositions[index] = base + starts[index].roundedUp(toMultipleOf: grid)
        endPositions[index] = base + ends[index].roundedUp(toMultipleOf: grid)
      }
      if let last = ends.last { startPositions[ends.count] = base + last.roundedUp(toMultipleOf: grid) }
      return (startPositions, endPositions)
    }
  }
}
