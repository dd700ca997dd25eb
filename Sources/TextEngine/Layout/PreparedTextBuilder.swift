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
  /// How many segments end with a hard break.
  private var hardBreakCount = 0
  private var segmentCount = 0
  private var graphemeCount = 0

  /// Chromium's advances replace HarfBuzz's as segments are appended (web); letter spacing is
  /// added to them.
  let webAdvances: WebAdvances?
  /// Line keys are rounded up to multiples of this from their paragraph's start (0: not rounded).
  let positionGrid: Double
  /// Where bidi items start (scalar offsets, ascending; empty without right-to-left scalars).
  let itemStarts: [Int32]
  /// The kerning (points) between each segment and the next (`KerningPairs`), or nil; valid
  /// until `finish()`.
  let kerning: UnsafePointer<SegmentKerning>?
  /// True when a line ending inside a kerning pair keeps the pair's kerning (the platform's rule).
  let keepsKerningAtLineEnd: Bool
  /// The tab stops the text's tabs reach (the web, a text with tabs; `WebTabStops`), or nil: its
  /// tabs are then 0 wide in the prepared text and its runs of tabs kept for the line finder.
  let tabStops: WebTabStops?
  /// True when some of `itemStarts` start bidi items (the others follow runs of tabs).
  let hasBidiItems: Bool

  init(
    segmentCount: Int, scalarCount: Int, fontSize: Double, letterSpacing: Double,
    webAdvances: WebAdvances? = nil, positionGrid: Double? = nil,
    kerning: UnsafePointer<SegmentKerning>? = nil,
    keepsKerningAtLineEnd: Bool = false, itemStarts: [Int32] = [], cutKerningRoom: Bool = false,
    tabStops: WebTabStops? = nil, hasBidiItems: Bool = false
  ) {
    self.itemStarts = itemStarts
    self.hasBidiItems = hasBidiItems
    self.tabStops = tabStops
    self.fontSize = fontSize
    self.letterSpacing = letterSpacing
    self.webAdvances = webAdvances
    self.positionGrid = positionGrid ?? 0
    self.kerning = kerning
    self.keepsKerningAtLineEnd = keepsKerningAtLineEnd
    storage = PreparedTextStorage.make(
      segmentCount: segmentCount, graphemeCapacity: scalarCount, cutKerningRoom: cutKerningRoom)
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
    fileprivate var fontMask: FontMask
    fileprivate var hardBreakCount: Int
    /// The primary font's face for Chromium's advances (most segments are set in it), nil when
    /// HarfBuzz's advances stay; a plain value, so copies of the output retain nothing.
    fileprivate let primaryWebFace: WebAdvances.Face?
    /// The other fonts' faces, looked up for segments set in them.
    fileprivate let webAdvances: WebAdvances?
    /// True when segments note a space inside them (`Segment.hasSpaceInside`, the platform's rule).
    fileprivate let notesSpacesInside: Bool
    /// SkParagraph's advances of the chain's bitmap font, replacing HarfBuzz's (flutter), or nil,
    /// and its font's bit (0 without). Unmanaged, so that an output holds no counted reference
    /// and copies as plain bytes; `withOutput`'s caller keeps it alive.
    fileprivate let bitmapAdvances: Unmanaged<SkiaBitmapAdvances>?
    fileprivate let bitmapFontBit: UInt16
    /// For each scalar of the text, true when a cluster it starts takes no letter spacing (the
    /// platform's rule, ``WebLetterSpacing``), or nil: every cluster but a hard break takes it.
    /// Valid while `withOutput` runs.
    fileprivate let unspacedScalars: UnsafePointer<Bool>?

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
          // Letter spacing follows every cluster but the hard-break characters (and those the
          // platform leaves unspaced).
          let firstScalar = grapheme == 0 ? 0 : Int(graphemeEnds[grapheme - 1] &- offset)
          if !UnicodeProperties.isHardBreak(scalars[firstScalar]),
            unspacedScalars.map({ !$0[Int(offset) + firstScalar] }) ?? true
          {
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

    /// Records a segment whose grapheme widths and ends are written (from `graphemeCount` on);
    /// its kerning, line key and last content come in `finish()` (`Positions`).
    @inline(__always) mutating func place(
      count: Int, contentCount: Int, contentWidth: Double, totalWidth: Double, missing: Int,
      fontMask segmentFonts: FontMask, scalars: UnsafeBufferPointer<UInt32>, offset: Int32,
      hardBreakAfter: Bool
    ) {
      missingGlyphs &+= missing
      fontMask.formUnion(segmentFonts)
      let graphemeStart = graphemeCount
      graphemeCount &+= count
      var hasSpaceInside = false
      if notesSpacesInside {
        let graphemeEnds = graphemeEnds.baseAddress.unsafelyUnwrapped + graphemeStart
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
        hasSpaceInside: hasSpaceInside, fontMask: segmentFonts, lastContent: -1)
      segmentCount &+= 1
      hardBreakCount &+= hardBreakAfter ? 1 : 0
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
    unspacedScalars: UnsafePointer<Bool>? = nil, _ body: (inout Output) -> Result
  ) -> Result {
    let (result, output) = storage.withContents { contents in
      var output = Output(
        segments: contents.segments, graphemeWidths: contents.graphemeWidths,
        graphemeEnds: contents.graphemeEnds, fontSize: fontSize, letterSpacing: letterSpacing,
        segmentCount: segmentCount, graphemeCount: graphemeCount, missingGlyphs: missingGlyphs,
        fontMask: fontMask, hardBreakCount: hardBreakCount, primaryWebFace: webAdvances?.face(bit: 0),
        webAdvances: webAdvances,
        notesSpacesInside: notesSpacesInside, bitmapAdvances: bitmapAdvances.map(Unmanaged.passUnretained),
        bitmapFontBit: bitmapAdvances.map { 1 << $0.bit } ?? 0, unspacedScalars: unspacedScalars)
      let result = body(&output)
      return (
        result,
        (
          output.segmentCount, output.graphemeCount, output.missingGlyphs, output.fontMask,
          output.hardBreakCount
        )
      )
    }
    (segmentCount, graphemeCount, missingGlyphs, fontMask, hardBreakCount) = output
    return result
  }

  /// What `prepare` keeps of a finished builder (a builder is larger and holds more references:
  /// returning it through the closures of `prepare` copies and releases it several times).
  typealias Finished = (storage: PreparedTextStorage, fontMask: FontMask, missingGlyphs: Int)

  /// Places the segments (`Positions`: kerning, line keys, paragraph ends) and records how
  /// much was written; the storage is complete.
  /// `hasLineStartHyphen`: a line may start at a hyphen that keeps what follows with it
  /// (`Header.hasLineStartHyphen`).
  /// `spacingTrims`: where the text's fullwidth marks are trimmed (`WebSpacingTrim`), the marks
  /// set narrower inside their segments (applied to the widths before they are placed) and each
  /// segment's trims (the trims across segments are in `kerning`); nil where none is.
  func finish(
    codes: UnsafeBufferPointer<UInt32>? = nil, hasLineStartHyphen: Bool = false,
    spacingTrims: WebSpacingTrim.BuilderTrims? = nil
  ) -> Finished {
    // (Appended to only where marks are trimmed: other texts keep the header's empty array.)
    var lineEndTrims: [WebSpacingTrim.LineEndTrim] = []
    let (placed, itemGraphemes, tabRuns, positionsRise) = itemStarts.withUnsafeBufferPointer { items in
      storage.withContents { contents in
        if let spacingTrims, !spacingTrims.inside.isEmpty {
          Self.applyInsideTrims(spacingTrims.inside, to: contents)
        }
        let tabRuns =
          tabStops != nil && codes != nil
          ? Self.removeTabWidths(contents, count: segmentCount, codes: codes.unsafelyUnwrapped) : []
        let placed = Positions.place(
          contents, count: segmentCount, hardBreakCount: hardBreakCount,
          grid: Positions.Grid(step: positionGrid, widthsAreFixed: webAdvances != nil && letterSpacing == 0),
          itemStarts: items, kerning: kerning, keepsKerningAtLineEnd: keepsKerningAtLineEnd,
          spacingTrims: spacingTrims?.segments, lineEndTrims: &lineEndTrims)
        return (
          placed,
          positionGrid > 0 && !itemStarts.isEmpty ? startGraphemesOfItems(ends: contents.graphemeEnds) : [],
          tabRuns,
          // (Only a negative letter spacing can take positions back.)
          letterSpacing >= 0 || PreparedText.LineKey.positionsRise(contents.keys.prefix(segmentCount))
        )
      }
    }
    storage.finish(
      // (Where positions fall back, the searches over whole segments cannot find a line's first
      // segment past its reach: the line finder's loop finds every line.)
      graphemeCount: graphemeCount, segmentCount: segmentCount,
      widestSegmentContent: positionsRise ? placed.widest : .infinity,
      segmentsPerPoint: placed.totalWidth > 0 ? Double(segmentCount) / placed.totalWidth : 0,
      // (Chromium's advances and kerning are whole 1/65536 px; so are positions when the letter
      // spacing is too, and then a segment's start less its tie rank is its exact start.)
      snapsCutWordTails: positionGrid > 0 && webAdvances != nil
        && (letterSpacing * 65536).rounded() == letterSpacing * 65536,
      itemStartGraphemes: itemGraphemes, tabRuns: tabRuns, tabStops: tabRuns.isEmpty ? nil : tabStops,
      hasBidiItems: hasBidiItems, hasLineStartHyphen: hasLineStartHyphen, lineEndTrims: lineEndTrims)
    return (storage, fontMask, missingGlyphs)
  }

  /// Sets each mark of `trims` narrower: the grapheme holding its scalar, and its segment's
  /// widths (a grapheme never narrower than 0).
  private static func applyInsideTrims(
    _ trims: [(segment: Int, scalar: Int, points: Double)], to contents: PreparedTextStorage.Contents
  ) {
    // (Trims come in text order: the search for each one's grapheme goes on from the last one's
    // in the same segment, so that a segment of many trimmed marks is one pass.)
    var cursor = (segment: -1, grapheme: 0)
    for trim in trims {
      let segment = contents.segments[trim.segment]
      let first = Int(segment.graphemeStart)
      let count = Int(segment.graphemeCount)
      guard count > 0 else { continue }
      var grapheme = cursor.segment == trim.segment ? cursor.grapheme : first
      while grapheme < first + count - 1, contents.graphemeEnds[grapheme] <= trim.scalar { grapheme += 1 }
      cursor = (trim.segment, grapheme)
      let change = max(trim.points, -contents.graphemeWidths[grapheme])
      contents.graphemeWidths[grapheme] += change
      contents.segments[trim.segment].totalWidth += change
      if grapheme - first < Int(segment.contentGraphemeCount) {
        contents.segments[trim.segment].contentWidth += change
      }
    }
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
