extension AttributedText {
  /// Blink's `text-wrap-style: balance` over the spans (the web), as `WebWrapStyles.balance` runs
  /// it over plain text: the first paragraph, when it has 2 to 6 greedy lines, re-broken by score
  /// (or, for a text without hard breaks, greedily at the bisected width); every other line
  /// greedy. Positions are Blink's: the sum of the lines' item parts, each snapped
  /// (``ItemAdvances``).
  /// With tabs (``WebTabStops``) the scored breaks are not tried (their candidates' widths read
  /// positions where tabs are 0 wide), as in plain text (`WebWrapStyles.balanceWithTabs`); where
  /// positions fall back (``positionsRise``), the lines stay greedy, as in plain text.
  func forEachBalancedLine(width: Double, _ visit: (LineBreak) -> Bool) {
    guard let items = itemAdvances, positionsRise else { return forEachGreedyLine(width: width, visit) }
    let scores = items.tabStops.isEmpty
    var window = WebWrapStyles.LineRing(filler: LineBreak.empty)
    // 0: collecting the first paragraph; 1: passing greedy lines through; 2: stopped.
    var state = 0
    forEachGreedyLine(width: width) { line in
      if state == 1 { return visit(line) }
      window.append(line)
      var passes = window.count > WebWrapStyles.maxLinesForBalance
      if !passes, endsWithHardBreak(line) {
        // The first paragraph ends with a hard break: bisection is off (`DidAppendForcedBreak`).
        passes = true
        if window.count > 1, scores {
          let (applied, stopped) = optimize(window, items: items, width: width, balanced: true, visit)
          if applied {
            state = stopped ? 2 : 1
            return !stopped
          }
        }
      }
      guard passes else { return true }
      state = WebWrapStyles.emitAll(window, visit) ? 1 : 2
      return state == 1
    }
    guard state == 0 else { return }
    // The text ended within 6 lines and without a hard break.
    if window.count > 1 {
      if scores, optimize(window, items: items, width: width, balanced: true, visit).applied { return }
      let limit = WebTextRules.lineLimit(forWidth: width)
      if !paragraphOverflows(holding: 0, limit: limit),
        let balanced = bisectedWidth(of: window, items: items, width: width)
      {
        return forEachGreedyLine(width: Double(balanced) / 64, visit)
      }
    }
    _ = WebWrapStyles.emitAll(window, visit)
  }

  /// Blink's `text-wrap-style: pretty` over the spans (the web), as `WebWrapStyles.pretty` runs it
  /// over plain text: every paragraph's greedy lines, its last 4 re-broken by score when its last
  /// line is short. (Spans with tabs, or whose positions fall back, stay greedy, as plain text
  /// does.)
  func forEachPrettyLine(width: Double, _ visit: (LineBreak) -> Bool) {
    guard let items = itemAdvances, items.tabStops.isEmpty, positionsRise else {
      return forEachGreedyLine(width: width, visit)
    }
    var window = WebWrapStyles.LineRing(filler: LineBreak.empty)
    var stopped = false
    // Ends the paragraph whose last lines `window` holds; false when `visit` stopped.
    func finishParagraph() -> Bool {
      defer { window = WebWrapStyles.LineRing(filler: LineBreak.empty) }
      guard window.count > 1, shouldOptimize(window, items: items, width: width) else {
        return WebWrapStyles.emitAll(window, visit)
      }
      let (applied, stopped) = optimize(window, items: items, width: width, balanced: false, visit)
      return applied ? !stopped : WebWrapStyles.emitAll(window, visit)
    }
    forEachGreedyLine(width: width) { line in
      if window.count == WebWrapStyles.maxLinesForOptimal, !visit(window.removeFirst()) {
        stopped = true
        return false
      }
      window.append(line)
      if endsWithHardBreak(line), !finishParagraph() {
        stopped = true
        return false
      }
      return true
    }
    if !stopped { _ = finishParagraph() }
  }

  /// The hyphen a line ending after segment `segment` ends with: where its content ends with a
  /// soft hyphen and its paragraph goes on (``WebSoftHyphens``, the span's); else 0. With
  /// `inFit`, also at the paragraph's end, where Blink's fit test counts the hyphen it then
  /// takes away (as plain text's `WebWrapStyles.widthAlone`).
  private func hyphen(after segment: Int, items: ItemAdvances, inFit: Bool = false) -> Double {
    let record = segments[segment]
    guard !items.softHyphens.isEmpty, record.contentGraphemeCount > 0, inFit || !endsParagraph(segment) else {
      return 0
    }
    return items.hyphen(endingAt: record.graphemeStart + record.contentGraphemeCount)
  }

