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

  /// Chromium's advances replace HarfBuzz's as segments are appended (web); letter spacing is
  /// added to them.
  let webAdvances: WebAdvances?
  /// Line keys are rounded up to multiples of this from their paragraph's start (0: not rounded).
  let positionGrid: Double
  private var paragraphBase = 0.0
  private var snappedParagraphBase = 0.0
  /// Where bidi items start (scalar offsets, ascending; empty without right-to-left scalars),
  /// and the next one not yet reached.
  let itemStarts: [Int32]
  private var nextItem = 0
  /// The kerning (points) between each segment and the next (`KerningPairs`), or nil; valid
  /// until `finish()`.
  let kerning: UnsafePointer<SegmentKerning>?
  /// True when a line ending inside a kerning pair keeps the pair's kerning (the platform's rule).
  let keepsKerningAtLineEnd: Bool

  init(
    segmentCount: Int, scalarCount: Int, fontSize: Double, letterSpacing: Double,
    webAdvances: WebAdvances? = nil, positionGrid: Double? = nil,
    kerning: UnsafePointer<SegmentKerning>? = nil,
    keepsKerningAtLineEnd: Bool = false, itemStarts: [Int32] = []
  ) {
    self.itemStarts = itemStarts
    self.fontSize = fontSize
    self.letterSpacing = letterSpacing
    self.webAdvances = webAdvances
    self.positionGrid = positionGrid ?? 0
    self.kerning = kerning
    self.keepsKerningAtLineEnd = keepsKerningAtLineEnd
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
    /// The primary font's face for Chromium's advances (most segments are set in it), nil when
    /// HarfBuzz's advances stay; a plain value, so copies of the output retain nothing.
    fileprivate let primaryWebFace: WebAdvances.Face?
    /// The other fonts' faces, looked up for segments set in them.
    fileprivate let webAdvances: WebAdvances?
    fileprivate let positionGrid: Double
    /// `1 / positionGrid` (0 without a grid): the grid is a power of two, so multiplying by this
    /// is dividing by the grid, exactly and without a division.
    fileprivate let inverseGrid: Double
    /// The grid in 1/65536 px less one, when every width is a whole number of 1/65536 px
    /// (Chromium's advances and kerning, no letter spacing), so positions round up to the grid
    /// in integers, exactly; 0 otherwise.
    fileprivate let fixedGridMask: Int64
    /// Where the current paragraph starts (unrounded), and that rounded up to `positionGrid`.
    fileprivate var paragraphBase: Double
    fileprivate var snappedParagraphBase: Double
    /// Where bidi items start (see `PreparedTextBuilder.itemStarts`), the next one not yet
    /// reached, and its start (`Int.max` past the last): on the LayoutUnit grid each item's
    /// positions are rounded up from its own start (Blink snaps each item's part of a line on its
    /// own, `ShapeResultView::SnappedWidth`).
    fileprivate let itemStarts: UnsafeBufferPointer<Int32>
    fileprivate var nextItem: Int
    fileprivate var nextItemStart: Int
    fileprivate let kerning: UnsafePointer<SegmentKerning>?
    fileprivate let keepsKerningAtLineEnd: Bool
    /// True when segments note a space inside them (`Segment.hasSpaceInside`, the platform's rule).
    fileprivate let notesSpacesInside: Bool
    /// SkParagraph's advances of the chain's bitmap font, replacing HarfBuzz's (flutter), or nil,
    /// and its font's bit (0 without). Unmanaged, so that an output holds no counted reference
    /// and copies as plain bytes; `withOutput`'s caller keeps it alive.
    fileprivate let bitmapAdvances: Unmanaged<SkiaBitmapAdvances>?
    fileprivate let bitmapFontBit: UInt16
    /// The kerning after the previous segment (a line starting here starts inside a pair).
    fileprivate var previousKernAfter = 0.0

    /// How far `exact` was rounded up to `rounded`, in 1/65536 px (what `LineKey.tieRank` holds).
    @inline(__always) static func rounding(from exact: Double, to rounded: Double) -> Int16 {
      // (In 0..<1024 units up to the grid's 1/64 px, and a hair below 0 when the grid's tolerance
      // kept `rounded` below `exact`: + 0.5 and truncation round it.)
      Int16(truncatingIfNeeded: ((rounded - exact) * 65536 + 0.5).truncatedNonNegative)
    }

    /// `exact` (a position from its paragraph's or item's start) rounded up to `positionGrid`,
    /// and how far (`LineKey.tieRank`).
    @inline(__always) func roundedUp(_ exact: Double) -> (rounded: Double, rank: Int16) {
      guard fixedGridMask != 0 else {
        let rounded = exact.roundedUp(toMultipleOf: positionGrid, inverse: inverseGrid)
        return (rounded, Self.rounding(from: exact, to: rounded))
      }
      // Whole 1/65536 px (exact in a `Double`): up to the grid in integers. The same result as
      // `roundedUp(toMultipleOf:)`, whose tolerance only matters off the 1/65536 grid.
      let units = (exact * 65536).exactInteger
      let roundedUnits = (units &+ fixedGridMask) & ~fixedGridMask
      return (Double(roundedUnits) * 0x1p-16, Int16(truncatingIfNeeded: roundedUnits &- units))
    }

    /// Appends a shaped segment that starts at scalar `start` of the text; `ends` nil means each
    /// grapheme is one scalar. With `sizedRoom`, its widths as taken here (before kerning) are
    /// also written there, and returned for the cache to keep.
    @inline(__always) @discardableResult mutating func append(
      widthsEm: UnsafeBufferPointer<Double>, ends: UnsafeBufferPointer<Int32>?, trailing: Int, missing: Int,
      fontMask segmentFonts: FontMask, scalars: UnsafeBufferPointer<UInt32>, start: Int, hardBreakAfter: Bool,
      sizedRoom: UnsafeMutablePointer<Double>? = nil
    ) -> SegmentCache.Sizing {
      let count = widthsEm.count
      let contentCount = count - trailing
      let offset = Int32(truncatingIfNeeded: start)
      let widths = graphemeWidths.baseAddress.unsafelyUnwrapped + graphemeCount
      let graphemeEnds = graphemeEnds.baseAddress.unsafelyUnwrapped + graphemeCount
      let (contentWidth, totalWidth) = convert(
        widthsEm: widthsEm, ends: ends, contentCount: contentCount, fontMask: segmentFonts, scalars: scalars,
        offset: offset, into: widths, graphemeEnds: graphemeEnds)
      if let sizedRoom {
        // (A loop: segments are a grapheme or two, where `update(from:count:)` calls `memmove`.)
        for grapheme in 0..<count { sizedRoom[grapheme] = widths[grapheme] }
      }
      place(
        count: count, contentCount: contentCount, contentWidth: contentWidth, totalWidth: totalWidth,
        missing: missing, fontMask: segmentFonts, scalars: scalars, offset: offset,
        hardBreakAfter: hardBreakAfter)
      return SegmentCache.Sizing(fontSize: fontSize, contentWidth: contentWidth, totalWidth: totalWidth)
    }

    /// Appends a cached segment whose widths at this size are `sized` (`SegmentCache.Sizing`).
    @inline(__always) mutating func append(
      sized: UnsafePointer<Double>, sizing: SegmentCache.Sizing, ends: UnsafeBufferPointer<Int32>?,
      count: Int,
      trailing: Int, missing: Int, fontMask segmentFonts: FontMask, scalars: UnsafeBufferPointer<UInt32>,
      start: Int, hardBreakAfter: Bool
    ) {
      let offset = Int32(truncatingIfNeeded: start)
      let graphemeEnds = graphemeEnds.baseAddress.unsafelyUnwrapped + graphemeCount
      let widths = graphemeWidths.baseAddress.unsafelyUnwrapped + graphemeCount
      if count == 1 {
        // Most segments (an ideograph, a word of one letter): placed with the count a constant.
        graphemeEnds[0] = offset &+ Int32(truncatingIfNeeded: scalars.count)
        widths[0] = sized[0]
        place(
          count: 1, contentCount: 1 - trailing, contentWidth: sizing.contentWidth,
          totalWidth: sizing.totalWidth, missing: missing, fontMask: segmentFonts, scalars: scalars,
          offset: offset, hardBreakAfter: hardBreakAfter)
        return
      }
      Self.writeEnds(ends, count: count, offset: offset, to: graphemeEnds)
      for grapheme in 0..<count { widths[grapheme] = sized[grapheme] }
      place(
        count: count, contentCount: count - trailing, contentWidth: sizing.contentWidth,
        totalWidth: sizing.totalWidth, missing: missing, fontMask: segmentFonts, scalars: scalars,
        offset: offset,
        hardBreakAfter: hardBreakAfter)
    }

    /// Writes a segment's grapheme ends (scalar offsets in the text) from `ends` (offsets in the
    /// segment; nil: each grapheme is one scalar).
    @inline(__always) static func writeEnds(
      _ ends: UnsafeBufferPointer<Int32>?, count: Int, offset: Int32,
      to graphemeEnds: UnsafeMutablePointer<Int32>
    ) {
      if let ends {
        for grapheme in 0..<count { graphemeEnds[grapheme] = offset &+ ends[grapheme] }
      } else {
        for grapheme in 0..<count {
          graphemeEnds[grapheme] = offset &+ Int32(truncatingIfNeeded: grapheme &+ 1)
        }
      }
    }

    /// A segment's grapheme widths as the platform takes them, before kerning (Chromium's
    /// advances on the web, SkParagraph's bitmap advances on flutter, then letter spacing),
    /// written to `widths` with the grapheme ends; returns the content and total width.
    @inline(__always) func convert(
      widthsEm: UnsafeBufferPointer<Double>, ends: UnsafeBufferPointer<Int32>?, contentCount: Int,
      fontMask segmentFonts: FontMask, scalars: UnsafeBufferPointer<UInt32>, offset: Int32,
      into widths: UnsafeMutablePointer<Double>, graphemeEnds: UnsafeMutablePointer<Int32>
    ) -> (content: Double, total: Double) {
      let count = widthsEm.count
      var contentWidth = 0.0
      var totalWidth = 0.0
      if let primaryWebFace, letterSpacing == 0 {
        Self.writeEnds(ends, count: count, offset: offset, to: graphemeEnds)
        // Chromium's advance in the segment's only font, else in each cluster's own font.
        let mask = segmentFonts.rawValue
        let severalFonts = segmentFonts.hasSeveral
        let bit = mask != 0 && !severalFonts ? mask.trailingZeroBitCount : 0
        let face = bit == 0 ? primaryWebFace : webAdvances.unsafelyUnwrapped.face(bit: bit)
        // One loop per kind of face, so that the face's constants stay in registers.
        switch severalFonts ? nil : face {
        case nil:
          // Mostly the primary font and one other: that one's face is looked up once.
          let advances = webAdvances.unsafelyUnwrapped
          let otherBit = (mask & ~1).trailingZeroBitCount
          let otherFace = advances.face(bit: otherBit)
          var clusterStart = 0
          for grapheme in 0..<count {
            let clusterEnd = Int(graphemeEnds[grapheme] &- offset)
            let clusterBit = advances.fontBit(
              ofCluster: UnsafeBufferPointer(rebasing: scalars[clusterStart..<clusterEnd]),
              among: segmentFonts)
            let clusterFace =
              clusterBit == 0
              ? primaryWebFace : clusterBit == otherBit ? otherFace : advances.face(bit: clusterBit)
            let advance = WebAdvances.advance(widthsEm[grapheme] * fontSize, in: clusterFace)
            widths[grapheme] = advance
            totalWidth += advance
            if grapheme < contentCount { contentWidth = totalWidth }
            clusterStart = clusterEnd
          }
        case .scalable(let unitsPerPoint, let xScale):
          for grapheme in 0..<count {
            let advance = WebAdvances.scalableAdvance(
              widthsEm[grapheme] * fontSize, unitsPerPoint: unitsPerPoint, xScale: xScale)
            widths[grapheme] = advance
            totalWidth += advance
            if grapheme < contentCount { contentWidth = totalWidth }
          }
        case .bitmap:
          for grapheme in 0..<count {
            let advance = WebAdvances.advance(widthsEm[grapheme] * fontSize, in: face)
            widths[grapheme] = advance
            totalWidth += advance
            if grapheme < contentCount { contentWidth = totalWidth }
          }
        }
      } else if letterSpacing == 0, let ends {
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
        Self.writeEnds(ends, count: count, offset: offset, to: graphemeEnds)
        // Chromium's advance in the segment's font (web), then the spacing.
        var webFace: WebAdvances.Face?
        let mask = segmentFonts.rawValue
        let severalFonts = segmentFonts.hasSeveral
        if let primaryWebFace {
          let bit = mask != 0 && !severalFonts ? mask.trailingZeroBitCount : 0
          webFace = bit == 0 ? primaryWebFace : webAdvances.unsafelyUnwrapped.face(bit: bit)
        }
        for grapheme in 0..<count {
          var advance = widthsEm[grapheme] * fontSize
          if let primaryWebFace, severalFonts {
            let clusterStart = grapheme == 0 ? 0 : Int(graphemeEnds[grapheme - 1] &- offset)
            let clusterEnd = Int(graphemeEnds[grapheme] &- offset)
            let advances = webAdvances.unsafelyUnwrapped
            let bit = advances.fontBit(
              ofCluster: UnsafeBufferPointer(rebasing: scalars[clusterStart..<clusterEnd]),
              among: segmentFonts)
            advance = WebAdvances.advance(advance, in: bit == 0 ? primaryWebFace : advances.face(bit: bit))
          } else if let webFace {
            advance = WebAdvances.advance(advance, in: webFace)
          }
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
      if segmentFonts.rawValue & bitmapFontBit != 0, letterSpacing == 0, let bitmapAdvances {
        // SkParagraph's advances for the clusters set in the bitmap font.
        let onlyBitmap = segmentFonts.rawValue == bitmapFontBit
        bitmapAdvances._withUnsafeGuaranteedRef { bitmapAdvances in
          for grapheme in 0..<count {
            if !onlyBitmap {
              let start = grapheme == 0 ? 0 : Int(graphemeEnds[grapheme - 1] &- offset)
              let cluster = UnsafeBufferPointer(
                rebasing: scalars[start..<Int(graphemeEnds[grapheme] &- offset)])
              guard bitmapAdvances.setsInBitmapFont(cluster) else { continue }
            }
            let change = bitmapAdvances.advance(widths[grapheme], fontSize: fontSize) - widths[grapheme]
            widths[grapheme] += change
            totalWidth += change
            if grapheme < contentCount { contentWidth += change }
          }
        }
      }
      return (contentWidth, totalWidth)
    }

    /// Places a segment whose grapheme widths and ends are written (from `graphemeCount` on):
    /// its kerning, its line key (Blink's positions and tie ranks on the web) and its record.
    @inline(__always) mutating func place(
      count: Int, contentCount: Int, contentWidth: Double, totalWidth: Double, missing: Int,
      fontMask segmentFonts: FontMask, scalars: UnsafeBufferPointer<UInt32>, offset: Int32,
      hardBreakAfter: Bool
    ) {
      var contentWidth = contentWidth
      var totalWidth = totalWidth
      missingGlyphs += missing
      fontMask.formUnion(segmentFonts)
      let graphemeStart = graphemeCount
      let widths = graphemeWidths.baseAddress.unsafelyUnwrapped + graphemeStart
      let graphemeEnds = graphemeEnds.baseAddress.unsafelyUnwrapped + graphemeStart
      var kernAfter = 0.0
      if let kerning {
        let kerns = kerning[segmentCount]
        kernAfter = kerns.after
        if kerns.inside != 0, count > 0 {
          var grapheme = 0
          while grapheme < count - 1, graphemeEnds[grapheme] - offset <= kerns.insideScalar { grapheme += 1 }
          // A cluster never takes negative room (as `SegmentShaper` keeps it): a kern wider than
          // the cluster (its advance taken to 0 by a negative letter spacing) stops at 0.
          let change = max(kerns.inside, -widths[grapheme])
          widths[grapheme] += change
          totalWidth += change
          if grapheme < contentCount { contentWidth += change }
        }
      }
      if kernAfter != 0, keepsKerningAtLineEnd, count > 0 {
        // The pair's kerning is the last cluster's, even where the line ends after it (down to 0).
        let change = max(kernAfter, -widths[count - 1])
        widths[count - 1] += change
        totalWidth += change
        if contentCount == count { contentWidth = totalWidth }
        kernAfter = 0
      }
      graphemeCount += count
      var start = runningWidth
      var contentEnd = runningWidth + contentWidth
      var tieRank: Int16 = 0
      var startTieRank: Int16 = 0
      if positionGrid > 0 {
        // Blink's positions: the advance from the paragraph's (or bidi item's) start, up to
        // LayoutUnits, with how far each was rounded (the tie ranks).
        // (Bidi items start in this segment: texts with right-to-left scalars only.)
        let segmentEnd = Int(offset) &+ scalars.count
        let passesItems = nextItemStart < segmentEnd
        if passesItems {
          passItems(through: Int(offset), graphemes: graphemeEnds, widths: widths, count: count)
        }
        let exactStart = start - paragraphBase
        let (roundedStart, startRank) = roundedUp(exactStart)
        start = snappedParagraphBase + roundedStart
        if passesItems {
          let contentEndScalar = contentCount > 0 ? Int(graphemeEnds[contentCount - 1]) : Int(offset)
          passItems(through: contentEndScalar, graphemes: graphemeEnds, widths: widths, count: count)
        }
        let exactEnd = contentEnd - paragraphBase
        let (roundedEnd, endRank) = roundedUp(exactEnd)
        contentEnd = snappedParagraphBase + roundedEnd
        if passesItems {
          passItems(through: segmentEnd - 1, graphemes: graphemeEnds, widths: widths, count: count)
        }
        tieRank = endRank
        startTieRank = startRank
        if previousKernAfter != 0, count > 0 {
          // A line starting inside a kerning pair: its first cluster, reshaped alone, takes its
          // width rounded up from the room, not the rounding of its positions.
          let first = widths[0]
          let positions =
            (exactStart + first).roundedUp(toMultipleOf: positionGrid, inverse: inverseGrid) - roundedStart
          if first.roundedUp(toMultipleOf: positionGrid, inverse: inverseGrid) > positions {
            startTieRank |= PreparedText.LineKey.reshapedStart
          }
        }
      }
      previousKernAfter = kernAfter
      if contentCount > 0 {
        lastContent = Int32(truncatingIfNeeded: segmentCount)
        lastContentEnd = contentEnd
      }
      if kernAfter != 0, positionGrid > 0, contentCount == count, count > 0 {
        // Breaking inside the pair: Blink reshapes the last cluster alone and fits it from the
        // LayoutUnit position of its start (`ShapingLineBreaker`), unrounded.
        let last = widths[count - 1]
        let lastStart =
          snappedParagraphBase
          + (runningWidth + contentWidth - last - paragraphBase).roundedUp(
            toMultipleOf: positionGrid, inverse: inverseGrid)
        contentEnd = max(contentEnd, lastStart + last)
      }
      keys[segmentCount] = PreparedText.LineKey(
        start: start, contentEnd: contentEnd, lineContentEnd: lastContentEnd, paragraphEnd: 0,
        tieRank: tieRank,
        startTieRank: startTieRank)
      var hasSpaceInside = false
      if notesSpacesInside {
        for grapheme in 0..<max(0, contentCount &- 1)
        where UnicodeProperties.isHangingSpace(
          scalars[grapheme == 0 ? 0 : Int(graphemeEnds[grapheme &- 1] &- offset)])
        {
          hasSpaceInside = true
          break
        }
      }
      segments[segmentCount] = PreparedText.Segment(
        contentWidth: contentWidth, totalWidth: totalWidth,
        graphemeStart: Int32(truncatingIfNeeded: graphemeStart),
        graphemeCount: Int32(truncatingIfNeeded: count),
        contentGraphemeCount: Int32(truncatingIfNeeded: contentCount), hardBreakAfter: hardBreakAfter,
        hasSpaceInside: hasSpaceInside, fontMask: segmentFonts, lastContent: lastContent,
        kernAfter: Float(kernAfter))
      // A line ending here is measured without the pair's kerning (the client reshapes the line
      // end); the next segment starts where the whole run's shaping puts it.
      runningWidth += totalWidth + kernAfter
      if hardBreakAfter, positionGrid > 0 {
        paragraphBase = runningWidth
        snappedParagraphBase = runningWidth.roundedUp(toMultipleOf: positionGrid, inverse: inverseGrid)
      }
      segmentCount += 1
    }

    /// Moves the position base to the start of every bidi item that starts at or before scalar
    /// `last` (within the segment being appended, whose graphemes end at `graphemes` with
    /// `widths`, from `runningWidth`): each item's positions are rounded up from its own start,
    /// and it starts where the item before it ends, rounded up. Out of line: only texts with
    /// right-to-left scalars have items.
    @inline(never) mutating func passItems(
      through last: Int, graphemes: UnsafeMutablePointer<Int32>, widths: UnsafeMutablePointer<Double>,
      count: Int
    ) {
      // Items ascend: the walk over the segment's graphemes goes on from the previous item's
      // (one walk per call, not one per item: a segment may hold thousands of items).
      var position = runningWidth
      var grapheme = 0
      while nextItemStart <= last {
        while grapheme < count, Int(graphemes[grapheme]) <= nextItemStart {
          position += widths[grapheme]
          grapheme += 1
        }
        snappedParagraphBase += roundedUp(position - paragraphBase).rounded
        paragraphBase = position
        nextItem += 1
        nextItemStart = nextItem < itemStarts.count ? Int(itemStarts[nextItem]) : .max
      }
    }

    /// Appends a cached segment, read in place: entry `index` of `reader`'s generation, from its
    /// widths at this size when the cache has them, else from its widths in ems (which then
    /// stores them at this size).
    @inline(__always) mutating func append(
      _ entry: SegmentCache.Entry, at index: Int, of reader: SegmentCache.Reader,
      scalars: UnsafeBufferPointer<UInt32>, start: Int, hardBreakAfter: Bool
    ) {
      // (Letter spacing is left out of the sized widths: with it, they are taken each time.)
      if letterSpacing == 0, let (sized, sizing) = reader.sizedWidths(ofEntryAt: index, fontSize: fontSize) {
        append(
          sized: sized, sizing: sizing, ends: reader.graphemeEnds(of: entry), count: Int(entry.graphemeCount),
          trailing: Int(entry.trailingWhitespaceGraphemes), missing: Int(entry.missingGlyphs),
          fontMask: entry.fontMask, scalars: scalars, start: start, hardBreakAfter: hardBreakAfter)
        return
      }
      let room = letterSpacing == 0 ? reader.sizedWidthsRoom(ofEntryAt: index) : nil
      let sizing = append(
        widthsEm: reader.graphemeWidthsEm(of: entry), ends: reader.graphemeEnds(of: entry),
        trailing: Int(entry.trailingWhitespaceGraphemes), missing: Int(entry.missingGlyphs),
        fontMask: entry.fontMask, scalars: scalars, start: start, hardBreakAfter: hardBreakAfter,
        sizedRoom: room)
      if room != nil { reader.storeSizing(sizing, ofEntryAt: index) }
    }

    /// Appends a cached segment read in place from a reader without sized widths.
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
      _ = segment.graphemeWidthsEm.withUnsafeBufferPointer { widths in
        segment.graphemeEnds.withUnsafeBufferPointer { ends in
          append(
            widthsEm: widths, ends: ends, trailing: segment.trailingWhitespaceGraphemes,
            missing: segment.missingGlyphs, fontMask: segment.fontMask, scalars: scalars, start: start,
            hardBreakAfter: hardBreakAfter)
        }
      }
    }
  }

  /// Runs `body` with write access to the output arrays; segments note a space inside them when
  /// `notesSpacesInside`, and `bitmapAdvances` replace HarfBuzz's for a bitmap font (the
  /// platform's rules; given here, not kept in the builder, which stays small to move).
  mutating func withOutput<Result>(
    notesSpacesInside: Bool = false, bitmapAdvances: SkiaBitmapAdvances? = nil,
    _ body: (inout Output) -> Result
  ) -> Result {
    let (result, output) = itemStarts.withUnsafeBufferPointer { items in
      storage.withContents { contents in
        var output = Output(
          segments: contents.segments, keys: contents.keys, graphemeWidths: contents.graphemeWidths,
          graphemeEnds: contents.graphemeEnds, fontSize: fontSize, letterSpacing: letterSpacing,
          segmentCount: segmentCount, graphemeCount: graphemeCount, missingGlyphs: missingGlyphs,
          fontMask: fontMask, runningWidth: runningWidth, lastContent: lastContent,
          lastContentEnd: lastContentEnd, primaryWebFace: webAdvances?.face(bit: 0), webAdvances: webAdvances,
          positionGrid: positionGrid, inverseGrid: positionGrid > 0 ? 1 / positionGrid : 0,
          fixedGridMask: positionGrid > 0 && webAdvances != nil && letterSpacing == 0
            ? Int64(positionGrid * 65536) - 1 : 0,
          paragraphBase: paragraphBase, snappedParagraphBase: snappedParagraphBase,
          itemStarts: items, nextItem: nextItem,
          nextItemStart: nextItem < items.count ? Int(items[nextItem]) : .max,
          kerning: kerning, keepsKerningAtLineEnd: keepsKerningAtLineEnd,
          notesSpacesInside: notesSpacesInside, bitmapAdvances: bitmapAdvances.map(Unmanaged.passUnretained),
          bitmapFontBit: bitmapAdvances.map { 1 << $0.bit } ?? 0)
        let result = body(&output)
        return (
          result,
          (
            output.segmentCount, output.graphemeCount, output.missingGlyphs, output.fontMask,
            output.runningWidth, output.lastContent, output.lastContentEnd, output.paragraphBase,
            output.snappedParagraphBase, output.nextItem
          )
        )
      }
    }
    (
      segmentCount, graphemeCount, missingGlyphs, fontMask, runningWidth, lastContent, lastContentEnd,
      paragraphBase, snappedParagraphBase, nextItem
    ) = output
    return result
  }

  /// What `prepare` keeps of a finished builder (a builder is larger and holds more references:
  /// returning it through the closures of `prepare` copies and releases it several times).
  typealias Finished = (storage: PreparedTextStorage, fontMask: FontMask, missingGlyphs: Int)

  /// Records how much was written and links each segment to its paragraph's last segment; the
  /// storage is complete.
  func finish() -> Finished {
    let (widestSegmentContent, itemGraphemes): (Double, [Int32]) = storage.withContents { contents in
      let segments = contents.segments
      var paragraphEnd = Int32(truncatingIfNeeded: segments.count - 1)
      var widest = 0.0
      var index = segments.count - 1
      while index >= 0 {
        if segments[index].hardBreakAfter { paragraphEnd = Int32(truncatingIfNeeded: index) }
        contents.keys[index].paragraphEnd = paragraphEnd
        widest = max(widest, segments[index].contentWidth)
        // A line may end after a space inside a segment: never only whole segments.
        if segments[index].hasSpaceInside { widest = .infinity }
        index -= 1
      }
      return (
        widest,
        positionGrid > 0 && !itemStarts.isEmpty ? startGraphemesOfItems(ends: contents.graphemeEnds) : []
      )
    }
    storage.finish(
      graphemeCount: graphemeCount, segmentCount: segmentCount, widestSegmentContent: widestSegmentContent,
      segmentsPerPoint: runningWidth > 0 ? Double(segmentCount) / runningWidth : 0,
      // (Chromium's advances and kerning are whole 1/65536 px; so are positions when the letter
      // spacing is too, and then a segment's start less its tie rank is its exact start.)
      snapsCutWordTails: positionGrid > 0 && webAdvances != nil
        && (letterSpacing * 65536).rounded() == letterSpacing * 65536,
      itemStartGraphemes: itemGraphemes)
    return (storage, fontMask, missingGlyphs)
  }

  /// The grapheme each bidi item after the first starts at (where `passItems` moved the position
  /// base: the first grapheme that ends past the item's first scalar), ascending; `ends` are the
  /// graphemes' ends.
  private func startGraphemesOfItems(ends: UnsafeMutableBufferPointer<Int32>) -> [Int32] {
    var starts: [Int32] = []
    var grapheme = 0
    for item in itemStarts where item > 0 {
      while grapheme < graphemeCount, ends[grapheme] <= item { grapheme += 1 }
      starts.append(Int32(truncatingIfNeeded: grapheme))
    }
    return starts
  }
}
