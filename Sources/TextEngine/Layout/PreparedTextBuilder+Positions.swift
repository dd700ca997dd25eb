extension PreparedTextBuilder {
  /// The second pass of `prepare`, once every segment's widths are written: the kerning across
  /// and inside segments, the line keys (prefix sums; Blink's positions and tie ranks on the
  /// LayoutUnit grid), each segment's last content and paragraph end, and the widest segment.
  ///
  /// A pass of its own over the written segments rather than work done as each is appended: the
  /// append loop then carries only the output's few counters beside the segment cache's
  /// look-ups, and this loop keeps its own state in registers.
  enum Positions {
    /// The grid positions are rounded up to: `LineKey`s are rounded up to multiples of `step`
    /// from their paragraph's (or bidi item's) start; a `step` of 0 rounds nothing.
    struct Grid {
      let step: Double
      /// `1 / step` (0 without a grid): the grid is a power of two, so multiplying by this is
      /// dividing by the step, exactly and without a division.
      let inverse: Double
      /// The step in 1/65536 px less one, when every width is a whole number of 1/65536 px
      /// (Chromium's advances and kerning, no letter spacing), so positions round up to the grid
      /// in integers, exactly; 0 otherwise.
      let fixedMask: Int64

      init(step: Double, widthsAreFixed: Bool) {
        self.step = step
        inverse = step > 0 ? 1 / step : 0
        fixedMask = step > 0 && widthsAreFixed ? Int64(step * 65536) - 1 : 0
      }

      /// How far `exact` was rounded up to `rounded`, in 1/65536 px (what `LineKey.tieRank`
      /// holds).
      @inline(__always) static func rounding(from exact: Double, to rounded: Double) -> Int16 {
        // (In 0..<1024 units up to the grid's 1/64 px, and a hair below 0 when the grid's
        // tolerance kept `rounded` below `exact`: + 0.5 and truncation round it.)
        Int16(truncatingIfNeeded: ((rounded - exact) * 65536 + 0.5).truncatedNonNegative)
      }

      /// `exact` (a position from its paragraph's or item's start) rounded up to the grid, and
      /// how far (`LineKey.tieRank`).
      @inline(__always) func roundedUp(_ exact: Double) -> (rounded: Double, rank: Int16) {
        guard fixedMask != 0 else {
          let rounded = exact.roundedUp(toMultipleOf: step, inverse: inverse)
          return (rounded, Self.rounding(from: exact, to: rounded))
        }
        // Whole 1/65536 px (exact in a `Double`): up to the grid in integers. The same result as
        // `roundedUp(toMultipleOf:)`, whose tolerance only matters off the 1/65536 grid.
        let units = (exact * 65536).exactInteger
        let roundedUnits = (units &+ fixedMask) & ~fixedMask
        return (Double(roundedUnits) * 0x1p-16, Int16(truncatingIfNeeded: roundedUnits &- units))
      }

      /// `exact` rounded up to the grid.
      @inline(__always) func roundedUpPosition(_ exact: Double) -> Double {
        exact.roundedUp(toMultipleOf: step, inverse: inverse)
      }
    }

    /// Where positions are rounded up from (the current paragraph's or bidi item's start,
    /// unrounded and rounded up to the grid), and the next bidi item not yet reached and its
    /// start (`Int.max` past the last): on the LayoutUnit grid each item's positions are rounded
    /// up from its own start (Blink snaps each item's part of a line on its own,
    /// `ShapeResultView::SnappedWidth`).
    struct Base {
      var exact = 0.0
      var snapped = 0.0
      var nextItem = 0
      var nextItemStart = Int.max
      /// The exact width of the item that was current when `passing` last moved the base (NaN
      /// when it did not): what `widerFirstItemPart` is decided from.
      var endedItemWidth = Double.nan
    }

    /// The segments that start inside the current bidi item (their index and offset in it),
    /// flagged `widerFirstItemPart` once the item's width is known (texts with bidi items only).
    struct StartsInItem {
      var pending: [(segment: Int, offset: Double)] = []
      /// The segment being placed was flagged before its key was written (its item ends inside
      /// it): its key takes the flag once written.
      var flaggedCurrent = false

      /// Flags the pending starts of an item `width` wide where a line's part of the item from
      /// the start to its end, its advance rounded up, is wider than the difference of the
      /// rounded positions; no start is pending then. `current`: the segment being placed.
      @inline(never) mutating func flag(
        inItemOfWidth width: Double, keys: UnsafeMutablePointer<PreparedText.LineKey>, grid: Grid,
        current: Int = -1
      ) {
        let ceilWidth = grid.roundedUp(width).rounded
        for (segment, offset) in pending
        where grid.roundedUp(width - offset).rounded > ceilWidth - grid.roundedUp(offset).rounded {
          if segment == current {
            flaggedCurrent = true
          } else {
            keys[segment].startTieRank |= PreparedText.LineKey.widerFirstItemPart
          }
        }
        pending.removeAll(keepingCapacity: true)
      }

      /// Flags the starts of the item `passing` ended, if it ended one, inside segment `current`.
      @inline(__always) mutating func noteEndedItem(
        _ base: inout Base, keys: UnsafeMutablePointer<PreparedText.LineKey>, grid: Grid, current: Int
      ) {
        guard !base.endedItemWidth.isNaN else { return }
        if !pending.isEmpty {
          flag(inItemOfWidth: base.endedItemWidth, keys: keys, grid: grid, current: current)
        }
        base.endedItemWidth = .nan
      }
    }

    /// Places the `count` segments of `contents` (`hardBreakCount` of which end with a hard
    /// break) in order and returns their total width (with
    /// the kerning across them) and the widest segment's content (∞ when a segment holds a space
    /// a line may end after). `itemStarts`: where bidi items start (scalar offsets, ascending);
    /// `kerning`: each segment's kerning (`KerningPairs`), or nil; `keepsKerningAtLineEnd`: the
    /// platform's rule for a line ending inside a kerning pair; `spacingTrims`: each segment's
    /// trims of fullwidth marks (`WebSpacingTrim`; nil for none), whose reshaped line ends are
    /// appended to `lineEndTrims`.
    static func place(
      _ contents: PreparedTextStorage.Contents, count segmentCount: Int, hardBreakCount: Int, grid: Grid,
      itemStarts: UnsafeBufferPointer<Int32>, kerning: UnsafePointer<SegmentKerning>?,
      keepsKerningAtLineEnd: Bool, spacingTrims: [WebSpacingTrim.SegmentTrim]?,
      lineEndTrims: inout [WebSpacingTrim.LineEndTrim]
    ) -> (totalWidth: Double, widest: Double) {
      // Most texts have neither kerning across segments nor bidi items: their loop, without the
      // paths for those, keeps its state in registers (with them, the optimizer spills it). The
      // paths are a type parameter, so that each loop is compiled with them as constants.
      let hasGrid = grid.step > 0
      if let spacingTrims, hasGrid, kerning != nil {
        return spacingTrims.withUnsafeBufferPointer {
          place(
            contents, count: segmentCount, hardBreakCount: hardBreakCount, grid: grid, itemStarts: itemStarts,
            kerning: kerning, keepsKerningAtLineEnd: keepsKerningAtLineEnd, spacingTrims: $0.baseAddress,
            lineEndTrims: &lineEndTrims, paths: AllPathsTrimmingSpacing.self)
        }
      }
      let simple = kerning == nil && itemStarts.isEmpty
      switch (hasGrid, simple) {
      case (true, true):
        return place(
          contents, count: segmentCount, hardBreakCount: hardBreakCount, grid: grid, itemStarts: itemStarts,
          kerning: nil, keepsKerningAtLineEnd: false, spacingTrims: nil, lineEndTrims: &lineEndTrims,
          paths: GridOnly.self)
      case (false, true):
        return place(
          contents, count: segmentCount, hardBreakCount: hardBreakCount, grid: grid, itemStarts: itemStarts,
          kerning: nil, keepsKerningAtLineEnd: false, spacingTrims: nil, lineEndTrims: &lineEndTrims,
          paths: NoPath.self)
      case (true, false):
        return place(
          contents, count: segmentCount, hardBreakCount: hardBreakCount, grid: grid, itemStarts: itemStarts,
          kerning: kerning, keepsKerningAtLineEnd: keepsKerningAtLineEnd, spacingTrims: nil,
          lineEndTrims: &lineEndTrims, paths: AllPaths.self)
      case (false, false):
        return place(
          contents, count: segmentCount, hardBreakCount: hardBreakCount, grid: grid, itemStarts: itemStarts,
          kerning: kerning, keepsKerningAtLineEnd: keepsKerningAtLineEnd, spacingTrims: nil,
          lineEndTrims: &lineEndTrims, paths: KerningOrItems.self)
      }
    }

    /// Which paths a placing loop has: positions on a grid, kerning and bidi items, and reshaped
    /// line ends (`WebSpacingTrim`).
    protocol Paths {
      static var hasGrid: Bool { get }
      static var mayHaveKerningOrItems: Bool { get }
      static var mayTrimSpacing: Bool { get }
    }
    enum GridOnly: Paths {
      static var hasGrid: Bool { true }
      static var mayHaveKerningOrItems: Bool { false }
      static var mayTrimSpacing: Bool { false }
    }
    enum NoPath: Paths {
      static var hasGrid: Bool { false }
      static var mayHaveKerningOrItems: Bool { false }
      static var mayTrimSpacing: Bool { false }
    }
    enum AllPaths: Paths {
      static var hasGrid: Bool { true }
      static var mayHaveKerningOrItems: Bool { true }
      static var mayTrimSpacing: Bool { false }
    }
    enum AllPathsTrimmingSpacing: Paths {
      static var hasGrid: Bool { true }
      static var mayHaveKerningOrItems: Bool { true }
      static var mayTrimSpacing: Bool { true }
    }
    enum KerningOrItems: Paths {
      static var hasGrid: Bool { false }
      static var mayHaveKerningOrItems: Bool { true }
      static var mayTrimSpacing: Bool { false }
    }

    /// `place(_:count:hardBreakCount:grid:itemStarts:kerning:keepsKerningAtLineEnd:)` with the
    /// paths it takes known at compile time.
    @inline(never) private static func place<P: Paths>(
      _ contents: PreparedTextStorage.Contents, count segmentCount: Int, hardBreakCount: Int, grid: Grid,
      itemStarts: UnsafeBufferPointer<Int32>, kerning: UnsafePointer<SegmentKerning>?,
      keepsKerningAtLineEnd: Bool, spacingTrims: UnsafePointer<WebSpacingTrim.SegmentTrim>?,
      lineEndTrims: inout [WebSpacingTrim.LineEndTrim], paths: P.Type
    ) -> (totalWidth: Double, widest: Double) {
      let hasGrid = P.hasGrid
      let mayHaveKerningOrItems = P.mayHaveKerningOrItems
      let mayTrimSpacing = P.mayTrimSpacing
      let segments = contents.segments.baseAddress.unsafelyUnwrapped
      let keys = contents.keys.baseAddress.unsafelyUnwrapped
      let graphemeWidths = contents.graphemeWidths.baseAddress.unsafelyUnwrapped
      let graphemeEnds = contents.graphemeEnds.baseAddress.unsafelyUnwrapped
      var runningWidth = 0.0
      var widest = 0.0
      var lastContent: Int32 = -1
      // (−∞ before a paragraph's first content: a line without content then measures −∞ by its
      // keys, never the widest, where the previous paragraph's end less its start may be above 0.)
      var lastContentEnd = -Double.infinity
      // One paragraph (the common case: no hard break, or only after the last segment): its end
      // is known without looking for it.
      var paragraphEnd: Int32 =
        hardBreakCount == 0
          || (hardBreakCount == 1 && segmentCount > 0 && segments[segmentCount - 1].hardBreakAfter)
        ? Int32(truncatingIfNeeded: segmentCount - 1) : -1
      var base = Base()
      if !itemStarts.isEmpty { base.nextItemStart = Int(itemStarts[0]) }
      // The kerning after the previous segment (a line starting here starts inside a pair).
      var previousKernAfter = 0.0
      // Segments starting inside the current bidi item, flagged once its width is known.
      var startsInItem = StartsInItem()
      for index in 0..<segmentCount {
        let segment = segments[index]
        let count = Int(segment.graphemeCount)
        let contentCount = Int(segment.contentGraphemeCount)
        let graphemeStart = Int(segment.graphemeStart)
        let widths = graphemeWidths + graphemeStart
        let ends = graphemeEnds + graphemeStart
        // (Graphemes cover the text in order: a segment starts where the grapheme before it ends.)
        let offset = graphemeStart == 0 ? 0 : graphemeEnds[graphemeStart &- 1]
        var contentWidth = segment.contentWidth
        var totalWidth = segment.totalWidth
        var kernAfter = 0.0
        var endTrim = 0.0
        // Where the segment's content end is a reshaped line end's (`WebSpacingTrim`).
        var lineEndTrim: WebSpacingTrim.LineEndTrim?
        if mayHaveKerningOrItems, let kerning {
          let kerns = kerning[index]
          kernAfter = kerns.after
          if mayTrimSpacing, let spacingTrims { endTrim = spacingTrims[index].endTrim }
          if kerns.inside != 0, count > 0 {
            var grapheme = 0
            while grapheme < count - 1, ends[grapheme] - offset <= kerns.insideScalar { grapheme += 1 }
            // A cluster never takes negative room (as `SegmentShaper` keeps it): a kern wider
            // than the cluster (its advance taken to 0 by a negative letter spacing) stops at 0.
            let change = max(kerns.inside, -widths[grapheme])
            widths[grapheme] += change
            totalWidth += change
            if grapheme < contentCount { contentWidth += change }
          }
          if kernAfter != 0, keepsKerningAtLineEnd, count > 0 {
            // The pair's kerning is the last cluster's, even where the line ends after it (down
            // to 0): the last that takes room (the clusters after it hide, as soft hyphens do,
            // and the pair is the scalars around them: `KerningPairs`).
            var last = count - 1
            while last > 0, widths[last] == 0 { last -= 1 }
            let change = max(kernAfter, -widths[last])
            widths[last] += change
            totalWidth += change
            if contentCount == count { contentWidth = totalWidth }
            kernAfter = 0
          }
        }
        var start = runningWidth
        var contentEnd = runningWidth + contentWidth
        var tieRank: Int16 = 0
        var startTieRank: Int16 = 0
        if hasGrid {
          // Blink's positions: the advance from the paragraph's (or bidi item's) start, up to
          // LayoutUnits, with how far each was rounded (the tie ranks).
          // (Bidi items start in this segment: texts with right-to-left scalars only.)
          let segmentEnd = count > 0 ? Int(ends[count - 1]) : Int(offset)
          let passesItems = mayHaveKerningOrItems && base.nextItemStart < segmentEnd
          if passesItems {
            base = passing(
              base, through: Int(offset), from: runningWidth, graphemes: ends, widths: widths, count: count,
              itemStarts: itemStarts, grid: grid)
            startsInItem.noteEndedItem(&base, keys: keys, grid: grid, current: index)
          }
          let exactStart = start - base.exact
          if mayHaveKerningOrItems, !itemStarts.isEmpty, exactStart > 0 {
            startsInItem.pending.append((index, exactStart))
          }
          let (roundedStart, startRank) = grid.roundedUp(exactStart)
          start = base.snapped + roundedStart
          if passesItems {
            let contentEndScalar = contentCount > 0 ? Int(ends[contentCount - 1]) : Int(offset)
            base = passing(
              base, through: contentEndScalar, from: runningWidth, graphemes: ends, widths: widths,
              count: count, itemStarts: itemStarts, grid: grid)
            startsInItem.noteEndedItem(&base, keys: keys, grid: grid, current: index)
          }
          let exactEnd = contentEnd - base.exact
          let (roundedEnd, endRank) = grid.roundedUp(exactEnd)
          contentEnd = base.snapped + roundedEnd
          if passesItems {
            base = passing(
              base, through: segmentEnd - 1, from: runningWidth, graphemes: ends, widths: widths,
              count: count, itemStarts: itemStarts, grid: grid)
            startsInItem.noteEndedItem(&base, keys: keys, grid: grid, current: index)
          }
          tieRank = endRank
          startTieRank = startRank
          if mayHaveKerningOrItems, previousKernAfter != 0, count > 0 {
            // A line starting inside a kerning pair: its first cluster, reshaped alone, takes its
            // width rounded up from the room, not the rounding of its positions.
            let first = widths[0]
            let positions = grid.roundedUpPosition(exactStart + first) - roundedStart
            if grid.roundedUpPosition(first) > positions {
              startTieRank |= PreparedText.LineKey.reshapedStart
            }
          }
        }
        previousKernAfter = kernAfter
        if contentCount > 0 {
          lastContent = Int32(truncatingIfNeeded: index)
          lastContentEnd = contentEnd
        }
        if mayHaveKerningOrItems, kernAfter != 0, hasGrid, contentCount == count, count > 0 {
          // Breaking inside the pair: Blink reshapes the last cluster alone and fits it from the
          // LayoutUnit position of its start (`ShapingLineBreaker`), unrounded. (The line's
          // content end stays the segment's: the search key alone takes the reshaped cluster.)
          let last = widths[count - 1]
          if mayTrimSpacing, let spacingTrims, spacingTrims[index].reshapesAfter {
            let reshaped = WebSpacingTrim.reshapedEnd(
              pieceStart: runningWidth + contentWidth - last, width: last, base: (base.exact, base.snapped))
            if reshaped > contentEnd {
              contentEnd = reshaped
              lineEndTrim = WebSpacingTrim.LineEndTrim(
                segment: Int32(truncatingIfNeeded: index), points: 0, gapFrom: reshaped, gapTo: reshaped)
            }
          } else {
            let lastStart =
              base.snapped + grid.roundedUpPosition(runningWidth + contentWidth - last - base.exact)
            contentEnd = max(contentEnd, lastStart + last)
          }
        }
        if Int32(truncatingIfNeeded: index) > paragraphEnd {
          paragraphEnd = Self.paragraphEnd(from: index, in: segments, count: segmentCount)
        }
        if mayHaveKerningOrItems, startsInItem.flaggedCurrent {
          startTieRank |= PreparedText.LineKey.widerFirstItemPart
          startsInItem.flaggedCurrent = false
        }
        if mayTrimSpacing, endTrim != 0, contentCount > 0, let spacingTrims {
          // A line ending here also fits with the last mark trimmed (`WebSpacingTrim`): the search
          // takes the trimmed end where it is the nearer, the line's width stays the full one
          // (the line finder trims it where the full one does not fit). Texts with such
          // segments take the line finder.
          let trimmed = WebSpacingTrim.trimmedEnd(
            widths: UnsafeBufferPointer(start: widths, count: contentCount),
            graphemes: Int(spacingTrims[index].endTrimGraphemes), contentEnd: runningWidth + contentWidth,
            trim: endTrim, base: (base.exact, base.snapped))
          if trimmed.key < contentEnd {
            let gapFrom =
              lineEndTrim != nil
              ? WebSpacingTrim.flooredPosition(runningWidth + contentWidth, base: (base.exact, base.snapped))
                - WebSpacingTrim.hair
              : contentEnd
            lineEndTrim = WebSpacingTrim.LineEndTrim(
              segment: Int32(truncatingIfNeeded: index), points: endTrim, gapFrom: min(gapFrom, contentEnd),
              gapTo: contentEnd, pieceStart: trimmed.pieceStart, pieceWidth: trimmed.pieceWidth)
            // (A hair nearer than its exact key: the search may take it where the `Float` sum fits.)
            contentEnd = trimmed.key - 1.0 / 1024
          }
        }
        if mayTrimSpacing, let spacingTrims, spacingTrims[index].reshapesAfter {
          // (Kept for the wrap styles' candidates, `WebWrapStyles`; an entry of its own decides
          // no line end.)
          if lineEndTrim == nil {
            lineEndTrim = WebSpacingTrim.LineEndTrim(
              segment: Int32(truncatingIfNeeded: index), points: 0, gapFrom: contentEnd, gapTo: contentEnd,
              decidesFit: false)
          }
          lineEndTrim?.trimAfter = spacingTrims[index].trimAfter
        }
        if mayTrimSpacing, let lineEndTrim {
          lineEndTrims.append(lineEndTrim)
          if lineEndTrim.decidesFit { widest = .infinity }
        }
        keys[index] = PreparedText.LineKey(
          start: start, contentEnd: contentEnd, lineContentEnd: lastContentEnd, paragraphEnd: paragraphEnd,
          tieRank: tieRank, startTieRank: startTieRank)
        segments[index].lastContent = lastContent
        if mayHaveKerningOrItems {
          segments[index].contentWidth = mayTrimSpacing ? contentWidth + endTrim : contentWidth
          segments[index].totalWidth = totalWidth
          segments[index].kernAfter = Float(kernAfter)
        }
        // (`>` rather than `max`, whose NaN rules cost five instructions a segment.)
        if contentWidth > widest { widest = contentWidth }
        // A line may end after a space inside a segment: never only whole segments.
        if segment.hasSpaceInside { widest = .infinity }
        // A line ending here is measured without the pair's kerning (the client reshapes the
        // line end); the next segment starts where the whole run's shaping puts it.
        runningWidth += mayHaveKerningOrItems ? totalWidth + kernAfter : totalWidth
        if segment.hardBreakAfter { lastContentEnd = -.infinity }
        if segment.hardBreakAfter, hasGrid {
          if mayHaveKerningOrItems, !startsInItem.pending.isEmpty {
            startsInItem.flag(inItemOfWidth: runningWidth - base.exact, keys: keys, grid: grid)
          }
          base.exact = runningWidth
          base.snapped = grid.roundedUpPosition(runningWidth)
        }
      }
      if mayHaveKerningOrItems, !startsInItem.pending.isEmpty {
        startsInItem.flag(inItemOfWidth: runningWidth - base.exact, keys: keys, grid: grid)
      }
      // Lines of text with bidi items on the grid are found by the line finder's bidi loop (a
      // line from a flagged start may be wider than its keys; a tie past the item a line starts
      // in fits whatever the ranks): never by the search over whole segments alone.
      if mayHaveKerningOrItems, hasGrid, !itemStarts.isEmpty { widest = .infinity }
      return (runningWidth, widest)
    }

    /// The last segment of the paragraph segment `index` starts: the first at or after it that
    /// ends with a hard break, else the text's last. Out of line: once a paragraph.
    @inline(never) private static func paragraphEnd(
      from index: Int, in segments: UnsafeMutablePointer<PreparedText.Segment>, count: Int
    ) -> Int32 {
      var last = index
      while last < count - 1, !segments[last].hardBreakAfter { last += 1 }
      return Int32(truncatingIfNeeded: last)
    }

    /// `base` moved to the start of every bidi item that starts at or before scalar `last`
    /// (within the segment being placed, from `start`, whose graphemes end at `graphemes` with
    /// `widths`): each item's positions are rounded up from its own start, and it starts where
    /// the item before it ends, rounded up. Out of line: only texts with right-to-left scalars
    /// have items.
    @inline(never) private static func passing(
      _ base: Base, through last: Int, from start: Double, graphemes: UnsafeMutablePointer<Int32>,
      widths: UnsafeMutablePointer<Double>, count: Int, itemStarts: UnsafeBufferPointer<Int32>, grid: Grid
    ) -> Base {
      // Items ascend: the walk over the segment's graphemes goes on from the previous item's
      // (one walk per call, not one per item: a segment may hold thousands of items).
      var base = base
      var position = start
      var grapheme = 0
      while base.nextItemStart <= last {
        while grapheme < count, Int(graphemes[grapheme]) <= base.nextItemStart {
          position += widths[grapheme]
          grapheme += 1
        }
        if base.endedItemWidth.isNaN { base.endedItemWidth = position - base.exact }
        base.snapped += grid.roundedUp(position - base.exact).rounded
        base.exact = position
        base.nextItem += 1
        base.nextItemStart = base.nextItem < itemStarts.count ? Int(itemStarts[base.nextItem]) : .max
      }
      return base
    }
  }
}