  /// The LayoutUnits of the hyphen `line` ends with (`hyphen(after:items:)`), 0 where it ends
  /// inside a segment.
  private func hyphenLayoutUnits(of line: LineBreak, items: ItemAdvances) -> Int {
    guard !items.softHyphens.isEmpty, let last = segment(endingAt: line.graphemeRange) else { return 0 }
    return WebWrapStyles.layoutUnits(hyphen(after: last, items: items))
  }

  /// True when `line` ends with a hard break (its last segment's).
  private func endsWithHardBreak(_ line: LineBreak) -> Bool {
    segment(endingAt: line.graphemeRange).map { segments[$0].hardBreakAfter } ?? false
  }

  /// The segment graphemes `range` end with, nil when they end inside a segment (a line that
  /// cuts a word) or are empty.
  private func segment(endingAt range: Range<Int>) -> Int? {
    guard !range.isEmpty else { return nil }
    let last = segment(holding: range.upperBound - 1)
    return segments[last].graphemeStart + segments[last].graphemeCount == range.upperBound ? last : nil
  }

  /// The segment holding grapheme `grapheme` (the last that starts at or before it).
  private func segment(holding grapheme: Int) -> Int {
    var low = 0
    var high = segments.count - 1
    while low < high {
      let middle = (low + high + 1) >> 1
      if segments[middle].graphemeStart <= grapheme { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// The segments `first...last` of whole lines `lines`, or nil when a line starts or ends inside a
  /// segment.
  private func wholeSegments(of lines: WebWrapStyles.LineRing<LineBreak>) -> (first: Int, last: Int)? {
    var first = -1
    var last = -1
    for index in 0..<lines.count {
      let range = lines[index].graphemeRange
      guard !range.isEmpty else { return nil }
      let start = segment(holding: range.lowerBound)
      guard segments[start].graphemeStart == range.lowerBound else { return nil }
      guard let end = segment(endingAt: range) else { return nil }
      if index == 0 { first = start }
      last = end
    }
    return first < 0 ? nil : (first, last)
  }

  /// True when a segment of the paragraph holding segment `segment` is wider than `limit` (as
  /// `WebWrapStyles.paragraphOverflows`: a word broken inside turns both scoring and bisection
  /// off).
  private func paragraphOverflows(holding segment: Int, limit: Double) -> Bool {
    var first = segment
    while first > 0, !segments[first - 1].hardBreakAfter { first -= 1 }
    var index = first
    while index < segments.count {
      let ending = itemAdvances.map { hyphen(after: index, items: $0, inFit: true) } ?? 0
      if segments[index].contentWidth + ending > limit { return true }
      if segments[index].hardBreakAfter { break }
      index += 1
    }
    return false
  }

  /// The line of whole segments `first...last` as the greedy breaker reports it: its content's
  /// width (the first segment's own, or the snapped item parts up to the last content), the
  /// union of its segments' metrics.
  private func line(segments first: Int, through last: Int, items: ItemAdvances) -> LineBreak {
    let start = segments[first].graphemeStart
    var metrics = LineMetrics()
    var lastContent = -1
    for index in first...last {
      metrics.formUnion(segments[index].metrics)
      if segments[index].contentGraphemeCount > 0 { lastContent = index }
    }
    // (The first segment's as the greedy breaker takes it: from the prefix sums.)
    let content =
      lastContent < 0
      ? 0
      : lastContent == first
        ? (segments[first].start + segments[first].contentWidth) - segments[first].start
        : items.width(
          from: start, to: segments[lastContent].graphemeStart + segments[lastContent].contentGraphemeCount)
    // (A line ending at a soft hyphen holds its hyphen.)
    let ending = lastContent == last ? hyphen(after: last, items: items) : 0
    var line = withEmptyLineMetrics(
      LineBreak(
        graphemeRange: start..<segments[last].graphemeStart + segments[last].graphemeCount,
        contentWidth: content + ending, metrics: metrics))
    line.contentWidth = max(0, line.contentWidth)
    return line
  }

  /// `ScoreLineBreaker::Optimize` for the window of greedy lines `lines` (as
  /// `WebWrapStyles.optimize` for plain text): calls `visit` with each line and returns applied,
  /// or returns not applied (calling nothing) when scoring does not apply or gives another number
  /// of lines.
  private func optimize(
    _ lines: WebWrapStyles.LineRing<LineBreak>, items: ItemAdvances, width: Double, balanced: Bool,
    _ visit: (LineBreak) -> Bool
  ) -> (applied: Bool, stopped: Bool) {
    guard let (first, last) = wholeSegments(of: lines),
      !paragraphOverflows(holding: first, limit: WebTextRules.lineLimit(forWidth: width))
    else { return (false, false) }
    // Candidates: the window's start (a sentinel), then the end of every segment; fewer than 3
    // break opportunities inside the window (`kMinCandidates`): no scoring.
    let count = last - first + 2
    guard count >= 5, count <= WebWrapStyles.maximumCandidates else { return (false, false) }
    var ends = InlineArray<8, Int>(repeating: 0)
    let applied = WebWrapStyles.withCandidates(count: count) { candidates in
      var positions = CandidatePositions(items, from: segments[first].graphemeStart)
      // (A window starting with a mark trimmed after the one before: from where Blink's
      // positions start it.)
      if segments[first].graphemeStart > 0, let trim = items.trimsAfter[segments[first].graphemeStart - 1] {
        positions.base += Float(trim)
      }
      candidates.noBreak[0] = 0
      candidates.ifBreak[0] = 0
      for index in first...last {
        let segment = segments[index]
        let candidate = index - first + 1
        let end = segment.graphemeStart + segment.graphemeCount
        // (A segment without content ends where the one before it goes on; its trailing
        // graphemes but spaces, tabs and hard breaks count: `WebWrapStyles.candidateEnd`.)
        let lineEnd = WebWrapStyles.candidateEnd(
          from: end, contentEnd: segment.graphemeStart + segment.contentGraphemeCount
        ) { codes[$0 == 0 ? 0 : Int(graphemeEnds[$0 - 1])] }
        candidates.ifBreak[candidate] =
          lineEnd > segment.graphemeStart
          ? positions.end(ofGrapheme: lineEnd - 1) + Float(hyphen(after: index, items: items))
          : candidates.noBreak[candidate - 1]
        // (Before a mark trimmed after it: where the paragraph's positions end the segment.)
        candidates.noBreak[candidate] =
          positions.start(ofGrapheme: end)
          - Float(items.trimsAfter.isEmpty ? 0 : items.trimsAfter[end - 1] ?? 0)
      }
      return WebWrapStyles.score(
        lines.count, count: count, candidates: candidates, width: width, fontSize: paragraph.fontSize,
        balanced: balanced, firstSegment: first, ends: &ends,
        isHyphenated: { items.softHyphens.isEmpty ? false : hyphen(after: first + $0 - 1, items: items) > 0 })
    }
    guard applied else { return (false, false) }
    var lineStart = first
    for index in 0..<lines.count {
      guard visit(line(segments: lineStart, through: ends[index], items: items)) else { return (true, true) }
      lineStart = ends[index] + 1
    }
    return (true, false)
  }

  /// `ShouldOptimize`: the last line is one segment, narrower than a third of the width (its
  /// LayoutUnits, hanging spaces included, against the width's LayoutUnits divided by 3).
  /// Also when the two lines before the last both end with a hyphen (``WebSoftHyphens``).
  private func shouldOptimize(
    _ lines: WebWrapStyles.LineRing<LineBreak>, items: ItemAdvances, width: Double
  ) -> Bool {
    let count = lines.count
    if !items.softHyphens.isEmpty, count >= 3, hyphenLayoutUnits(of: lines[count - 2], items: items) > 0,
      hyphenLayoutUnits(of: lines[count - 3], items: items) > 0
    {
      return true
    }
    let last = lines[lines.count - 1].graphemeRange
    guard !last.isEmpty, segment(holding: last.lowerBound) == segment(holding: last.upperBound - 1) else {
      return false
    }
    return layoutUnits(ofLine: last, items: items) < WebWrapStyles.layoutUnits(width) / 3
  }

  /// `LineInfo::Width()`: the line's LayoutUnits with its hanging spaces, between the snapped
  /// positions of its ends (as plain text's `WebWrapStyles.snappedPosition(ofGrapheme:in:)`), in
  /// a walk over the line alone (pretty measures every paragraph's last line).
  private func layoutUnits(ofLine range: Range<Int>, items: ItemAdvances) -> Int {
    WebWrapStyles.layoutUnits(items.snappedWidth(from: range.lowerBound, to: range.upperBound))
  }

  /// `ParagraphLineBreaker::AttemptParagraphBalancing`'s width, in LayoutUnits, for a text without
  /// hard breaks whose greedy lines are `lines`: from the width down to 80% of the lines' average
  /// width, halving while the bracket is wider than one pixel, the narrowest width whose greedy
  /// lines are no more than the greedy ones (as `WebWrapStyles.bisectedWidth`, pass by pass).
  private func bisectedWidth(
    of lines: WebWrapStyles.LineRing<LineBreak>, items: ItemAdvances, width: Double
  ) -> Int? {
    let available = WebWrapStyles.availableLayoutUnits(width)
    guard available > 0 else { return nil }
    let lineCount = lines.count
    var sum = 0
    for index in 0..<lineCount {
      // (With tabs, the line's width as its walk measures them.)
      sum +=
        items.tabStops.isEmpty
        ? layoutUnits(ofLine: lines[index].graphemeRange, items: items)
          + hyphenLayoutUnits(of: lines[index], items: items)
        : WebWrapStyles.layoutUnits(lines[index].contentWidth)
    }
    let minimum = WebWrapStyles.narrowestBalancedWidth(lineWidthSum: sum, lineCount: lineCount)
    var widestContent = 0.0
    for index in segments.indices {
      widestContent = max(
        widestContent, segments[index].contentWidth + hyphen(after: index, items: items, inFit: true))
    }
    // Whether the greedy lines at `layoutUnits` are no more than `lineCount` (a word wider than
    // the line: `BreakLines` gives up). A word is wider than the line where the greedy breaker
    // cuts it: its snapped item parts may be 1/64 px wider than its segment's content width.
    func fits(_ layoutUnits: Int) -> Bool {
      let width = Double(layoutUnits) / 64
      guard widestContent <= WebTextRules.lineLimit(forWidth: width) else { return false }
      var count = 0
      var cutsAWord = false
      forEachGreedyLine(width: width) { line in
        count += 1
        if !line.graphemeRange.isEmpty, segment(endingAt: line.graphemeRange) == nil {
          cutsAWord = true
          return false
        }
        return count <= lineCount
      }
      return !cutsAWord && count <= lineCount
    }
    return WebWrapStyles.bisected(from: minimum, to: available, fits: fits)
  }
}

extension AttributedText.LineBreak {
  /// No line (a placeholder).
  static let empty = AttributedText.LineBreak(
    graphemeRange: 0..<0, contentWidth: 0, metrics: AttributedText.LineMetrics())
}

extension AttributedText.ItemAdvances {
  /// The distance between where graphemes `start` and `end` start (after the kerning before
  /// them; at an item's end or the text's, where that item ends), on positions snapped as plain
  /// text's: each item's advances rounded up from its start, each item starting where the one
  /// before it ends, rounded up (the difference of `positions().starts` at the two, found by
  /// walking the graphemes between only).
  func snappedWidth(from start: Int, to end: Int) -> Double {
    guard end > start else { return 0 }
    // Each position less its item's start position.
    var width =
      start == 0 || items[start] != items[start - 1] ? 0 : -starts[start].roundedUp(toMultipleOf: grid)
    var index = start + 1
    while index < end {
      if items[index] != items[index - 1] { width += ends[index - 1].roundedUp(toMultipleOf: grid) }
      index += 1
    }
    if end < items.count, items[end] == items[end - 1] {
      return width + starts[end].roundedUp(toMultipleOf: grid)
    }
    return width + ends[end - 1].roundedUp(toMultipleOf: grid)
  }
}

extension AttributedText {
  /// Blink's positions of the break candidates of a window of lines (`LineBreakCandidateContext`,
  /// `LineBreaker::AppendCandidates`), in `float` from the window's first grapheme: inside an
  /// item, its character positions (`ShapeResult::CachedPositionForOffset`: advances from the
  /// item's start rounded up to LayoutUnits) from the window's start; after an item's end, the
  /// next item goes on from there. Graphemes are asked for in reading order.
  struct CandidatePositions {
    let advances: ItemAdvances
    /// The first grapheme of the item being walked.
    var item: Int
    /// The position of that item's advance 0.
    var base: Float

    init(_ advances: ItemAdvances, from start: Int) {
      self.advances = advances
      item = start
      base =
        start < advances.starts.count
        ? -Float(advances.starts[start].roundedUp(toMultipleOf: advances.grid)) : 0
    }

    /// An advance from an item's start as a character position: rounded up to the grid.
    private func position(_ advance: Double) -> Float {
      Float(advance.roundedUp(toMultipleOf: advances.grid))
    }

    /// Walks on to the item holding grapheme `grapheme`.
    private mutating func enter(itemOf grapheme: Int) {
      let items = advances.items
      while items[item] != items[grapheme] {
        let current = items[item]
        while items[item] == current { item += 1 }
        base += position(advances.ends[item - 1])
      }
    }

    /// Where grapheme `grapheme` starts (after the kerning before it), or, at an item's end or the
    /// text's, where the item ends (before its tags).
    mutating func start(ofGrapheme grapheme: Int) -> Float {
      let items = advances.items
      if grapheme < items.count, grapheme > 0, items[grapheme] == items[grapheme - 1] {
        enter(itemOf: grapheme)
        return base + position(advances.starts[grapheme])
      }
      return end(ofGrapheme: grapheme - 1)
    }

    /// Where grapheme `grapheme` ends (without the kerning after it).
    mutating func end(ofGrapheme grapheme: Int) -> Float {
      enter(itemOf: grapheme)
      return base + position(advances.ends[grapheme])
    }
  }
}
