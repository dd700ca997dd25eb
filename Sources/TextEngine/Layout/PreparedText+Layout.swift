extension PreparedText {
  /// How far past the width a line may reach and still fit, in points.
  ///
  /// Widths are sums of per-glyph advances (HarfBuzz design units scaled to the font size) in
  /// double precision, so two engines can differ in the last bits, and real text has exact
  /// ties ("language and of UNIX" is exactly 150 pt at 15 pt). A line fits when its width
  /// without hanging whitespace is ≤ `width + fitTolerance`. 1/256 pt is far below a pixel at
  /// any scale and above accumulated rounding, so exact ties fit, as in browsers, Pango and Skia.
  public static let fitTolerance = 1.0 / 256

  /// One line found by the breaker: graphemes `graphemeRange`, `contentWidth` without
  /// trailing whitespace.
  ///
  /// A line's width is where its content ends minus where it starts, both prefix sums of the
  /// segments' widths (plus the graphemes of a segment broken at the line's start), in
  /// `measure`, `layout` and `forEachLine` alike, so all three agree to the last bit. Over a
  /// card's text it is within 10⁻⁹ pt of adding the line's widths one by one.
  struct LineBreak {
    var graphemeRange: Range<Int>
    var contentWidth: Double
    var endsWithHardBreak: Bool

    /// No line (a placeholder).
    static let empty = LineBreak(graphemeRange: 0..<0, contentWidth: 0, endsWithHardBreak: false)
  }

  /// The last segment in `first...paragraphEnd` whose content ends within `reach` (prefix-sum
  /// coordinates; `first` itself must fit): a binary search, as content ends never decrease.
  @inline(__always) static func lastSegment<Key: LineSearchKey>(
    in keys: UnsafePointer<Key>, from first: Int, through paragraphEnd: Int,
    within reach: Double
  ) -> Int {
    var last = first
    var high = paragraphEnd
    while last < high {
      let middle = (last &+ high &+ 1) >> 1
      if keys[middle].contentEnd <= reach { last = middle } else { high = middle &- 1 }
    }
    return last
  }

  /// `lastSegment(in:from:through:within:)` started at `guess`: gallops away from it to bracket
  /// the answer, then halves the bracket. A few probes when lines hold similar numbers of
  /// segments, a binary search at worst.
  @inline(__always) static func lastSegment<Key: LineSearchKey>(
    in keys: UnsafePointer<Key>, from first: Int, through paragraphEnd: Int,
    within reach: Double,
    guess: Int
  ) -> Int {
    var low = first
    var high = paragraphEnd
    let guess = min(guess, high)
    if guess > low {
      var step = 1
      if keys[guess].contentEnd <= reach {
        low = guess
        while low < high {
          let probe = min(low &+ step, high)
          if keys[probe].contentEnd > reach {
            high = probe &- 1
            break
          }
          low = probe
          step &<<= 1
        }
      } else {
        high = guess &- 1
        while low < high {
          let probe = max(high &- step &+ 1, low &+ 1)
          if keys[probe].contentEnd <= reach {
            low = probe
            break
          }
          high = probe &- 1
          step &<<= 1
        }
      }
    }
    return lastSegment(in: keys, from: low, through: high, within: reach)
  }

  /// `lastSegment(in:from:through:within:)` looked for first at `guess` and its neighbour (the
  /// usual answer when lines hold similar numbers of segments), then by galloping.
  @inline(__always) static func lastSegment<Key: LineSearchKey>(
    in keys: UnsafePointer<Key>, from first: Int, through paragraphEnd: Int,
    within reach: Double, near guess: Int
  ) -> Int {
    var last = min(guess, paragraphEnd)
    if keys[last].contentEnd <= reach {
      for _ in 0..<3 {
        if last == paragraphEnd || keys[last &+ 1].contentEnd > reach { return last }
        last &+= 1
      }
      return lastSegment(in: keys, from: last, through: paragraphEnd, within: reach, guess: last &+ 1)
    }
    for _ in 0..<3 {
      last &-= 1
      if last <= first || keys[last].contentEnd <= reach { return max(first, last) }
    }
    return lastSegment(in: keys, from: first, through: last &- 1, within: reach, guess: last &- 1)
  }

  /// The first line's guess of how many segments follow its first: the estimated segments a
  /// line (`estimate`, the width times the text's segments per point) less one, or the rest of
  /// the text when it may all fit (and for NaN: an unconstrained width over zero-width text).
  ///
  /// Only a guess, so it rounds rather than truncates: adding 1.5 × 2⁵² to a double in
  /// 0..<2³¹ leaves it, rounded to an integer, in the low bits, without the range checks and
  /// branches of a trapping conversion (3% of `PreparedTextBatch.measure`'s instructions).
  /// `estimate` is never negative (a width is positive and segments per point are not
  /// negative), and with `count` under 2³¹ (segment indices are 32-bit) the guess is in
  /// `0..<count`.
  @inline(__always) static func firstLineFollowing(estimate: Double, count: Int) -> Int {
    guard estimate < Double(count) else { return count &- 1 }
    let rounded = Int(UInt32(truncatingIfNeeded: (estimate + 0x1.8p52).bitPattern))
    return max(0, rounded &- 1)
  }

  /// Validates a layout width: positive and not NaN; +infinity means unconstrained.
  @inline(__always) static func validate(width: Double) throws(TextError) {
    guard width > 0 else { throw invalidWidth(width) }
  }

  /// The error for a width ≤ 0 or NaN (built out of line: the check above stays two instructions).
  @inline(never) static func invalidWidth(_ width: Double) -> TextError {
    TextError(.invalidWidth, "width must be a positive number (or +infinity for no wrapping), got \(width)")
  }

  /// Greedy line breaking over prepared widths, calling `body` for each line in order until it
  /// returns false. Breaks at UAX #14 opportunities; a segment wider than the line breaks
  /// between grapheme clusters; trailing spaces hang; hard breaks end lines.
  ///
  /// A line starting at a segment takes every following segment whose content ends within the
  /// width: the segments' prefix sums make that a binary search per line (up to the
  /// paragraph's end) instead of a step per segment.
  @inline(__always) static func forEachLine(
    in view: PreparedTextStorage.View, limit: Double, platform: TextPlatform,
    _ body: (LineBreak) -> Bool
  ) {
    switch platform {
    case .web: forEachLine(in: view, limit: limit, rules: WebTextRules.self, body)
    case .flutter: forEachLine(in: view, limit: limit, rules: FlutterTextRules.self, body)
    case .android: forEachLine(in: view, limit: limit, rules: AndroidTextRules.self, body)
    case .ios: forEachLine(in: view, limit: limit, rules: IOSTextRules.self, body)
    }
  }

  /// `forEachLine(in:limit:platform:_:)` under one platform's rules, known when it is compiled:
  /// one line finder per platform, without the branches of the others' rules.
  @inline(__always) static func forEachLine<Rules: PlatformTextRules>(
    in view: PreparedTextStorage.View, limit: Double, rules: Rules.Type, _ body: (LineBreak) -> Bool
  ) {
    // Lines from inside a bidi item (the web) are measured past its end as Blink snaps them
    // (`LineKey.widerFirstItemPart`), lines of text with tabs reach their tab stops, and lines
    // may end trimmed or with a hyphen: each in a loop of its own, so that other texts pay
    // nothing.
    if Rules.positionGrid != nil, view.hasBidiItems {
      forEachLine(in: view, limit: limit, rules: rules, widening: WidensFirstItemParts.self, body)
    } else if Rules.expandsTabs, view.hasTabsOrLineEndRules {
      forEachLine(in: view, limit: limit, rules: rules, widening: KeepsKeyWidthsPastTabs.self, body)
    } else {
      forEachLine(in: view, limit: limit, rules: rules, widening: KeepsKeyWidths.self, body)
    }
  }

  /// Whether a line finder widens lines from `LineKey.widerFirstItemPart` starts, whether it
  /// reaches tab stops (`View.tabRuns`), and whether it reads line ends that differ from their
  /// keys: reshaped ones (`View.lineEndTrims`, `WebSpacingTrim`) and ones with a hyphen
  /// (`View.softHyphenSegments`, `WebSoftHyphens`).
  protocol LineWidening {
    static var widensFirstItemParts: Bool { get }
    static var reachesTabStops: Bool { get }
    static var changesLineEnds: Bool { get }
  }
  enum WidensFirstItemParts: LineWidening {
    static var widensFirstItemParts: Bool { true }
    static var reachesTabStops: Bool { true }
    static var changesLineEnds: Bool { true }
  }
  /// Texts with tabs, reshaped line ends or soft hyphens (all rare: one loop).
  enum KeepsKeyWidthsPastTabs: LineWidening {
    static var widensFirstItemParts: Bool { false }
    static var reachesTabStops: Bool { true }
    static var changesLineEnds: Bool { true }
  }
  enum KeepsKeyWidths: LineWidening {
    static var widensFirstItemParts: Bool { false }
    static var reachesTabStops: Bool { false }
    static var changesLineEnds: Bool { false }
  }

  /// `forEachLine(in:limit:rules:_:)` with the widening of lines from inside a bidi item known
  /// at compile time.
  @inline(__always) static func forEachLine<Rules: PlatformTextRules, Widening: LineWidening>(
    in view: PreparedTextStorage.View, limit: Double, rules: Rules.Type, widening: Widening.Type,
    _ body: (LineBreak) -> Bool
  ) {
    let segments = view.segments
    let count = segments.count
    guard count > 0 else { return }
    let graphemeWidths = view.graphemeWidths
    let keys = view.keys.baseAddress.unsafelyUnwrapped
    // The line so far: from grapheme `lineStart`, the tail of a segment broken between
    // graphemes (`leadWidth` wide, `leadContent` without trailing whitespace) or nothing.
    var lineStart = 0
    var leadWidth = 0.0
    var leadContent = 0.0
    // Where the lead starts on the LayoutUnit grid and how far it was rounded up (1/65536 px),
    // where the view snaps cut word tails (else NaN): the line is then measured from there, as
    // Blink measures a line's part of an item (`SnappedWidth`).
    var leadPosition = Double.nan
    var leadRank: Int16 = 0
    // The next bidi item start (`View.itemStartGraphemes`) a cut word may hold.
    var nextItem = 0
    // Texts with bidi items: where the lead starts inside an item and the line may go on past
    // its end, the first segment past it, and how much wider than their positions make them
    // the lines reaching it are (`LeadPastItem`).
    var leadPast = LeadPastItem.none
    // A last line of whole segments still open at the end of the text.
    var openLine: LineBreak?
    // Texts with tabs (the web): the first run of tabs not before the segment being placed.
    let tabRuns = view.tabRuns
    var nextTabRun = 0
    // The segment of the first run of tabs at or after segment `segment` (`Int.max`: none), which
    // `nextTabRun` then indexes (lines only go forward).
    func nextTabSegment(from segment: Int) -> Int {
      while nextTabRun < tabRuns.count, Int(tabRuns[nextTabRun].segment) < segment { nextTabRun += 1 }
      return nextTabRun < tabRuns.count ? Int(tabRuns[nextTabRun].segment) : .max
    }
    // Whether a segment, a word too long for any line, begins on the line it would overflow
    // after `used` points (SkParagraph): when more than one glyph fits there, as
    // `FlutterTooLongWords` counts them (without a chain: when two of its graphemes fit).
    var tooLongWords =
      Rules.overlongWordsFillLines ? FlutterTooLongWords(view: view, rule: Rules.clusterFontRule) : nil
    func fillsLine(with segment: Segment, after used: Double) -> Bool {
      let first = Int(segment.graphemeStart)
      let end = first + Int(segment.contentGraphemeCount)
      guard tooLongWords != nil else {
        return end - first >= 2 && used + graphemeWidths[first] + graphemeWidths[first + 1] <= limit
      }
      let fitting =
        graphemesFitting(graphemeWidths, from: first, to: end, after: used, within: limit).end - first
      return tooLongWords!.fillsLine(from: first, fitting: fitting)
    }
    // Whether SkParagraph takes a segment as a word too long for any line: its width without its
    // last cluster when nothing follows that cluster in the segment (`TextWrapper::lookAhead`
    // measures the next word up to the cluster a break opportunity follows, not including it).
    func isTooLongToWait(_ segment: Segment) -> Bool {
      var width = segment.contentWidth
      if segment.graphemeCount == segment.contentGraphemeCount, segment.contentGraphemeCount > 0 {
        width -= graphemeWidths[Int(segment.graphemeStart + segment.contentGraphemeCount) - 1]
      }
      return width > limit
    }
    let overlongWordsFillLines = Rules.overlongWordsFillLines
    let endsLinesAfterOverflowingSpaces = Rules.endsLinesAfterOverflowingSpaces
    // Texts with soft hyphens where a line ending at one ends with a hyphen (`WebSoftHyphens`),
    // and the segment that overflows the line with its hyphen (the line ends before it, after
    // what leads it, or it is cut), or -1.
    let drawsHyphens =
      Widening.changesLineEnds && Rules.drawsHyphenAtSoftHyphenBreaks && !view.softHyphenSegments.isEmpty
    var cutBeforeHyphen = -1
    var index = 0
    while index < count {
      let segment = segments[index]
      let first = Int(segment.graphemeStart)
      var overflows =
        leadPosition.isNaN
        ? leadWidth + segment.contentWidth > limit
        : keys[index].contentEnd - leadPosition > limit
          || (keys[index].contentEnd - leadPosition == limit && keys[index].tieRank < leadRank)
      if Widening.widensFirstItemParts, !leadPosition.isNaN, index >= leadPast.segment {
        overflows = keys[index].contentEnd - leadPosition + leadPast.widening > limit
      }
      if drawsHyphens, index == cutBeforeHyphen { overflows = true }
      // A segment alone on its line over several bidi items is as wide as its items' parts
      // snapped: wider than the line, Blink breaks it between graphemes.
      if Widening.widensFirstItemParts, !overflows, leadWidth == 0, leadPosition.isNaN, lineStart == first,
        view.snapsCutWordTails, segment.contentGraphemeCount > 1,
        Self.snappedWidth(ofSegment: index, in: view, grid: Rules.positionGrid ?? 0, searchFrom: nextItem)
          > limit
      {
        overflows = true
      }
      if overflows {
        // Whether the segment is a word too long for any line (nil: as `isTooLongToWait` says).
        var tooLong: Bool?
        if endsLinesAfterOverflowingSpaces, segment.hasSpaceInside {
          guard
            let ended = endLineAfterOverflowingSpace(
              segment, in: view, limit: limit, lineStart: &lineStart, leadWidth: &leadWidth,
              leadContent: &leadContent, tooLong: &tooLong, body)
          else { return }
          if ended {
            index += 1
            continue
          }
        }
        // A word wider than any line starts on this one where the platform fills lines with it;
        // so does a word after the hyphen a cut word's tail starts the line with, where Blink's
        // break iterator, starting at the line, keeps them together (digits, or a letter after a
        // dash).
        let joinsLineStartHyphen =
          Rules.joinsLineStartHyphens && lineStart < first
          && lineStartHyphenJoins(from: lineStart, before: first, in: view)
        // A no-break space inside a word too long for any line is a break of last resort.
        var noBreakSpace = FlutterNoBreakSpaces.Break.none
        if Rules.breaksTooLongWordsAtNoBreakSpaces, lineStart < first, tooLong ?? isTooLongToWait(segment) {
          noBreakSpace = Self.noBreakSpaceBreak(segment, in: view, after: leadWidth, limit: limit)
          // (Where the rest of the word is too long for the next line as well, it is cut as
          // before: not modelled.)
          if case .endsAfter(let space) = noBreakSpace,
            Self.restFits(after: space, of: segment, in: view, limit: limit)
          {
            var content = leadWidth
            for grapheme in first...space { content += graphemeWidths[grapheme] }
            // (The rest of the word leads the next line.)
            guard
              endLine(
                at: space + 1, content: content, restOf: segment, in: view, lineStart: &lineStart,
                leadWidth: &leadWidth, leadContent: &leadContent, body)
            else { return }
            index += 1
            continue
          }
        }
        if lineStart < first, !joinsLineStartHyphen,
          noBreakSpace == .waits
            || !(overlongWordsFillLines && (tooLong ?? isTooLongToWait(segment))
              && fillsLine(with: segment, after: leadWidth))
        {
          let hyphen =
            drawsHyphens && index > 0 ? WebSoftHyphens.drawnHyphen(endingAt: index - 1, in: view) : 0
          // (A segment whose hyphen overflowed the line after a lead starts the next line afresh.)
          if drawsHyphens, index == cutBeforeHyphen { cutBeforeHyphen = -1 }
          guard
            body(
              LineBreak(
                graphemeRange: lineStart..<first, contentWidth: leadContent + hyphen, endsWithHardBreak: false
              ))
          else { return }
          lineStart = first
          leadWidth = 0
          leadContent = 0
          leadPosition = .nan
          continue
        }
        // Alone on its line and still too wide: break between grapheme clusters.
        let contentEnd = first + Int(segment.contentGraphemeCount)
        let end = first + Int(segment.graphemeCount)
        if endsLinesAfterOverflowingSpaces, segment.hasSpaceInside {
          guard
            breakBetweenGraphemesKeepingOverflowingSpaces(
              segment, in: view, limit: limit, lineStart: &lineStart, leadWidth: &leadWidth,
              leadContent: &leadContent, body)
          else { return }
        } else {
          // Where positions are snapped (`View.snapsCutWordTails`), each piece of the word is as
          // wide as its snapped positions make it, and so is the tail the next line starts with.
          let key = keys[index]
          let snaps = view.snapsCutWordTails && (lineStart == first || joinsLineStartHyphen)
          var positions = CutWordPositions(
            key: key, first: first, grid: Rules.positionGrid ?? 0, items: view.itemStartGraphemes,
            searchFrom: nextItem)
          var piece = (position: key.start, rank: Int16(0))
          if snaps {
            piece =
              joinsLineStartHyphen
              ? (leadPosition, leadRank)
              : positions.position(ofGrapheme: first, lead: 0, widths: graphemeWidths)
          }
          // The line's width before the segment (the joined hyphen's) on its first piece, else 0.
          var leadBefore = joinsLineStartHyphen ? leadWidth : 0
          // The joined hyphen's line where none of the segment fits after it: the hyphen's own
          // width, its end reshaped without the kerning to the segment (Blink's cut there).
          let joinedLeadContent = leadContent
          // The room the piece's reshaped end must fit: the line's, or the room less the hyphen
          // where the piece was cut in it (Blink's second `ShapeLine` reshapes the end in that room).
          var pieceLimit = limit
          var grapheme = first
          while true {
            let before = grapheme
            // A line takes its first grapheme whatever its width, then every one that fits.
            if grapheme == lineStart, grapheme < contentEnd {
              leadWidth += graphemeWidths[grapheme]
              grapheme += 1
            }
            (grapheme, leadWidth) = graphemesFitting(
              graphemeWidths, from: grapheme, to: contentEnd, after: leadWidth, within: limit)
            // (SkParagraph: a no-break space that does not fit ends the piece, the rest of the
            // word too long for the line: `FlutterNoBreakSpaces`.)
            if Rules.breaksTooLongWordsAtNoBreakSpaces, grapheme < contentEnd, grapheme > lineStart,
              Self.isNoBreakSpace(grapheme, in: view)
            {
              leadWidth += graphemeWidths[grapheme]
              grapheme += 1
            }
            if grapheme > before { leadContent = leadWidth }
            // (The rest fits by its advances, but not with the hyphen after it where the line ends
            // at its soft hyphen: the cut moves back.)
            if grapheme == contentEnd, drawsHyphens, lineStart >= first || joinsLineStartHyphen,
              let piece = WebSoftHyphens.pieceBeforeHyphen(
                of: index, from: lineStart, to: contentEnd, width: leadWidth, limit: limit,
                endsLine: index == cutBeforeHyphen
                  || WebSoftHyphens.lineEnds(afterPieceOf: index, width: leadWidth, limit: limit, in: view),
                in: view)
            {
              // (Once: the next line, from the rest, is decided afresh.)
              cutBeforeHyphen = -1
              (grapheme, leadWidth) = piece
              leadContent = leadWidth
              pieceLimit = limit - view.hyphenWidth
            } else if grapheme == contentEnd,
              !(snaps && view.hasBidiItems && grapheme - 1 > lineStart
                && Self.snappedPieceIsWider(
                  Widening.self, than: limit, positions: positions, piece: piece, from: lineStart,
                  to: grapheme,
                  advance: leadWidth - leadBefore, in: view, grid: Rules.positionGrid ?? 0))
            {
              break
            }
            // Blink reshapes the piece's end (the web): its last grapheme loses its kerning to the
            // next, and the line steps back a grapheme while the reshaped piece does not fit.
            var endKerning = 0.0
            if !view.cutKerning.isEmpty {
              endKerning = view.cutKerning(beforeGrapheme: grapheme)
              if endKerning != 0, leadWidth + endKerning > pieceLimit, grapheme - 1 > lineStart {
                (grapheme, leadWidth, endKerning) = steppingBack(
                  from: grapheme, lineStart: lineStart, limit: pieceLimit, width: { graphemeWidths[$0] },
                  endKerning: { view.cutKerning(beforeGrapheme: $0) })
              }
              leadContent = leadWidth + endKerning
            }
            if snaps {
              let positionsBefore = positions
              var end = Self.snappedPiece(
                Widening.self, positions: &positions, piece: piece, from: lineStart, to: grapheme,
                advance: leadWidth - leadBefore + endKerning, in: view, grid: Rules.positionGrid ?? 0)
              // A piece over several bidi items is wider than its advances by their parts'
              // rounding: Blink steps back while it is wider than the line. (Rare: bidi text.)
              if end.width > pieceLimit, view.hasBidiItems, grapheme - 1 > lineStart {
                (grapheme, leadWidth, endKerning, end, positions) = Self.steppingBackToSnappedFit(
                  Widening.self, from: grapheme, within: pieceLimit, positions: positionsBefore, piece: piece,
                  lineStart: lineStart, first: first, leadBefore: leadBefore, in: view,
                  grid: Rules.positionGrid ?? 0)
              }
              leadContent = joinsLineStartHyphen && grapheme == first ? joinedLeadContent : end.width
              // (The next piece starts where the text's shaping puts the cut, not the reshaped end.)
              piece =
                endKerning == 0
                ? end.position
                : positions.position(
                  ofGrapheme: grapheme, lead: leadWidth - leadBefore, widths: graphemeWidths)
              positions.startPiece(atGrapheme: grapheme, lead: leadWidth - leadBefore)
            }
            guard
              body(
                LineBreak(
                  graphemeRange: lineStart..<grapheme, contentWidth: leadContent, endsWithHardBreak: false))
            else { return }
            lineStart = grapheme
            leadWidth = 0
            leadBefore = 0
            pieceLimit = limit
          }
          if snaps {
            let end = positions.position(
              ofGrapheme: contentEnd, lead: leadWidth - leadBefore, widths: graphemeWidths)
            leadContent = end.position - piece.position
            if !Widening.widensFirstItemParts, piece.rank > end.rank { leadContent += LineKey.rankedGrid }
            if Widening.widensFirstItemParts, contentEnd > lineStart {
              leadContent += CutWordPositions.widening(
                ofPieceFrom: lineStart, to: contentEnd, at: piece, in: view, grid: Rules.positionGrid ?? 0)
            }
            (leadPosition, leadRank) = piece
            if Widening.widensFirstItemParts {
              leadPast = LeadPastItem(
                from: lineStart, at: piece, after: index, in: view, limit: limit,
                grid: Rules.positionGrid ?? 0)
            }
          }
          nextItem = positions.nextItemIndex
        }
        for grapheme in contentEnd..<end { leadWidth += graphemeWidths[grapheme] }
        // The next segment starts after the kerning across the opportunity (`KerningPairs`).
        leadWidth += Double(segment.kernAfter)
        if Widening.reachesTabStops, Rules.expandsTabs, !tabRuns.isEmpty, !segment.hardBreakAfter {
          if nextTabSegment(from: index) == index {
            // The tail's tabs reach their tab stop from where its content ends; the text after
            // them is a new item, measured from the line position they end at.
            // (Positions not snapped: the line is taken to start its content's width before the
            // content's end.)
            let start =
              leadPosition.isNaN ? (keys[index].contentEnd - leadContent, Int16(0)) : (leadPosition, leadRank)
            let after = Self.lineAfterTabs(
              from: nextTabRun, in: view, lineStart: (start.0, start.1, 0))
            (leadPosition, leadRank) = (after.start, 0)
            leadPast = .none
            leadWidth = after.width
          }
        }
        if segment.hardBreakAfter {
          guard
            body(
              LineBreak(
                graphemeRange: lineStart..<end, contentWidth: leadContent, endsWithHardBreak: true))
          else { return }
          lineStart = end
          leadWidth = 0
          leadContent = 0
          leadPosition = .nan
        }
        index += 1
        continue
      }
      // Segments `index...last` fit where their content ends within `reach` of the text's start.
      let key = keys[index]
      let reach = leadPosition.isNaN ? (limit - leadWidth) + key.start : limit + leadPosition
      // (In text with tabs, up to the next run of tabs: the line goes on after it below.)
      var through = Int(key.paragraphEnd)
      var tabs: WebTabStops.Run?
      if Widening.reachesTabStops, Rules.expandsTabs, !tabRuns.isEmpty {
        let tabSegment = nextTabSegment(from: index)
        if tabSegment < through {
          tabs = tabRuns[nextTabRun]
          through = tabSegment
        }
      }
      var last = lastSegment(in: keys, from: index, through: through, within: reach)
      if leadWidth == 0 {
        if Widening.widensFirstItemParts, last > index, keys[last].contentEnd == reach {
          last = decidingTiesBeforeItemEnd(last, in: view, from: index, within: reach)
        } else {
          last = decidingTies(last, in: keys, from: index, within: reach)
        }
      } else if !leadPosition.isNaN {
        if Widening.widensFirstItemParts, last >= leadPast.segment {
          last = leadPast.lastSegment(from: index, last: last, in: keys, within: reach)
        }
        // At a tie the line fits when its exact width does too (`LineKey.tieRank`).
        while last > index, last < leadPast.segment, keys[last].contentEnd == reach,
          keys[last].tieRank < leadRank
        {
          last &-= 1
        }
      }
      // A line of one hyphen the next segment does not fit after, where Blink's break iterator,
      // starting at the line, keeps the hyphen with what follows (`joinsLineStartHyphens`, after
      // `-` or `?`: `Na-|-жжж`): the hyphen leads that segment, cut as one word with it.
      if Rules.joinsLineStartHyphens, last == index, segment.graphemeCount == 1,
        Self.hyphenLeadsNextSegment(
          index, lineStart: lineStart, leadWidth: leadWidth, leadPosition: leadPosition, in: view)
      {
        leadWidth = segment.contentWidth
        leadContent = leadWidth
        leadPosition = key.start
        leadRank = key.startRounding
        index += 1
        continue
      }
      // Where a line ending with a mark Blink may trim fits neither way (`WebSpacingTrim`).
      if Widening.changesLineEnds, !view.lineEndTrims.isEmpty, leadWidth == 0, leadPosition.isNaN {
        last = WebSpacingTrim.adjustedLastSegment(
          last, from: index, through: through, reach: reach, keys: keys, trims: view.lineEndTrims)
      }
      // A line ending at a soft hyphen holds the hyphen too (`WebSoftHyphens`): where it does not
      // fit, the line ends earlier, or the segment overflows it.
      if drawsHyphens {
        if let found = WebSoftHyphens.lastSegment(
          last, from: index, reach: reach,
          startRank: leadPosition.isNaN ? (leadWidth == 0 ? key.startRounding : 0) : leadRank,
          hasLead: lineStart < first, in: view)
        {
          last = found
        } else {
          // (The segment overflows: the line ends before it, after what leads it, or cuts it.)
          cutBeforeHyphen = index
          continue
        }
      }
      // Past the end of the bidi item it starts in, a line from a `widerFirstItemPart` start is
      // one grid unit wider than its keys (texts with bidi items on the web only).
      var widening = 0.0
      if Widening.widensFirstItemParts, leadWidth == 0, leadPosition.isNaN,
        key.startTieRank & LineKey.widerFirstItemPart != 0
      {
        // (Not past `last`, which a hyphen that does not fit may have taken back.)
        (last, widening) = lastSegmentFromWiderStart(
          index, last: last, through: min(through, last), in: view, within: reach,
          grid: Rules.positionGrid ?? 0)
      }
      // A line that holds a run of tabs reaches its tab stop from where it starts (the content
      // before it, which it hangs after) and goes on from its end; where content after the tabs
      // in their segment (which the keys measured without them) does not fit, the line ends
      // before that segment.
      var afterTabs: (start: Double, width: Double)?
      if Widening.reachesTabStops, Rules.expandsTabs, let tabs, last == Int(tabs.segment) {
        let after = Self.lineAfterTabs(
          from: nextTabRun, in: view,
          lineStart: leadPosition.isNaN
            ? (key.start, key.startRounding, leadWidth) : (leadPosition, leadRank, 0))
        if last > index, tabs.grapheme < segments[last].graphemeStart + segments[last].contentGraphemeCount,
          keys[last].contentEnd - after.start > limit
        {
          last -= 1
        } else {
          afterTabs = after
        }
      }
      let lastSegment = segments[last]
      let contentSegment = Int(lastSegment.lastContent)
      // With bidi items, a line from a segment's start whose content ends inside the item it
      // starts in is that item's part alone, `ceil(e − o)` as without items: a grid unit wider
      // when the tie ranks say so (past the item, its parts are snapped one by one: `widening`).
      // (The ranks first: the item's end is looked for only where they would widen the line.)
      let widensWithinFirstItem =
        Widening.widensFirstItemParts && leadWidth == 0 && leadPosition.isNaN && contentSegment >= index
        && key.startRounding > keys[contentSegment].tieRank
        && contentSegment < firstSegmentPastItem(startingAt: index, in: view)
      var line = LineBreak(
        graphemeRange: lineStart..<Int(lastSegment.graphemeStart + lastSegment.graphemeCount),
        contentWidth: contentSegment >= index
          ? (leadPosition.isNaN
            ? (leadWidth == 0 && !Widening.widensFirstItemParts
              ? LineKey.lineWidth(
                from: key, toLineContentEnd: keys[last].lineContentEnd,
                contentTieRank: keys[contentSegment].tieRank)
              : leadWidth + (keys[last].lineContentEnd - key.start)
                + (widensWithinFirstItem ? LineKey.rankedGrid : 0))
            : keys[last].lineContentEnd - leadPosition
              + (!Widening.widensFirstItemParts && leadRank > keys[contentSegment].tieRank
                ? LineKey.rankedGrid : 0))
          : leadContent,
        endsWithHardBreak: lastSegment.hardBreakAfter)
      if Widening.widensFirstItemParts {
        line.contentWidth += widening
        if !leadPosition.isNaN, contentSegment >= leadPast.segment { line.contentWidth += leadPast.widening }
      }
      if drawsHyphens, contentSegment == last {
        line.contentWidth += WebSoftHyphens.drawnHyphen(endingAt: last, in: view)
      }
      // A line that fits only with its last mark trimmed (`WebSpacingTrim`) is that much narrower.
      if Widening.changesLineEnds, line.contentWidth > limit, contentSegment == last,
        !view.lineEndTrims.isEmpty,
        let trim = WebSpacingTrim.LineEndTrim.find(last, in: view.lineEndTrims)
      {
        line.contentWidth += trim.points
      }
      if let afterTabs {
        (leadPosition, leadRank) = (afterTabs.start, 0)
        leadPast = .none
        leadWidth = afterTabs.width
        leadContent = line.contentWidth
        index = last + 1
        continue
      }
      index = last + 1
      if endsLinesAfterOverflowingSpaces, last < Int(key.paragraphEnd), segments[index].hasSpaceInside {
        // The next segment may put a space that does not fit on this line: it decides above.
        leadWidth += keys[index].start - key.start
        leadContent = line.contentWidth
        continue
      }
      if overlongWordsFillLines, last < Int(key.paragraphEnd), isTooLongToWait(segments[index]) {
        let used = leadWidth + (keys[index].start - key.start)
        if fillsLine(with: segments[index], after: used) {
          // The line stays open: the next word's graphemes fill it (SkParagraph's `tooLongWord`).
          leadWidth = used
          leadContent = line.contentWidth
          continue
        }
      }
      lineStart = line.graphemeRange.upperBound
      leadWidth = 0
      leadContent = 0
      leadPosition = .nan
      if index == count && !lastSegment.hardBreakAfter {
        openLine = line
        break
      }
      guard body(line) else { return }
    }
    // The last line; after a final hard break it is an empty line where the platform starts one
    // (Pango and SkParagraph do, Chromium under `pre-wrap` does not).
    if var openLine {
      openLine.endsWithHardBreak = false
      _ = body(openLine)
    } else if lineStart < graphemeWidths.count
      || (segments[count - 1].hardBreakAfter && Rules.finalHardBreakStartsLine)
    {
      _ = body(
        LineBreak(
          graphemeRange: lineStart..<graphemeWidths.count, contentWidth: leadContent,
          endsWithHardBreak: false))
    }
  }

  /// The end of a piece of a cut word from grapheme `lineStart` that no longer fits once its
  /// end is reshaped (`View.cutKerning`), stepped back until it does (Blink's `ShapeLine`) or
  /// holds one grapheme: the end, the piece's advance in context (graphemes' `width`s), and the
  /// kerning it loses (`endKerning` of a piece ending before a grapheme). Plain text and spans
  /// alike. Out of line: rare. `isTooWide(end, advance, endKerning)`, when given, tells instead
  /// whether the piece is still too wide (spans: its items' parts snapped).
  @inline(never) static func steppingBack(
    from end: Int, lineStart: Int, limit: Double, width: (Int) -> Double, endKerning: (Int) -> Double,
    isTooWide: ((Int, Double, Double) -> Bool)? = nil
  ) -> (end: Int, width: Double, endKerning: Double) {
    var end = end
    var piece = 0.0
    var kerning = 0.0
    repeat {
      end -= 1
      // (Summed in order, as `graphemesFitting` sums: the same bits.)
      piece = 0
      for grapheme in lineStart..<end { piece += width(grapheme) }
      kerning = endKerning(end)
    } while (isTooWide?(end, piece, kerning) ?? (piece + kerning > limit)) && end - 1 > lineStart
    return (end, piece, kerning)
  }

  /// The piece of a cut word from `lineStart` to `end`, `advance` past the start of the piece at
  /// `piece`, as Blink measures it: each bidi item's part snapped; `positions` go on to `end`.
  @inline(__always) static func snappedPiece<Widening: LineWidening>(
    _ widening: Widening.Type, positions: inout CutWordPositions, piece: (position: Double, rank: Int16),
    from lineStart: Int, to end: Int, advance: Double, in view: PreparedTextStorage.View, grid: Double
  ) -> (position: (position: Double, rank: Int16), width: Double) {
    let position = positions.position(ofGrapheme: end, lead: advance, widths: view.graphemeWidths)
    var width = position.position - piece.position
    // (Blink's `ceil(e − o)`: `LineKey.lineWidth(from:toLineContentEnd:contentTieRank:)`.)
    if !Widening.widensFirstItemParts, piece.rank > position.rank { width += LineKey.rankedGrid }
    if Widening.widensFirstItemParts {
      width += CutWordPositions.widening(ofPieceFrom: lineStart, to: end, at: piece, in: view, grid: grid)
    }
    return (position, width)
  }

  /// Whether `snappedPiece` is wider than `limit`. Out of line: bidi text only.
  @inline(never) static func snappedPieceIsWider<Widening: LineWidening>(
    _ widening: Widening.Type, than limit: Double, positions: CutWordPositions,
    piece: (position: Double, rank: Int16), from lineStart: Int, to end: Int, advance: Double,
    in view: PreparedTextStorage.View, grid: Double
  ) -> Bool {
    var positions = positions
    return snappedPiece(
      widening, positions: &positions, piece: piece, from: lineStart, to: end, advance: advance, in: view,
      grid: grid
    ).width > limit
  }

  /// Steps a cut word's piece back from `end` a grapheme at a time (keeping one) while its
  /// snapped width (`snappedPiece`, from `positions` as they were at the piece's start) is wider
  /// than `limit`: its advance (after `leadBefore`, the graphemes from the later of `lineStart`
  /// and `first` summed in order), reshaped end's kerning, snapped end and positions there. Out
  /// of line: pieces over several bidi items only.
  @inline(never) static func steppingBackToSnappedFit<Widening: LineWidening>(
    _ widening: Widening.Type, from end: Int, within limit: Double, positions: CutWordPositions,
    piece: (position: Double, rank: Int16), lineStart: Int, first: Int, leadBefore: Double,
    in view: PreparedTextStorage.View, grid: Double
  ) -> (
    end: Int, advance: Double, endKerning: Double,
    snapped: (position: (position: Double, rank: Int16), width: Double), positions: CutWordPositions
  ) {
    var end = end
    var advance = 0.0
    var endKerning = 0.0
    var snapped: (position: (position: Double, rank: Int16), width: Double)
    var moved = positions
    repeat {
      end -= 1
      advance = leadBefore
      for grapheme in max(lineStart, first)..<end { advance += view.graphemeWidths[grapheme] }
      endKerning = view.cutKerning.isEmpty ? 0 : view.cutKerning(beforeGrapheme: end)
      moved = positions
      snapped = snappedPiece(
        widening, positions: &moved, piece: piece, from: lineStart, to: end,
        advance: advance - leadBefore + endKerning, in: view, grid: grid)
    } while snapped.width > limit && end - 1 > lineStart
    return (end, advance, endKerning, snapped, moved)
  }

  /// ``FlutterNoBreakSpaces/decide(from:to:after:limit:width:isNoBreakSpace:)`` for `segment`
  /// of `view` after `lead`. Out of line: words too long for any line only.
  @inline(never) static func noBreakSpaceBreak(
    _ segment: Segment, in view: PreparedTextStorage.View, after lead: Double, limit: Double
  ) -> FlutterNoBreakSpaces.Break {
    let first = Int(segment.graphemeStart)
    return FlutterNoBreakSpaces.decide(
      from: first, to: first + Int(segment.contentGraphemeCount), after: lead, limit: limit,
      width: { view.graphemeWidths[$0] }, isNoBreakSpace: { isNoBreakSpace($0, in: view) })
  }

  /// Whether the content of `segment` after grapheme `grapheme` fits a line of its own.
  static func restFits(
    after grapheme: Int, of segment: Segment, in view: PreparedTextStorage.View, limit: Double
  )
    -> Bool
  {
    var rest = 0.0
    for index in (grapheme + 1)..<(Int(segment.graphemeStart) + Int(segment.contentGraphemeCount)) {
      rest += view.graphemeWidths[index]
    }
    return rest <= limit
  }

  /// The content of segment `index` of `view` as wide as Blink makes it alone on a line: its
  /// bidi items' parts snapped (`CutWordPositions`), as a cut word's piece. Out of line: bidi
  /// text only.
  @inline(never) static func snappedWidth(
    ofSegment index: Int, in view: PreparedTextStorage.View, grid: Double, searchFrom nextItem: Int
  ) -> Double {
    let segment = view.segments[index]
    let first = Int(segment.graphemeStart)
    let contentEnd = first + Int(segment.contentGraphemeCount)
    let widths = view.graphemeWidths
    var positions = CutWordPositions(
      key: view.keys[index], first: first, grid: grid, items: view.itemStartGraphemes, searchFrom: nextItem)
    let start = positions.position(ofGrapheme: first, lead: 0, widths: widths)
    var advance = 0.0
    for grapheme in first..<contentEnd { advance += widths[grapheme] }
    return snappedPiece(
      WidensFirstItemParts.self, positions: &positions, piece: start, from: first, to: contentEnd,
      advance: advance, in: view, grid: grid
    ).width
  }

  /// The graphemes `start..<end` of `widths` that fit after `lead` within `limit`: the first
  /// whose advance takes the running sum past `limit` (or `end`), and the sum before it.
  ///
  /// The sums are the running sum's own, bit for bit, as adding one grapheme at a time. A
  /// grapheme is never negative (shaping and spacing stop a cluster at 0), so the running sum
  /// never falls: when the fourth of four graphemes added in order is within the limit, all four
  /// are, and a long URL or path cut into lines takes one test every four graphemes.
  @inline(__always) static func graphemesFitting(
    _ widths: UnsafeBufferPointer<Double>, from start: Int, to end: Int, after lead: Double,
    within limit: Double
  ) -> (end: Int, width: Double) {
    let base = widths.baseAddress.unsafelyUnwrapped
    var grapheme = start
    var width = lead
    while grapheme &+ 4 <= end {
      let fourth = width + base[grapheme] + base[grapheme &+ 1] + base[grapheme &+ 2] + base[grapheme &+ 3]
      guard fourth <= limit else { break }
      width = fourth
      grapheme &+= 4
    }
    while grapheme < end {
      let next = width + base[grapheme]
      guard next <= limit else { break }
      width = next
      grapheme &+= 1
    }
    return (grapheme, width)
  }

  /// Where a line goes on after the runs of tabs of one segment (`runs[first]` and those after
  /// it in that segment), from a line start at position `lineStart.position` rounded up
  /// `lineStart.rounding` (1/65536 px) with `lineStart.lead` before it: the position by the keys
  /// that the line's next item part is measured from (rounded up to the grid, as the text after
  /// the tabs is placed from) and the line's width after the tabs.
  ///
  /// Each run reaches its tab stop from where Blink's line breaker has it: the line's part of
  /// the item before it, its exact advance rounded up to the grid (`SnappedWidth`). Positions
  /// are whole 1/65536 px (a rounded position less its rounding is exact, and so are sums of
  /// widths); each item's are rounded up from its own start, one grid unit at most past where
  /// the previous item's rounding left them.
  static func lineAfterTabs(
    from first: Int, in view: PreparedTextStorage.View,
    lineStart: (position: Double, rounding: Int16, lead: Double)
  ) -> (start: Double, width: Double) {
    let runs = view.tabRuns
    let tabStops = view.tabStops.unsafelyUnwrapped
    let index = Int(runs[first].segment)
    let segment = view.segments[index]
    let key = view.keys[index]
    let grid = LineKey.rankedGrid
    var exact = key.start - Double(key.startRounding) * 0x1p-16
    var grapheme = Int(segment.graphemeStart)
    var start = lineStart.position - Double(lineStart.rounding) * 0x1p-16
    var lead = lineStart.lead
    var width = 0.0
    var run = first
    while run < runs.count, Int(runs[run].segment) == index {
      for before in grapheme..<Int(runs[run].grapheme) { exact += view.graphemeWidths[before] }
      grapheme = Int(runs[run].grapheme)
      let distance = ((exact - start) * 64).rounded(.up) / 64 + lead
      width = distance + tabStops.runWidth(at: distance, count: Int(runs[run].count))
      // The text after the tabs is an item placed from the tabs' start rounded up.
      let rounded = exact.roundedUp(toMultipleOf: grid, inverse: 1 / grid)
      start = rounded - width
      lead = 0
      exact = rounded
      run += 1
    }
    return (start, width)
  }

  /// The last segment of a line from segment `index`, a `LineKey.widerFirstItemPart` start,
  /// found as `last` within `reach` by its keys (up to segment `through`), and how much wider than its keys its content
  /// is: past the end of the bidi item the line starts in, one `grid` unit. (At a tie such a
  /// line fits: its last item's part starts on the grid, and Blink tests that part at its exact
  /// width against the room the snapped parts before it leave.) Out of line: bidi text only.
  @inline(never) static func lastSegmentFromWiderStart(
    _ index: Int, last: Int, through: Int, in view: PreparedTextStorage.View, within reach: Double,
    grid: Double
  ) -> (last: Int, widening: Double) {
    let pastItem = firstSegmentPastItem(startingAt: index, in: view)
    guard last >= pastItem else { return (last, 0) }
    let keys = view.keys.baseAddress.unsafelyUnwrapped
    let wider = lastSegment(in: keys, from: index, through: through, within: reach - grid)
    let found = max(wider, min(last, pastItem - 1), index)
    return (found, Int(view.segments[found].lastContent) >= pastItem ? grid : 0)
  }

  /// `decidingTies` for a line from segment `index` of a text with bidi items: a tie past the
  /// end of the item the line starts in fits (the line's last item part starts on the grid, and
  /// Blink tests that part at its exact width against the room the snapped parts before it
  /// leave); before it, the tie ranks decide. Out of line: ties in bidi text only.
  @inline(never) static func decidingTiesBeforeItemEnd(
    _ last: Int, in view: PreparedTextStorage.View, from index: Int, within reach: Double
  ) -> Int {
    let keys = view.keys.baseAddress.unsafelyUnwrapped
    let pastItem = firstSegmentPastItem(startingAt: index, in: view)
    guard last < pastItem else { return last }
    return decidingTies(last, in: keys, from: index, within: reach)
  }

  /// The first segment that reaches past the end of the bidi item segment `index` starts in
  /// (the one holding the next item's first grapheme), or the segment count when no item
  /// follows.
  static func firstSegmentPastItem(startingAt index: Int, in view: PreparedTextStorage.View) -> Int {
    let segments = view.segments
    guard let itemStart = view.itemStart(after: Int(segments[index].graphemeStart)) else {
      return segments.count
    }
    var segment = index
    var top = segments.count - 1
    while segment < top {
      let middle = (segment + top + 1) / 2
      if Int(segments[middle].graphemeStart) <= itemStart { segment = middle } else { top = middle - 1 }
    }
    return segment
  }

  /// The lines at `width` (whose fit limit is `limit`) as `breaking` breaks them: greedily, as
  /// Blink's `text-wrap-style: balance` and `pretty` (``WebWrapStyles``) or as minikin's optimal
  /// breaker (`MinikinOptimalLineBreaker`), calling `body` for each line in order until it
  /// returns false.
  ///
  /// `wholeSegments`: no segment is wider than `limit` (the prepared text's widest segment
  /// content is within it), so greedy lines are found by `forEachWholeSegmentLine`, starting from
  /// the text's `segmentsPerPoint`.
  @inline(__always) static func forEachLine(
    in view: PreparedTextStorage.View, limit: Double, width: Double, platform: TextPlatform,
    breaking: LineBreaking, fontSize: Double, wholeSegments: Bool = false, segmentsPerPoint: Double = 0,
    _ body: (LineBreak) -> Bool
  ) {
    switch breaking {
    case .greedy where wholeSegments:
      forEachWholeSegmentLine(
        in: view, limit: limit, segmentsPerPoint: segmentsPerPoint,
        finalHardBreakStartsLine: platform.finalHardBreakStartsLine, body)
    case .greedy: forEachLine(in: view, limit: limit, platform: platform, body)
    case .balance: WebWrapStyles.balance(in: view, limit: limit, width: width, fontSize: fontSize, body)
    case .pretty: WebWrapStyles.pretty(in: view, limit: limit, width: width, fontSize: fontSize, body)
    case .optimal:
      MinikinOptimalLineBreaker.forEachLine(
        in: view, limit: limit, fontSize: fontSize, platform: platform, body)
    }
  }

  /// Line count, height and truncation at a width: pure arithmetic, no allocation.
  /// - Throws: `TextError.Code.invalidWidth` for a width ≤ 0 or NaN.
  public func measure(width: Double) throws(TextError) -> TextMeasurement {
    try Self.validate(width: width)
    storage.storage.prefetchHeaderAndLineKeys()
    return storage.storage.withHeaderAndLineFinderView { header, lineFinder in
      if let boxes = header.pointee.paragraph.lineBoxes {
        return withView {
          Self.measureLinesOfDifferentHeights(
            $0, width: width, paragraph: &header.pointee.paragraph, boxes: boxes)
        }
      }
      let limit = header.pointee.paragraph.platform.lineLimit(
        forWidth: width, in: header.pointee.paragraph.style)
      let maxLines = header.pointee.paragraph.style.maxLines
      let breaking = LineBreaking(
        textWrap: header.pointee.paragraph.style.textWrap,
        androidStyle: header.pointee.paragraph.style.androidStyle)
      let (count, truncated, widest) =
        breaking != .greedy
        ? withView(breaking: breaking) {
          Self.measureAnyLines(
            $0, limit: limit, width: width, maxLines: maxLines,
            platform: header.pointee.paragraph.platform, breaking: breaking,
            fontSize: header.pointee.paragraph.style.fontSize)
        }
        : limit >= header.pointee.widestSegmentContent
          ? Self.measureWholeSegments(
            keys: lineFinder.keys, count: lineFinder.segments.count,
            endsWithHardBreak: (lineFinder.segments.last?.hardBreakAfter ?? false)
              && header.pointee.paragraph.platform.finalHardBreakStartsLine, limit: limit,
            maxLines: maxLines, segmentsPerPoint: header.pointee.segmentsPerPoint)
          : withView {
            Self.measureAnyLines(
              $0, limit: limit, maxLines: maxLines,
              platform: header.pointee.paragraph.platform)
          }
      return TextMeasurement(
        lineCount: count,
        height: Self.height(
          ofLineCount: count, lineHeight: header.pointee.paragraph.lineHeight,
          lineSpacing: header.pointee.paragraph.lineSpacing, edges: header.pointee.paragraph.edges,
          pixelScale: header.pointee.paragraph.style.pixelScale),
        truncated: truncated, maxLineWidth: widest)
    }
  }

  /// `measure(width:)` when no segment is wider than the line (the common case): every line
  /// is whole segments.
  ///
  /// A line's last segment is the last whose content ends within the line's reach of the text's
  /// start (prefix sums). Lines of a paragraph hold similar numbers of segments, so the search
  /// starts where the previous line's count puts it (the first line: where the text's average
  /// segment width puts it) and usually ends after two probes; otherwise it gallops. A line's
  /// width is a subtraction of prefix sums; a line without content comes out ≤ 0 and counts
  /// as 0.
  ///
  /// `keys` holds the `count` segments' keys (a prepared text's own, or a `PreparedTextBatch`'s
  /// compact ones); `endsWithHardBreak` tells whether the last segment ends with a hard break.
  @inline(__always) static func measureWholeSegments<Key: LineSearchKey>(
    keys: UnsafePointer<Key>, count: Int, endsWithHardBreak: Bool, limit: Double, maxLines: Int,
    segmentsPerPoint: Double
  ) -> (lineCount: Int, truncated: Bool, widest: Double) {
    guard count > 0 else { return (0, false, 0) }
    let maxLines = maxLines > 0 ? maxLines : Int.max
    var lines = 0
    var index = 0
    var widest = 0.0
    var widestIsWider = false
    // Segments after the first on the previous line (for the first line, an estimate).
    var following = firstLineFollowing(estimate: limit * segmentsPerPoint, count: count)
    repeat {
      let last = lastSegmentOfLine(
        from: index, in: keys, through: keys[index].paragraphEnd(textEnd: count &- 1), limit: limit,
        following: following)
      lines &+= 1
      // On the grid, the widest line is a LayoutUnit wider than its keys say when one of the
      // lines its keys make the widest is (`LineSearchKey.isWider`), asked only of those.
      let width = Key.keyWidth(in: keys, from: index, to: last)
      if width >= widest, width > 0 {
        let wider = Key.isWider(in: keys, from: index, to: last)
        if width > widest {
          widest = width
          widestIsWider = wider
        } else if wider {
          widestIsWider = true
        }
      }
      following = last &- index
      index = last &+ 1
      if lines == maxLines {
        if index < count { return (lines, true, widestIsWider ? widest + LineKey.rankedGrid : widest) }
        break
      }
    } while index < count
    if widestIsWider { widest += LineKey.rankedGrid }
    // After a final hard break comes an empty line, as in Pango and SkParagraph.
    var truncated = false
    if endsWithHardBreak {
      if lines == maxLines { truncated = true } else { lines &+= 1 }
    }
    return (lines, truncated, widest)
  }

  /// The last segment of the line of whole segments from segment `index` (up to
  /// `paragraphEnd`) within `limit`: searched for near `following` segments past `index` (the
  /// previous line's count), a tie decided by the keys.
  @inline(__always) static func lastSegmentOfLine<Key: LineSearchKey>(
    from index: Int, in keys: UnsafePointer<Key>, through paragraphEnd: Int, limit: Double, following: Int
  ) -> Int {
    let reach = limit + keys[index].start
    return decidingTies(
      lastSegment(in: keys, from: index, through: paragraphEnd, within: reach, near: index &+ following),
      in: keys, from: index, within: reach)
  }

  /// `forEachLine` when no segment is wider than the line and every line is whole segments
  /// (`measure`'s case for `measureWholeSegments`; `layout` builds these lines): each line's end
  /// found by a search near where the previous line's count puts it, the same lines as the line
  /// finder's, without its tests for lines that start inside a segment.
  @inline(__always) static func forEachWholeSegmentLine(
    in view: PreparedTextStorage.View, limit: Double, segmentsPerPoint: Double,
    finalHardBreakStartsLine: Bool,
    _ body: (LineBreak) -> Bool
  ) {
    let segments = view.segments
    let count = segments.count
    guard count > 0 else { return }
    let keys = view.keys.baseAddress.unsafelyUnwrapped
    var index = 0
    var following = firstLineFollowing(estimate: limit * segmentsPerPoint, count: count)
    repeat {
      let last = lastSegmentOfLine(
        from: index, in: keys, through: Int(keys[index].paragraphEnd), limit: limit, following: following)
      let lastSegment = segments[last]
      // (A line of spaces is 0 wide, as the line finder has it.)
      let line = LineBreak(
        graphemeRange: Int(
          segments[index].graphemeStart)..<Int(lastSegment.graphemeStart + lastSegment.graphemeCount),
        contentWidth: Int(lastSegment.lastContent) >= index
          ? LineKey.lineWidth(
            from: keys[index], toLineContentEnd: keys[last].lineContentEnd,
            contentTieRank: keys[Int(lastSegment.lastContent)].tieRank) : 0,
        endsWithHardBreak: lastSegment.hardBreakAfter)
      following = last &- index
      index = last &+ 1
      guard body(line) else { return }
    } while index < count
    // After a final hard break, an empty line where the platform starts one.
    if segments[count &- 1].hardBreakAfter, finalHardBreakStartsLine {
      let end = view.graphemeWidths.count
      _ = body(LineBreak(graphemeRange: end..<end, contentWidth: 0, endsWithHardBreak: false))
    }
  }

  /// `measure(width:)` over any lines, segments broken between grapheme clusters included.
  static func measureAnyLines(
    _ view: PreparedTextStorage.View, limit: Double, width: Double = 0, maxLines: Int, platform: TextPlatform,
    breaking: LineBreaking = .greedy, fontSize: Double = 0
  ) -> (lineCount: Int, truncated: Bool, widest: Double) {
    var count = 0
    var truncated = false
    var widest = 0.0
    Self.forEachLine(
      in: view, limit: limit, width: width, platform: platform, breaking: breaking, fontSize: fontSize
    ) { line in
      if maxLines > 0, count == maxLines {
        truncated = true
        return false
      }
      count += 1
      widest = max(widest, line.contentWidth)
      return true
    }
    return (count, truncated, widest)
  }

  /// The full layout at a width: lines with their text ranges and widths.
  /// - Throws: `TextError.Code.invalidWidth` for a width ≤ 0 or NaN.
  public func layout(width: Double) throws(TextError) -> TextLayout {
    try Self.validate(width: width)
    let maxLines = style.maxLines
    let breaking = paragraph {
      LineBreaking(textWrap: $0.pointee.style.textWrap, androidStyle: $0.pointee.style.androidStyle)
    }
    let fontSize = style.fontSize
    let platform = paragraph { $0.pointee.platform }
    let hasLineBoxes = paragraph { $0.pointee.lineBoxes != nil }
    let limit = platform.lineLimit(forWidth: width, in: style)
    let uniformHeight = lineHeight
    var lines: [TextLayout.Line] = []
    // The lines' graphemes, kept only when lines differ in height (measured after the loop).
    var graphemeRanges: [Range<Int>] = []
    var truncated = false
    withView(breaking: breaking) { view in
      // One allocation: about as many lines as the text's total width over the line's, and a
      // few more (a last short line, hard breaks), not one per doubling.
      let segmentCount = view.segments.count
      let totalWidth =
        segmentCount > 0 ? view.keys[segmentCount - 1].start + view.segments[segmentCount - 1].totalWidth : 0
      let estimate = totalWidth / width  // 0 at an unconstrained width
      lines.reserveCapacity(estimate < 60 ? Int(max(estimate, 0)) + 4 : 64)
      let (widest, segmentsPerPoint) = storage.storage.withHeaderAndLineFinderView { header, _ in
        (header.pointee.widestSegmentContent, header.pointee.segmentsPerPoint)
      }
      Self.forEachLine(
        in: view, limit: limit, width: width, platform: platform, breaking: breaking, fontSize: fontSize,
        wholeSegments: limit >= widest, segmentsPerPoint: segmentsPerPoint
      ) { line in
        if maxLines > 0, lines.count == maxLines {
          truncated = true
          return false
        }
        lines.append(
          TextLayout.Line(
            // (A line of clusters taken to 0 with negative kerning between them is 0 wide.)
            scalarRange: scalarRange(ofLine: line, in: view), width: max(0, line.contentWidth),
            isTruncated: false,
            height: uniformHeight))
        if hasLineBoxes { graphemeRanges.append(line.graphemeRange) }
        return true
      }
      if truncated, let last = lines.popLast() {
        lines.append(truncatedLine(startingAt: last.scalarRange.lowerBound, limit: limit, in: view))
      }
      if hasLineBoxes, let boxes = paragraph({ $0.pointee.lineBoxes }) {
        var previous = 0.0
        let chain = paragraph { $0.pointee.fontChain }
        for index in lines.indices {
          previous = boxes.height(
            ofLine: graphemeRanges[index], in: view, chain: chain, after: previous,
            first: index == 0,
            last: index == lines.count - 1, truncated: truncated && index == lines.count - 1)
          lines[index].height = previous
        }
      }
    }
    let (lineSpacing, edges) = paragraph { ($0.pointee.lineSpacing, $0.pointee.edges) }
    let height =
      !hasLineBoxes || lines.isEmpty
      ? self.height(ofLineCount: lines.count)
      : Self.height(
        ofLines: lines.reduce(0) { $0 + $1.height }, count: lines.count, lineSpacing: lineSpacing,
        edges: edges, pixelScale: style.pixelScale)
    if edges != .none {
      // The first and last lines are as tall as the platform makes them (Android).
      for index in lines.indices { lines[index].height += edges.adjustment(ofLine: index, of: lines.count) }
    }
    return TextLayout(
      width: width, lines: lines, height: height, truncated: truncated, missingGlyphs: missingGlyphs)
  }

  /// The text of a line (trailing spaces kept, hard-break characters dropped).
  public func text(of line: TextLayout.Line) -> String {
    let text = string(ofScalars: line.scalarRange)
    return line.isTruncated ? text + "…" : text
  }

  private static func scalarStart(ofGrapheme grapheme: Int, in graphemeEnds: UnsafeBufferPointer<Int32>)
    -> Int
  {
    grapheme == 0 ? 0 : Int(graphemeEnds[grapheme - 1])
  }

  private static func graphemeIndex(startingAtScalar scalar: Int, in graphemeEnds: UnsafeBufferPointer<Int32>)
    -> Int
  {
    // Binary search: the grapheme whose start is `scalar`.
    var low = 0
    var high = graphemeEnds.count
    while low < high {
      let middle = (low + high) / 2
      if Int(graphemeEnds[middle]) <= scalar { low = middle + 1 } else { high = middle }
    }
    return low
  }

  private func scalarRange(ofLine line: LineBreak, in view: PreparedTextStorage.View) -> Range<Int> {
    let start = Self.scalarStart(ofGrapheme: line.graphemeRange.lowerBound, in: view.graphemeEnds)
    var end = Self.scalarStart(ofGrapheme: line.graphemeRange.upperBound, in: view.graphemeEnds)
    // Only a line that a hard break ends has hard-break characters (they end segments).
    if line.endsWithHardBreak {
      while end > start, UnicodeProperties.isHardBreak(codes[end - 1]) { end -= 1 }
    }
    return start..<end
  }

  /// The last visible line of truncated text: as many grapheme clusters of the remaining text
  /// (up to the next hard break) as fit with the ellipsis, trailing spaces dropped.
  private func truncatedLine(
    startingAt scalarStart: Int, limit lineLimit: Double, in view: PreparedTextStorage.View
  )
    -> TextLayout.Line
  {
    let graphemeWidths = view.graphemeWidths
    let graphemeEnds = view.graphemeEnds
    let limit = lineLimit - ellipsisWidth
    var grapheme = Self.graphemeIndex(startingAtScalar: scalarStart, in: graphemeEnds)
    var lineWidth = 0.0
    var contentWidth = 0.0
    var contentEnd = scalarStart
    while grapheme < graphemeWidths.count {
      let start = Self.scalarStart(ofGrapheme: grapheme, in: graphemeEnds)
      let end = Int(graphemeEnds[grapheme])
      let first = codes[start]
      if UnicodeProperties.isHardBreak(first) { break }
      let advance = graphemeWidths[grapheme]
      if lineWidth + advance > limit { break }
      lineWidth += advance
      if !UnicodeProperties.isHangingSpace(first) {
        contentWidth = lineWidth
        contentEnd = end
      }
      grapheme += 1
    }
    return TextLayout.Line(
      scalarRange: scalarStart..<contentEnd, width: contentWidth + ellipsisWidth, isTruncated: true,
      height: lineHeight)
  }
}

extension PreparedText {
  /// Whether segment `index`, one grapheme alone at a line's start with nothing leading it,
  /// is a hyphen Blink keeps with the next segment of its paragraph there
  /// (`lineStartHyphenJoins(from:before:in:)`). Out of line: asked of lines of one one-grapheme
  /// segment only, and inlined it slows every line finder's loop.
  @inline(never) static func hyphenLeadsNextSegment(
    _ index: Int, lineStart: Int, leadWidth: Double, leadPosition: Double, in view: PreparedTextStorage.View
  ) -> Bool {
    let first = Int(view.segments[index].graphemeStart)
    guard leadWidth == 0, leadPosition.isNaN, lineStart == first, index < Int(view.keys[index].paragraphEnd)
    else { return false }
    return lineStartHyphenJoins(from: first, before: first + 1, in: view)
  }
}
