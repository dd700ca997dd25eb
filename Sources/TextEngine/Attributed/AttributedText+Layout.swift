extension AttributedText {
  /// One line found by the breaker.
  struct LineBreak {
    var graphemeRange: Range<Int>
    var contentWidth: Double
    var metrics: LineMetrics
  }

  /// A line being filled as it was before segment `segment` (starting at grapheme `start`) was
  /// added to it: where it goes back to when it cannot end after that segment (a soft hyphen's
  /// hyphen that does not fit, ``WebSoftHyphens``).
  struct LineBeforeSegment {
    var segment: Int
    var start: Int
    var width: Double
    var content: Double
    var lead: Double
    var origin: Double
    var metrics: LineMetrics
    var hyphen: Double
  }

  /// `line`, or, when nothing on it adds a box (a line of hard breaks alone, where a line is only
  /// as tall as the runs on it), `line` in its first span's box, as plain text's empty lines
  /// take the primary font's.
  func withEmptyLineMetrics(_ line: LineBreak) -> LineBreak {
    guard line.metrics.tallest == -.infinity, !line.graphemeRange.isEmpty else { return line }
    var line = line
    line.metrics = spanMetrics[Int(graphemeSpans[line.graphemeRange.lowerBound])]
    return line
  }

  /// The lines at `width` as the paragraph's style breaks them (greedily, with Blink's
  /// `text-wrap-style` on the web, or with minikin's optimal breaker for Android's TextView),
  /// calling `visit` for each until it returns false.
  func forEachLine(width: Double, _ visit: (LineBreak) -> Bool) {
    switch LineBreaking(textWrap: paragraph.textWrap, androidStyle: paragraph.androidStyle) {
    case .greedy: forEachGreedyLine(width: width, visit)
    case .balance: forEachBalancedLine(width: width, visit)
    case .pretty: forEachPrettyLine(width: width, visit)
    case .optimal: forEachOptimalLine(width: width, visit)
    }
  }

  /// Greedy line breaking over the prepared widths, as `PreparedText` does (UAX #14
  /// opportunities, grapheme breaks inside an over-long segment, hanging trailing spaces, hard
  /// breaks), collecting each line's span metrics; `body` returns false to stop. Line widths
  /// come from the segments' prefix sums as in `PreparedText`, so a text of one style measures
  /// the same to the last bit either way.
  func forEachGreedyLine(width: Double, _ visit: (LineBreak) -> Bool) {
    var lastMetrics = LineMetrics()
    func body(_ line: LineBreak) -> Bool {
      // Kerning across opportunities may be negative where advances are 0 (a negative letter
      // spacing): a line is never narrower than nothing, as in `PreparedText`.
      var line = withEmptyLineMetrics(line)
      line.contentWidth = max(0, line.contentWidth)
      lastMetrics = line.metrics
      return visit(line)
    }
    let limit = platform.lineLimit(forWidth: width, in: paragraph)
    let overlongWordsFillLines = platform.overlongWordsFillLines
    // Whether a word too long for any line (graphemes `first..<end`) begins on the line it would
    // overflow after `used` points, as SkParagraph counts its glyphs that fit
    // (`FlutterTooLongWords`, made at the first such word).
    var tooLongWords: FlutterTooLongWords?
    func fillsLine(from first: Int, to end: Int, after used: Double) -> Bool {
      let fitting =
        graphemeWidths.withUnsafeBufferPointer {
          PreparedText.graphemesFitting($0, from: first, to: end, after: used, within: limit).end
        } - first
      if tooLongWords == nil {
        tooLongWords = FlutterTooLongWords(
          .spans(
            codes: codes, graphemeEnds: graphemeEnds, graphemeWidths: graphemeWidths,
            graphemeSpans: graphemeSpans,
            styles: spans.map(\.style), clusterFontIndices: clusterFontIndices))
      }
      return tooLongWords!.fillsLine(from: first, fitting: fitting)
    }
    let endsLinesAfterOverflowingSpaces = platform.endsLinesAfterOverflowingSpaces
    // Whether grapheme `grapheme` is a space (a hanging one: its first scalar).
    func isSpace(_ grapheme: Int) -> Bool {
      UnicodeProperties.isHangingSpace(codes[grapheme == 0 ? 0 : Int(graphemeEnds[grapheme - 1])])
    }
    // Whether grapheme `grapheme` is a no-break space where a word too long for any line may
    // break (SkParagraph: `FlutterNoBreakSpaces`).
    let breaksAtNoBreakSpaces = platform.rules.breaksTooLongWordsAtNoBreakSpaces
    func isNoBreakSpace(_ grapheme: Int) -> Bool {
      FlutterNoBreakSpaces.isNoBreakSpace(codes[grapheme == 0 ? 0 : Int(graphemeEnds[grapheme - 1])])
    }
    var lineStart = 0
    var lineWidth = 0.0
    var lineContent = 0.0
    // The width of a segment's tail broken between graphemes at the line's start, and where
    // the line's first whole segment starts (NaN: none yet).
    var leadWidth = 0.0
    var origin = Double.nan
    var metrics = LineMetrics()
    // The line's item parts, measured as it fills (where spans are snapped items).
    var walker: ItemAdvances.LineWalker?
    // Where positions fall back (`positionsRise` false), the line's last whole segment, found by
    // plain text's search once the first of them fits (`lastSegmentWherePositionsFallBack`): the
    // segments up to it are on the line, the one after it is not. Nil elsewhere.
    var lineLast: Int?
    // The last segment of the paragraph searched last.
    var searchedParagraphEnd = -1
    // `lastSegmentWherePositionsFallBack` for the line's whole segments from `index`.
    func searchLineLast(from index: Int) -> Int {
      if index > searchedParagraphEnd { searchedParagraphEnd = paragraphEnd(from: index) }
      return lastSegmentWherePositionsFallBack(
        from: index, through: searchedParagraphEnd, lineStart: lineStart, lead: lineWidth, limit: limit)
    }
    // The web's soft hyphens (`WebSoftHyphens`): the hyphen the line ends with where it ends
    // after its last whole segment (0: none), the line as it was before each of its whole
    // segments (where the line goes back to when that hyphen does not fit; texts with soft
    // hyphens only), and the segment that, first on its line, does not fit with its hyphen (it
    // is cut; -1: none).
    var lineHyphen = 0.0
    var linePast: [LineBeforeSegment] = []
    var cutBeforeHyphen = -1
    /// Ends the line at grapheme `end` (with `hyphen` after its content) and starts the next one
    /// there; false when `visit` stops.
    func endLine(at end: Int, hyphen: Double = 0) -> Bool {
      guard
        body(LineBreak(graphemeRange: lineStart..<end, contentWidth: lineContent + hyphen, metrics: metrics))
      else {
        return false
      }
      lineStart = end
      lineWidth = 0
      lineContent = 0
      leadWidth = 0
      origin = .nan
      metrics = LineMetrics()
      lineLast = nil
      lineHyphen = 0
      linePast.removeAll(keepingCapacity: true)
      return true
    }
    /// The line as it is before segment `index` (starting at grapheme `first`) is added.
    func lineBefore(_ index: Int, at first: Int) -> LineBeforeSegment {
      LineBeforeSegment(
        segment: index, start: first, width: lineWidth, content: lineContent, lead: leadWidth, origin: origin,
        metrics: metrics, hyphen: lineHyphen)
    }
    /// Ends the line before grapheme `first` (the segment there does not fit on it), with the
    /// hyphen its last whole segment ends with. Where that hyphen does not fit, Blink lays the
    /// line out again in the room less the hyphen: it ends at the last opportunity within that
    /// room (whose own hyphen fits), and the walk goes back to the segment after it (`index`);
    /// where none is, after its first segment when that takes no hyphen, else the walk goes back
    /// to cut that segment. True when the walk goes back, nil when `visit` stops.
    func endLineBeforeSegment(_ index: inout Int, at first: Int) -> Bool? {
      guard lineHyphen > 0, lineContent + lineHyphen > limit, let start = linePast.first else {
        return endLine(at: first, hyphen: lineHyphen) ? false : nil
      }
      let room = limit - lineHyphen
      var back =
        linePast.last { $0.start > lineStart && $0.content <= room && $0.content + $0.hyphen <= limit }
        ?? (start.start > lineStart ? start : nil)
      // (No opportunity within the room: Blink takes the next one after it, the first segment's
      // end, where the line fits without a hyphen.)
      if back == nil, linePast.count > 1, linePast[1].hyphen == 0 { back = linePast[1] }
      if let back {
        (lineWidth, lineContent, leadWidth, origin, metrics) = (
          back.width, back.content, back.lead, back.origin, back.metrics
        )
        guard endLine(at: back.start, hyphen: back.hyphen) else { return nil }
        index = back.segment - 1
      } else {
        (lineWidth, lineContent, leadWidth, origin, metrics) = (0, 0, 0, .nan, LineMetrics())
        (lineLast, lineHyphen) = (nil, 0)
        linePast.removeAll(keepingCapacity: true)
        cutBeforeHyphen = start.segment
        index = start.segment - 1
      }
      return true
    }
    // (A walk by index: a line may go back to a segment it holds, `endLineBeforeSegment`.)
    var index = -1
    while index + 1 < segments.count {
      index += 1
      let segment = segments[index]
      let first = segment.graphemeStart
      let contentEnd = first + segment.contentGraphemeCount
      let end = first + segment.graphemeCount
      // A segment of digits that does not fit after the hyphen a cut word's tail starts the line
      // with is cut on that line, as one word with the hyphen (Blink; `PreparedText.forEachLine`).
      var joinsLineStartHyphen = false
      // Where spans are inline items snapped one by one (the web), the line's width with this
      // segment is Blink's sum of its items' snapped parts, not a difference of positions.
      if let items = itemAdvances, lineStart < first {
        if walker?.start != lineStart { walker = ItemAdvances.LineWalker(items, from: lineStart) }
        let extended = walker!.width(to: contentEnd)
        let overflows =
          lineLast.map { index > $0 }
          ?? (extended > limit
            || (extended == limit
              && !items.fitsAtLimit(from: lineStart, to: contentEnd, limit: limit))
            || !items.reshapedEndFits(to: contentEnd, of: &walker!, limit: limit))
        if overflows {
          if contentEnd > first, let trim = items.trimmedEnd(to: contentEnd, of: &walker!, limit: limit) {
            // Only with its last mark trimmed (`WebSpacingTrim.spanTrims`): the line ends after it.
            lineContent = walker!.reportedWidth(to: contentEnd) + trim
            metrics.formUnion(segment.metrics)
            guard endLine(at: end) else { return }
            continue
          }
          if lineStartHyphenJoins(from: lineStart, before: first) {
            joinsLineStartHyphen = true
          } else {
            guard let wentBack = endLineBeforeSegment(&index, at: first) else { return }
            if wentBack { continue }
          }
        } else {
          if !positionsRise, lineLast == nil { lineLast = searchLineLast(from: index) }
          if !items.softHyphens.isEmpty, contentEnd > first { linePast.append(lineBefore(index, at: first)) }
          if origin.isNaN { origin = segment.start }
          if contentEnd > first {
            lineContent = walker!.reportedWidth(to: contentEnd)
            lineHyphen = items.hyphen(endingAt: contentEnd)
          }
          lineWidth = walker!.width(to: end)
          metrics.formUnion(segment.metrics)
          // (A hyphen counts at a paragraph's end too, where Blink then takes it away.)
          if lineHyphen > 0, endsParagraph(index), lineContent + lineHyphen > limit {
            guard let wentBack = endLineBeforeSegment(&index, at: end) else { return }
            if wentBack { continue }
          }
          if segment.hardBreakAfter {
            guard endLine(at: end) else { return }
          }
          continue
        }
      }
      // Whether a space inside the segment (not its last content grapheme) may end a line, as
      // `PreparedText.Segment.hasSpaceInside` says for plain text.
      let spaceInside =
        endsLinesAfterOverflowingSpaces && contentEnd - first >= 2
        && (first..<contentEnd - 1).contains(where: isSpace)
      // The segment's word length for the too-long test, when a space inside it ends the word.
      var word: Double?
      // Ends the line after a space inside the segment that does not fit, and the spaces after
      // it (as `PreparedText.forEachLine`); nil when the visit stopped.
      func endsAfterOverflowingSpace() -> Bool? {
        guard spaceInside, lineLast.map({ index > $0 }) ?? (lineWidth + segment.contentWidth > limit) else {
          return false
        }
        var overflow = first
        var width = lineWidth
        while overflow < contentEnd, width + graphemeWidths[overflow] <= limit {
          width += graphemeWidths[overflow]
          overflow += 1
        }
        if overflow < contentEnd, overflow > lineStart, isSpace(overflow) {
          var next = overflow
          while next < contentEnd, isSpace(next) { next += 1 }
          for grapheme in first..<end {
            if grapheme == next { guard endLine(at: next) else { return nil } }
            lineWidth += graphemeWidths[grapheme]
            if grapheme < contentEnd, grapheme >= next || !isSpace(grapheme) { lineContent = lineWidth }
            metrics.formUnion(graphemeMetrics[grapheme])
          }
          leadWidth = lineWidth
          if segment.hardBreakAfter { guard endLine(at: end) else { return nil } }
          return true
        }
        var wordEnd = overflow
        var length = width - lineWidth
        while wordEnd < contentEnd, !isSpace(wordEnd) {
          length += graphemeWidths[wordEnd]
          wordEnd += 1
        }
        word = wordEnd < contentEnd ? length : nil
        return false
      }
      guard let ended = endsAfterOverflowingSpace() else { return }
      if ended { continue }
      // The word's width as SkParagraph's too-long test takes it (without its last cluster when a
      // break opportunity follows that cluster).
      func tooLongWidth() -> Double {
        word
          ?? segment.contentWidth
          - (segment.graphemeCount == segment.contentGraphemeCount ? graphemeWidths[contentEnd - 1] : 0)
      }
      let overflowsLine = lineLast.map({ index > $0 }) ?? (lineWidth + segment.contentWidth > limit)
      // A no-break space inside a word too long for any line is a break of last resort.
      var noBreakSpace = FlutterNoBreakSpaces.Break.none
      if breaksAtNoBreakSpaces, lineStart < first, !joinsLineStartHyphen, overflowsLine,
        segment.contentGraphemeCount >= 2, tooLongWidth() > limit
      {
        noBreakSpace = FlutterNoBreakSpaces.decide(
          from: first, to: contentEnd, after: lineWidth, limit: limit, width: { graphemeWidths[$0] },
          isNoBreakSpace: isNoBreakSpace)
        // (Where the rest of the word is too long for the next line as well, it is cut as
        // before: not modelled, as in plain text.)
        if case .endsAfter(let space) = noBreakSpace,
          (space + 1..<contentEnd).reduce(0.0, { $0 + graphemeWidths[$1] }) <= limit
        {
          for grapheme in first..<end {
            if grapheme == space + 1 { guard endLine(at: space + 1) else { return } }
            lineWidth += graphemeWidths[grapheme]
            if grapheme < contentEnd { lineContent = lineWidth }
            metrics.formUnion(graphemeMetrics[grapheme])
          }
          lineWidth += segment.kernAfter
          leadWidth = lineWidth
          if segment.hardBreakAfter { guard endLine(at: end) else { return } }
          continue
        }
      }
      if lineStart < first, !joinsLineStartHyphen, overflowsLine,
        // A word wider than any line starts on this one where the platform fills lines with it
        // (SkParagraph's `tooLongWord`: when two of its clusters fit).
        noBreakSpace == .waits
          || !(overlongWordsFillLines && segment.contentGraphemeCount >= 2 && tooLongWidth() > limit
            && fillsLine(from: first, to: contentEnd, after: lineWidth))
      {
        guard let wentBack = endLineBeforeSegment(&index, at: first) else { return }
        if wentBack { continue }
        // The segment starts the next line, where a space inside it may not fit either.
        guard let ended = endsAfterOverflowingSpace() else { return }
        if ended { continue }
      }
      // (A line starting with a mark trimmed after the span before sets it full width.)
      let widening = lineStart == first ? itemAdvances?.startWidening(first) ?? 0 : 0
      var fits =
        !joinsLineStartHyphen
        && (lineLast.map { index <= $0 } ?? (lineWidth + segment.contentWidth + widening <= limit))
      var trimmedEnd = 0.0
      if !fits, !joinsLineStartHyphen, let items = itemAdvances, lineStart == first, contentEnd > first {
        var line = ItemAdvances.LineWalker(items, from: first)
        if let trim = items.trimmedEnd(to: contentEnd, of: &line, limit: limit) {
          fits = true
          trimmedEnd = trim
        }
      }
      if fits, trimmedEnd == 0, let items = itemAdvances, lineStart == first, contentEnd > first,
        lineWidth + segment.contentWidth + widening == limit
      {
        // A segment starting its line exactly as wide as the limit once snapped fits as Blink
        // decides a tie: by its exact width too (`PreparedText.LineKey.tieRank`).
        fits = items.fitsAtLimit(from: first, to: contentEnd, limit: limit)
      }
      // A segment alone on its line over several items is as wide as their parts snapped: wider
      // than the line, Blink breaks it between graphemes (as plain text's
      // `PreparedText.snappedWidth(ofSegment:in:grid:searchFrom:)`).
      if fits, trimmedEnd == 0, let items = itemAdvances, lineStart == first, contentEnd - first > 1,
        items.reportedWidth(from: first, to: contentEnd) > limit
      {
        fits = false
      }
      // A segment whose hyphen does not fit after it is cut where its line ends after it (at
      // its paragraph's end, or where the segment after it did not fit either): in the room less
      // the hyphen, as Blink cuts a line that would end after the soft hyphen.
      var pieceLimit = limit
      let hyphen = itemAdvances?.hyphen(endingAt: contentEnd) ?? 0
      if index == cutBeforeHyphen {
        // (Whatever its width: the walk came back to cut it, and must go on.)
        cutBeforeHyphen = -1
        fits = false
        pieceLimit = limit - hyphen
      } else if fits, hyphen > 0, lineStart == first,
        lineWidth + segment.contentWidth + widening + hyphen > limit, endsParagraph(index)
      {
        fits = false
        pieceLimit = limit - hyphen
      }
      if fits {
        if !positionsRise, lineLast == nil, trimmedEnd == 0 {
          lineLast = searchLineLast(from: index)
        }
        if contentEnd > first, !(itemAdvances?.softHyphens.isEmpty ?? true) {
          linePast.append(lineBefore(index, at: first))
        }
        if contentEnd > first { lineHyphen = hyphen }
        if origin.isNaN { origin = segment.start }
        if contentEnd > first { lineContent = leadWidth + ((segment.start + segment.contentWidth) - origin) }
        if let items = itemAdvances, lineStart == first, contentEnd > first {
          // (Blink's width of the line's part of the item: `ItemAdvances.reportedWidth`.)
          lineContent = items.reportedWidth(from: first, to: contentEnd) + trimmedEnd
        }
        lineWidth += segment.totalWidth + widening
        metrics.formUnion(segment.metrics)
      } else {
        // Alone on its line and still too wide: break between grapheme clusters.
        // A space that does not fit stays on the line with the spaces after it (flutter).
        lineLast = nil
        var hangs = false
        var grapheme = first
        while true {
          while grapheme < contentEnd {
            if hangs && !isSpace(grapheme)
              || !hangs && grapheme > lineStart && lineWidth + graphemeWidths[grapheme] > pieceLimit
              // (The rest fits by its advances; over several items, Blink may still cut it.)
              || !hangs && grapheme > lineStart && grapheme == contentEnd - 1
                && (itemAdvances?.reportedWidth(from: lineStart, to: contentEnd) ?? 0) > pieceLimit
            {
              if !hangs, spaceInside, isSpace(grapheme) {
                hangs = true
                lineWidth += graphemeWidths[grapheme]
                metrics.formUnion(graphemeMetrics[grapheme])
                grapheme += 1
                continue
              }
              // (SkParagraph: a no-break space that does not fit ends the piece, the rest of the
              // word too long for the line: `FlutterNoBreakSpaces`, as in plain text.)
              if !hangs, breaksAtNoBreakSpaces, grapheme > lineStart, isNoBreakSpace(grapheme) {
                lineWidth += graphemeWidths[grapheme]
                lineContent = lineWidth
                metrics.formUnion(graphemeMetrics[grapheme])
                grapheme += 1
                // (The word's last: the line goes on after it, as in plain text.)
                if grapheme == contentEnd { continue }
              }
              hangs = false
              // Blink reshapes the piece's end (the web): its last cluster loses its kerning to the
              // next, and the line steps back while the reshaped piece does not fit, as in plain text.
              var endKerning = itemAdvances?.endKerning(before: grapheme) ?? 0
              if let items = itemAdvances, endKerning != 0, lineWidth + endKerning > pieceLimit,
                grapheme - 1 > lineStart
              {
                (grapheme, lineWidth, endKerning) = PreparedText.steppingBack(
                  from: grapheme, lineStart: lineStart, limit: pieceLimit, width: { graphemeWidths[$0] },
                  endKerning: { items.endKerning(before: $0) })
                metrics = LineMetrics()
                for index in lineStart..<grapheme { metrics.formUnion(graphemeMetrics[index]) }
              }
              // A piece over several items is wider than its advances by their parts' rounding:
              // Blink steps back while it is wider than the line, as in plain text.
              if let items = itemAdvances, grapheme - 1 > lineStart,
                items.reportedWidth(from: lineStart, to: grapheme, endKerning: endKerning) > pieceLimit
              {
                (grapheme, lineWidth, endKerning) = PreparedText.steppingBack(
                  from: grapheme, lineStart: lineStart, limit: pieceLimit, width: { graphemeWidths[$0] },
                  endKerning: { items.endKerning(before: $0) },
                  isTooWide: { end, _, kerning in
                    items.reportedWidth(from: lineStart, to: end, endKerning: kerning) > pieceLimit
                  })
                metrics = LineMetrics()
                for index in lineStart..<grapheme { metrics.formUnion(graphemeMetrics[index]) }
              }
              // (Where items are snapped, a piece of a word is as wide as its snapped positions.)
              guard
                body(
                  LineBreak(
                    graphemeRange: lineStart..<grapheme,
                    contentWidth: itemAdvances?.reportedWidth(
                      from: lineStart, to: grapheme, endKerning: endKerning)
                      ?? lineContent,
                    metrics: metrics))
              else { return }
              lineStart = grapheme
              lineWidth = 0
              // (The next line's whole segments are measured from the first of them.)
              origin = .nan
              metrics = LineMetrics()
              // (The room less a hyphen was this piece's: the next line is decided afresh.)
              pieceLimit = limit
            }
            lineWidth += graphemeWidths[grapheme]
            if !hangs { lineContent = lineWidth }
            metrics.formUnion(graphemeMetrics[grapheme])
            grapheme += 1
          }
          // The piece the line may end with whose hyphen does not fit after it (its paragraph ends
          // there, or the next segment does not fit after it either): cut again in the room less
          // the hyphen.
          if hyphen > 0, pieceLimit == limit, grapheme > lineStart,
            (itemAdvances?.reportedWidth(from: lineStart, to: contentEnd) ?? lineContent) + hyphen > limit,
            endsParagraph(index)
              || lineWidth + segments[index + 1].start - (segment.start + segment.contentWidth)
                + segments[index + 1].contentWidth > limit
          {
            pieceLimit = limit - hyphen
            grapheme = lineStart
            (lineWidth, lineContent, metrics) = (0, 0, LineMetrics())
            continue
          }
          break
        }
        for grapheme in contentEnd..<end {
          lineWidth += graphemeWidths[grapheme]
          metrics.formUnion(graphemeMetrics[grapheme])
        }
        // The next segment starts after the kerning across the opportunity.
        lineWidth += segment.kernAfter
        leadWidth = lineWidth
        if let items = itemAdvances, contentEnd > lineStart {
          lineContent = items.reportedWidth(from: lineStart, to: contentEnd)
        }
        // (The tail ends with the segment's hyphen; nothing before it to go back to.)
        lineHyphen = contentEnd > lineStart ? hyphen : 0
        linePast.removeAll(keepingCapacity: true)
      }
      if segment.hardBreakAfter {
        guard endLine(at: end) else { return }
      }
    }
    // The last line; after a final hard break, where the platform starts one, it is an empty line
    // in the last span's metrics (as tall as the line before it on SkParagraph).
    if let last = segments.last,
      lineStart < graphemeWidths.count || (last.hardBreakAfter && platform.finalHardBreakStartsLine)
    {
      if lineStart == graphemeWidths.count {
        metrics = platform == .flutter ? lastMetrics : spanMetrics[Int(graphemeSpans[lineStart - 1])]
      }
      _ = body(
        LineBreak(
          graphemeRange: lineStart..<graphemeWidths.count, contentWidth: lineContent, metrics: metrics))
    }
  }

  /// Line count, height and truncation at a width: pure arithmetic, no allocation.
  /// - Throws: `TextError.Code.invalidWidth` for a width ≤ 0 or NaN.
  public func measure(width: Double) throws(TextError) -> TextMeasurement {
    try PreparedText.validate(width: width)
    let maxLines = paragraph.maxLines
    var count = 0
    var truncated = false
    var widest = 0.0
    // Heights are added in line order, as `layout` adds them, so both totals agree to the bit;
    // the last line's is kept apart because truncation replaces that line.
    var sumBeforeLast = 0.0
    var first = 0.0
    var last = 0.0
    var equalBeforeLast = true
    var lastMetrics = LineMetrics()
    forEachLine(width: width) { line in
      if maxLines > 0, count == maxLines {
        truncated = true
        return false
      }
      let height = lineHeight(line.metrics, first: count == 0)
      if count == 0 {
        first = height
      } else {
        equalBeforeLast = equalBeforeLast && last == first
        sumBeforeLast += last
      }
      count += 1
      widest = max(widest, line.contentWidth)
      last = height
      lastMetrics = line.metrics
      return true
    }
    // A truncated line is as tall as the line it replaces with the token on it
    // (`truncatedLine(replacing:width:)`, which `layout` takes), as plain text's.
    if truncated { lastMetrics.formUnion(tokenMetrics) }
    if count > 0 {
      // The last line, known only now (and a truncated one's text), as the last.
      last = lineHeight(lastMetrics, first: count == 1, last: true)
      if count == 1 { first = last }
    }
    let sum = count > 0 ? sumBeforeLast + last : 0
    let uniform: Double? = count == 1 || (equalBeforeLast && last == first) ? first : nil
    return TextMeasurement(
      lineCount: count, height: height(lineCount: count, sum: sum, uniform: uniform), truncated: truncated,
      maxLineWidth: widest)
  }

  /// The full layout at a width: lines with their text ranges, widths, heights and baselines,
  /// and the token's frame when truncated.
  /// - Throws: `TextError.Code.invalidWidth` for a width ≤ 0 or NaN.
  public func layout(width: Double) throws(TextError) -> AttributedLayout {
    try PreparedText.validate(width: width)
    let maxLines = paragraph.maxLines
    var breaks: [LineBreak] = []
    var truncated = false
    forEachLine(width: width) { line in
      if maxLines > 0, breaks.count == maxLines {
        truncated = true
        return false
      }
      breaks.append(line)
      return true
    }
    if truncated, let last = breaks.popLast() {
      breaks.append(truncatedLine(replacing: last, width: width))
    }
    var lines: [AttributedLayout.Line] = []
    var top = 0.0
    var sum = 0.0
    var isUniform = true
    var token: AttributedLayout.TokenFrame?
    var firstHeight = 0.0
    for (index, line) in breaks.enumerated() {
      let isFirst = index == 0
      let height = lineHeight(line.metrics, first: isFirst, last: index == breaks.count - 1)
      // What the paragraph's first and last lines add shows in their own heights.
      let shownHeight = height + self.lines.edges.adjustment(ofLine: index, of: breaks.count)
      if isFirst {
        firstHeight = height
      } else {
        top += self.lines.spaceBetweenLines
        if height != firstHeight { isUniform = false }
      }
      let isTruncated = truncated && index == breaks.count - 1
      var range = scalarRange(ofGraphemes: line.graphemeRange)
      if !isTruncated {
        while range.upperBound > range.lowerBound, UnicodeProperties.isHardBreak(codes[range.upperBound - 1])
        {
          range = range.lowerBound..<(range.upperBound - 1)
        }
      }
      let lineWidth = line.contentWidth + (isTruncated ? tokenWidth : 0)
      if isTruncated {
        token = AttributedLayout.TokenFrame(
          x: line.contentWidth, y: top, width: tokenWidth, height: shownHeight)
      }
      lines.append(
        AttributedLayout.Line(
          scalarRange: range, width: lineWidth, top: top, height: shownHeight,
          baseline: top + baseline(line.metrics, height: height, first: isFirst), isTruncated: isTruncated))
      top += shownHeight
      sum += height
    }
    let uniform = breaks.isEmpty ? nil : firstHeight
    return AttributedLayout(
      width: width, lines: lines,
      height: height(lineCount: lines.count, sum: sum, uniform: isUniform ? uniform : nil),
      truncated: truncated, token: token, missingGlyphs: missingGlyphs)
  }

  /// The pieces of a line by span: each span's scalar range on the line and its x offset and
  /// width (for drawing each piece in its own style).
  public func pieces(of line: AttributedLayout.Line) -> [(
    span: Int, scalarRange: Range<Int>, x: Double, width: Double
  )] {
    var result: [(Int, Range<Int>, Double, Double)] = []
    var grapheme = graphemeIndex(startingAtScalar: line.scalarRange.lowerBound)
    var x = 0.0
    while grapheme < graphemeEnds.count {
      let start = scalarStart(ofGrapheme: grapheme)
      guard start < line.scalarRange.upperBound else { break }
      let span = Int(graphemeSpans[grapheme])
      let end = min(Int(graphemeEnds[grapheme]), line.scalarRange.upperBound)
      let width = graphemeWidths[grapheme]
      if let last = result.last, last.0 == span {
        result[result.count - 1] = (span, last.1.lowerBound..<end, last.2, last.3 + width)
      } else {
        result.append((span, start..<end, x, width))
      }
      x += width
      grapheme += 1
    }
    return result
  }

  private func scalarStart(ofGrapheme grapheme: Int) -> Int {
    grapheme == 0 ? 0 : Int(graphemeEnds[grapheme - 1])
  }

  private func scalarRange(ofGraphemes range: Range<Int>) -> Range<Int> {
    scalarStart(ofGrapheme: range.lowerBound)..<scalarStart(ofGrapheme: range.upperBound)
  }

  private func graphemeIndex(startingAtScalar scalar: Int) -> Int {
    var low = 0
    var high = graphemeEnds.count
    while low < high {
      let middle = (low + high) / 2
      if Int(graphemeEnds[middle]) <= scalar { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The last visible line of truncated text, replacing `line`: as many grapheme clusters from
  /// its start (up to the next hard break) as fit with the token, trailing spaces dropped; its
  /// metrics are the replaced line's and the token's.
  func truncatedLine(replacing line: LineBreak, width: Double) -> LineBreak {
    let limit = platform.lineLimit(forWidth: width, in: paragraph) - tokenWidth
    let start = line.graphemeRange.lowerBound
    var grapheme = start
    var lineWidth = 0.0
    var contentWidth = 0.0
    var contentEnd = start
    while grapheme < graphemeWidths.count {
      let first = codes[scalarStart(ofGrapheme: grapheme)]
      if UnicodeProperties.isHardBreak(first) { break }
      let advance = graphemeWidths[grapheme]
      if lineWidth + advance > limit { break }
      lineWidth += advance
      grapheme += 1
      if !UnicodeProperties.isHangingSpace(first) {
        contentWidth = lineWidth
        contentEnd = grapheme
      }
    }
    // As tall as the line it replaces with the token on it, as plain text's.
    var metrics = line.metrics
    metrics.formUnion(tokenMetrics)
    return LineBreak(graphemeRange: start..<contentEnd, contentWidth: contentWidth, metrics: metrics)
  }

}
