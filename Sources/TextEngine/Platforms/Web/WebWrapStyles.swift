#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Blink's `text-wrap-style: balance` and `pretty` (Chromium 156, paths under
/// `third_party/blink/renderer/core/layout/inline/`), over a prepared text's greedy lines.
///
/// - `inline_layout_algorithm.cc` (`LineBreakStrategy`): `balance` is initiated at the start of
///   the block only (no break token), so it applies to the first paragraph (up to the first
///   hard break); `pretty` runs in every paragraph.
/// - `score_line_break_context.h`: `kMaxLinesForBalance` = 6, `kMaxLinesForOptimal` = 4. The
///   greedy lines are cached in a ring of that many (`line_info_list.h`): `balance` gives up when
///   the paragraph has more than 6 lines; `pretty` optimizes the paragraph's last 4 lines.
/// - `score_line_breaker.cc`: `pretty` only when the last line is narrower than a third of the
///   width (LayoutUnits, the third truncated) and holds no break opportunity (`ShouldOptimize`).
///   Candidates are the break opportunities after the window's start, each with where the next
///   line would start (`pos_no_break`, trailing spaces included) and where this line's content
///   ends (`pos_if_break`), in `float` from the window's start, on the LayoutUnit grid
///   (`line_break_candidate.cc`, `LineBreaker::AppendCandidates`); fewer than 3 inside the window: no optimization. The last
///   opportunity gets 10,000 (`kOrphansPenalty`). Parameters as minikin's `computePenalties`:
///   line penalty = 4 × width × font size. Scores (`ComputeScores`): a line wider than the width
///   plus one LayoutUnit is `1e12`; else (width + 1/64 − line)², except the last line of `pretty`,
///   which costs 4 × its start's penalty; each line adds its end's penalty and the line penalty;
///   ties go to the later start; the `best_hope` pruning and the `active` window are Blink's.
///   When the best breaks give another number of lines than the greedy ones, the greedy lines
///   stay (`Optimize`).
/// - `paragraph_line_breaker.cc`: when scoring does not apply, `balance` bisects the width
///   (`AttemptParagraphBalancing`), only for a text without hard breaks: from the width down to
///   80% of the lines' average width (each line's width with its hanging spaces, in
///   LayoutUnits), halving in LayoutUnits while the bracket is wider than 1 px, keeping the
///   narrowest width whose greedy lines are no more than the greedy count; the text is then
///   broken greedily at that width.
///
/// Lines broken inside a word wider than the line are left greedy (an approximation: Blink's
/// `overflow-wrap: break-word` adds the break inside the word as a candidate).
enum WebWrapStyles {
  /// The most greedy lines a paragraph may have to be balanced (`kMaxLinesForBalance`).
  static let maxLinesForBalance = 6
  /// How many of a paragraph's last lines `pretty` optimizes (`kMaxLinesForOptimal`).
  static let maxLinesForOptimal = 4
  /// Score of a line wider than the width (`kScoreOverfull`).
  static let scoreOverfull: Float = 1e12
  /// The penalty added to the last break opportunity (`kOrphansPenalty`).
  static let orphansPenalty: Float = 10_000
  /// The last line's factor of its start's penalty under `pretty` (`kLastLinePenaltyMultiplier`).
  static let lastLinePenaltyMultiplier: Float = 4
  /// The most candidates a window scores (a window with more keeps its greedy lines, as do
  /// indices past `UInt16`); up to `stackCandidates` are on the stack, more in `ScoringScratch`.
  static let maximumCandidates = 4_096

  /// Lines in a fixed ring (no allocation): the greedy lines of the current window.
  struct LineRing<Line> {
    var lines: InlineArray<8, Line>
    var first = 0
    var count = 0

    /// An empty ring (`filler` only fills the unused room).
    init(filler: Line) { lines = InlineArray(repeating: filler) }

    @inline(__always) subscript(index: Int) -> Line {
      get { lines[(first &+ index) & 7] }
      set { lines[(first &+ index) & 7] = newValue }
    }

    @inline(__always) mutating func append(_ line: Line) {
      self[count] = line
      count &+= 1
    }

    @inline(__always) mutating func removeFirst() -> Line {
      let line = lines[first]
      first = (first &+ 1) & 7
      count &-= 1
      return line
    }
  }

  /// A window's break opportunities (`LineBreakCandidate`) and their best scores
  /// (`LineBreakScore`), one array per field.
  ///
  /// Each array is its own `withUnsafeTemporaryAllocation` of at most 1,024 bytes, the size it
  /// always takes from the stack, so a window of up to `stackCandidates` candidates allocates
  /// nothing. Only the last opportunity has a penalty (hyphenation is off), so it is not stored.
  struct Candidates {
    /// Where the next line starts (trailing spaces included), from the window's start.
    var noBreak: UnsafeMutablePointer<Float>
    /// Where a line ending here ends (without trailing spaces).
    var ifBreak: UnsafeMutablePointer<Float>
    var score: UnsafeMutablePointer<Float>
    var previous: UnsafeMutablePointer<UInt16>
    /// The next candidate with a lower score (the count when none has one yet).
    var lower: UnsafeMutablePointer<UInt16>
    /// The candidates whose `lower` is not known yet, their scores rising.
    var pending: UnsafeMutablePointer<UInt16>
  }

  /// The most candidates whose arrays fit the stack (256 `Float`s are 1,024 bytes).
  static let stackCandidates = 256

  /// Calls `body` with arrays for `count` candidates: on the stack up to `stackCandidates`,
  /// else in this thread's scratch memory (``ScoringScratch``).
  @inline(__always) static func withCandidates<Result>(
    count: Int, _ body: (Candidates) -> Result
  ) -> Result {
    guard count <= stackCandidates else {
      return ScoringScratch.withMemory(bytes: count &* 18) { memory in
        let floats = memory.assumingMemoryBound(to: Float.self)
        let shorts = (memory + count &* 12).assumingMemoryBound(to: UInt16.self)
        return body(
          Candidates(
            noBreak: floats, ifBreak: floats + count, score: floats + count &* 2, previous: shorts,
            lower: shorts + count, pending: shorts + count &* 2))
      }
    }
    return withUnsafeTemporaryAllocation(of: Float.self, capacity: count) { noBreak in
      withUnsafeTemporaryAllocation(of: Float.self, capacity: count) { ifBreak in
        withUnsafeTemporaryAllocation(of: Float.self, capacity: count) { score in
          withUnsafeTemporaryAllocation(of: UInt16.self, capacity: count) { previous in
            withUnsafeTemporaryAllocation(of: UInt16.self, capacity: count) { lower in
              withUnsafeTemporaryAllocation(of: UInt16.self, capacity: count) { pending in
                body(
                  Candidates(
                    noBreak: noBreak.baseAddress.unsafelyUnwrapped,
                    ifBreak: ifBreak.baseAddress.unsafelyUnwrapped,
                    score: score.baseAddress.unsafelyUnwrapped,
                    previous: previous.baseAddress.unsafelyUnwrapped,
                    lower: lower.baseAddress.unsafelyUnwrapped,
                    pending: pending.baseAddress.unsafelyUnwrapped))
              }
            }
          }
        }
      }
    }
  }

  /// The segment holding grapheme `grapheme` (the last that starts at or before it).
  @inline(__always) static func segment(
    holding grapheme: Int, in segments: UnsafeBufferPointer<PreparedText.Segment>
  ) -> Int {
    var low = 0
    var high = segments.count - 1
    while low < high {
      let middle = (low &+ high &+ 1) >> 1
      if Int(segments[middle].graphemeStart) <= grapheme { low = middle } else { high = middle &- 1 }
    }
    return low
  }

  /// The segments `first...last` of whole lines `lines`, or nil when a line starts or ends inside a
  /// segment.
  static func wholeSegments(
    of lines: LineRing<PreparedText.LineBreak>, in view: PreparedTextStorage.View
  ) -> (first: Int, last: Int)? {
    let segments = view.segments
    var first = -1
    var last = -1
    for index in 0..<lines.count {
      let range = lines[index].graphemeRange
      let start = segment(holding: range.lowerBound, in: segments)
      guard Int(segments[start].graphemeStart) == range.lowerBound else { return nil }
      let end = segment(holding: max(range.lowerBound, range.upperBound &- 1), in: segments)
      guard Int(segments[end].graphemeStart + segments[end].graphemeCount) == range.upperBound else {
        return nil
      }
      if index == 0 { first = start }
      last = end
    }
    return first < 0 ? nil : (first, last)
  }

  /// True when a segment of the paragraph holding segment `segment` is wider than `limit`: a line
  /// of the paragraph overflows and is broken inside a word, which turns off both the scored
  /// breaks (`LineBreaker::ShouldDisableScoreLineBreak`, until the paragraph ends) and the
  /// bisection (`ShouldDisableBisectLineBreak`).
  static func paragraphOverflows(
    holding segment: Int, in view: PreparedTextStorage.View, limit: Double
  ) -> Bool {
    let segments = view.segments
    var first = segment
    while first > 0, !segments[first &- 1].hardBreakAfter { first &-= 1 }
    let last = Int(view.keys[segment].paragraphEnd)
    for index in first...last where widthAlone(ofSegment: index, in: view) > limit { return true }
    return false
  }

  /// How wide segment `index` of `view` is alone on a line as the line finder takes it: its
  /// content, or in text with bidi items its items' parts snapped
  /// (`PreparedText.snappedWidth(ofSegment:in:grid:searchFrom:)`), where the line finder cuts it;
  /// with the hyphen after it where it ends with a soft hyphen (``WebSoftHyphens``).
  static func widthAlone(ofSegment index: Int, in view: PreparedTextStorage.View) -> Double {
    let segment = view.segments[index]
    let hyphen =
      view.softHyphenSegments.isEmpty || !WebSoftHyphens.endsWithSoftHyphen(index, in: view)
      ? 0 : view.hyphenWidth
    guard view.hasBidiItems, view.snapsCutWordTails, segment.contentGraphemeCount > 1 else {
      return segment.contentWidth + hyphen
    }
    return max(
      segment.contentWidth,
      PreparedText.snappedWidth(ofSegment: index, in: view, grid: WebTextRules.layoutUnit, searchFrom: 0))
      + hyphen
  }

  /// The line of segments `first...last` as the greedy breaker reports a line of whole segments.
  @inline(__always) static func line(
    segments first: Int, through last: Int, in view: PreparedTextStorage.View
  ) -> PreparedText.LineBreak {
    let segments = view.segments
    let keys = view.keys
    let lastSegment = segments[last]
    // (A line ending at a soft hyphen holds its hyphen, ``WebSoftHyphens``.)
    let hyphen =
      view.softHyphenSegments.isEmpty || Int(lastSegment.lastContent) != last
      ? 0 : WebSoftHyphens.drawnHyphen(endingAt: last, in: view)
    return PreparedText.LineBreak(
      graphemeRange: Int(
        segments[first].graphemeStart)..<Int(lastSegment.graphemeStart + lastSegment.graphemeCount),
      contentWidth: Int(lastSegment.lastContent) < first
        ? 0
        : (view.itemStartGraphemes.isEmpty
          ? PreparedText.LineKey.lineWidth(
            from: keys[first], toLineContentEnd: keys[last].lineContentEnd,
            contentTieRank: keys[Int(lastSegment.lastContent)].tieRank)
          : keys[last].lineContentEnd - keys[first].start) + hyphen,
      endsWithHardBreak: lastSegment.hardBreakAfter)
  }

  /// Blink's scored breaks (`ScoreLineBreaker::Optimize`) for the window of greedy lines `lines`:
  /// calls `body` with each line and returns true, or returns false (calling nothing) when
  /// scoring does not apply or gives another number of lines.
  static func optimize(
    _ lines: LineRing<PreparedText.LineBreak>, in view: PreparedTextStorage.View, width: Double,
    fontSize: Double, balanced: Bool,
    _ body: (PreparedText.LineBreak) -> Bool
  ) -> (applied: Bool, stopped: Bool) {
    guard let (first, last) = wholeSegments(of: lines, in: view),
      !paragraphOverflows(holding: first, in: view, limit: WebTextRules.lineLimit(forWidth: width))
    else { return (false, false) }
    // Candidates: the window's start (a sentinel), then the end of every segment.
    let count = last &- first &+ 2
    // Fewer than 3 break opportunities inside the window (`kMinCandidates`).
    guard count >= 5 else { return (false, false) }
    guard count <= maximumCandidates else { return (false, false) }
    // The lines' last segments, taken out of the candidates before `body` sees a line.
    var ends = InlineArray<8, Int>(repeating: 0)
    let applied = withCandidates(count: count) { candidates in
      optimize(
        lines.count, segments: first...last, candidates: candidates, in: view, width: width,
        fontSize: fontSize,
        balanced: balanced, ends: &ends)
    }
    guard applied else { return (false, false) }
    var lineStart = first
    for index in 0..<lines.count {
      let end = ends[index]
      guard body(line(segments: lineStart, through: end, in: view)) else { return (true, true) }
      lineStart = end &+ 1
    }
    return (true, false)
  }

  /// The scoring of `optimize(_:in:width:fontSize:balanced:_:)` over `candidates`: true with the
  /// last segment of each of the `lineCount` lines in `ends`, or false when the best breaks give
  /// another number of lines.
  @inline(never) static func optimize(
    _ lineCount: Int, segments range: ClosedRange<Int>, candidates: Candidates,
    in view: PreparedTextStorage.View, width: Double, fontSize: Double, balanced: Bool,
    ends: inout InlineArray<8, Int>
  ) -> Bool {
    let segments = view.segments
    let noBreak = candidates.noBreak
    let ifBreak = candidates.ifBreak
    let count = range.count &+ 1
    // Positions from the window's start as the greedy breaker has them: Chromium's advances
    // from the paragraph's start rounded up to LayoutUnits (the segments' line keys), in `float`.
    // (Chromium 156 breaks ties between mirror-image lines as these do, the shorter line first.)
    noBreak[0] = 0
    ifBreak[0] = 0
    let keys = view.keys.baseAddress.unsafelyUnwrapped
    // (A window starting after a mark trimmed before its first: where Blink's positions put it.)
    let origin =
      range.lowerBound > 0 && !view.lineEndTrims.isEmpty
      ? candidate(after: range.lowerBound &- 1, next: keys[range.lowerBound].start, in: view).noBreak
      : keys[range.lowerBound].start
    // Only the window's last segment can end its paragraph (a window's lines end at the first
    // hard break), so every other's next line starts at the next segment.
    let last = range.upperBound
    var index = 1
    var segment = range.lowerBound
    while segment < last {
      let (next, end) = candidate(after: segment, next: keys[segment &+ 1].start, in: view)
      noBreak[index] = Float(next - origin)
      ifBreak[index] = Float(end - origin)
      index &+= 1
      segment &+= 1
    }
    let next =
      last &+ 1 < segments.count && !segments[last].hardBreakAfter
      ? keys[last &+ 1].start
      : (keys[last].start + segments[last].totalWidth).roundedUp(toMultipleOf: WebTextRules.layoutUnit)
    let (lastNext, lastEnd) = candidate(after: last, next: next, in: view)
    noBreak[index] = Float(lastNext - origin)
    ifBreak[index] = Float(lastEnd - origin)
    return score(
      lineCount, count: count, candidates: candidates, width: width, fontSize: fontSize, balanced: balanced,
      firstSegment: range.lowerBound, ends: &ends,
      isHyphenated: {
        view.softHyphenSegments.isEmpty ? false : hyphenates(after: range.lowerBound &+ $0 &- 1, in: view)
      }
    )
  }

  /// Whether a line ending after segment `segment` ends with a hyphen (``WebSoftHyphens``).
  @inline(never) static func hyphenates(after segment: Int, in view: PreparedTextStorage.View) -> Bool {
    WebSoftHyphens.drawnHyphen(endingAt: segment, in: view) > 0
  }

  /// Where the next line starts and where a line ending after `segment` ends, as Blink's
  /// candidates take them from the paragraph's shaping (`LineBreaker::AppendCandidates`), given
  /// the segments' keys and `next`, the key where the next segment starts:
  /// - under `text-spacing-trim: normal` (`WebSpacingTrim`), the next segment's first mark
  ///   trimmed after this one is narrower in the paragraph's positions, where the keys move the
  ///   next segment's start instead; and a mark the keys set narrower at a line's end
  ///   (`LineEndTrim.points`) is full width in the paragraph;
  /// - a line's end leaves out only spaces, tabs and hard breaks (`IsBreakableSpace`,
  ///   `candidateEnd`): an ideographic space that hangs at a greedy line's end counts (the text's
  ///   scalars are in the views the wrap styles get, `PreparedText.withView(breaking:)`).
  @inline(__always) static func candidate(
    after segment: Int, next: Double, in view: PreparedTextStorage.View
  ) -> (noBreak: Double, ifBreak: Double) {
    let key = view.keys[segment]
    var noBreak = next
    var ifBreak = key.contentEnd
    if !view.lineEndTrims.isEmpty, let trim = WebSpacingTrim.LineEndTrim.find(segment, in: view.lineEndTrims)
    {
      noBreak -= trim.trimAfter
      if trim.points != 0 { ifBreak = key.lineContentEnd }
    }
    let record = view.segments[segment]
    if let codes = view.codes, record.graphemeCount > record.contentGraphemeCount {
      let first = Int(record.graphemeStart)
      let contentEnd = first &+ Int(record.contentGraphemeCount)
      let end = candidateEnd(from: first &+ Int(record.graphemeCount), contentEnd: contentEnd) {
        codes[$0 == 0 ? 0 : Int(view.graphemeEnds[$0 &- 1])]
      }
      if end > contentEnd {
        var width = 0.0
        for grapheme in first..<end { width += view.graphemeWidths[grapheme] }
        ifBreak = (key.start + width).roundedUp(toMultipleOf: WebTextRules.layoutUnit)
      }
    }
    // (A line ending at a soft hyphen holds its hyphen: `is_hyphenated`.)
    if !view.softHyphenSegments.isEmpty { ifBreak += WebSoftHyphens.drawnHyphen(endingAt: segment, in: view) }
    return (noBreak, ifBreak)
  }

  /// Where a candidate's line ends (`LineBreaker::AppendCandidates`): after the last of a
  /// segment's trailing graphemes (from `contentEnd` to `end`) that is not a space, a tab or a
  /// hard break (`IsBreakableSpace`: an ideographic space counts), else at `contentEnd`;
  /// `firstScalar(k)` is grapheme `k`'s first scalar.
  @inline(__always) static func candidateEnd(
    from end: Int, contentEnd: Int, firstScalar: (Int) -> UInt32
  ) -> Int {
    var end = end
    while end > contentEnd {
      let scalar = firstScalar(end &- 1)
      guard scalar == 0x20 || scalar == 0x09 || UnicodeProperties.isHardBreak(scalar) else { break }
      end &-= 1
    }
    return end
  }

  /// `ScoreLineBreaker::ComputeScores` and `ComputeBreakPoints` over `count` candidates whose
  /// positions (`noBreak`, `ifBreak`, from the window's start; candidate 0 the window's start)
  /// are filled in: true with the last segment of each of the `lineCount` lines in `ends`
  /// (candidate `k` ends segment `firstSegment + k − 1`), or false when the best breaks give
  /// another number of lines. `isHyphenated(k)`: a line ending at candidate `k` ends with a
  /// hyphen (its penalty, ``WebSoftHyphens``).
  @inline(__always) static func score(
    _ lineCount: Int, count: Int, candidates: Candidates, width: Double, fontSize: Double, balanced: Bool,
    firstSegment: Int, ends: inout InlineArray<8, Int>,
    isHyphenated hyphenatedAt: (Int) -> Bool = { _ in false }
  ) -> Bool {
    let noBreak = candidates.noBreak
    let ifBreak = candidates.ifBreak
    let scores = candidates.score
    let previous = candidates.previous
    let lower = candidates.lower
    let pending = candidates.pending
    scores[0] = 0
    previous[0] = 0
    // `SetupParameters`: the width in LayoutUnits; zoom 1.
    let layoutWidth = Float((width * 64).rounded() / 64)
    let widthTimesFontSize = layoutWidth * Float(fontSize) / 1
    let hyphenPenalty = widthTimesFontSize * 2
    // The opportunities at soft hyphens have the hyphen's penalty (``WebSoftHyphens``; the
    // end's, the same on every path, is left out). The last opportunity before the end has the
    // orphans penalty, and so does each before it while the one after is at a soft hyphen;
    // every other penalty is 0.
    @inline(__always) func isHyphenated(_ candidate: Int) -> Bool {
      candidate > 0 && candidate < count &- 1 && hyphenatedAt(candidate)
    }
    var orphan = count &- 2
    while orphan > 0, isHyphenated(orphan) { orphan &-= 1 }
    @inline(__always) func penalty(_ candidate: Int) -> Float {
      (candidate >= orphan && candidate <= count &- 2 ? orphansPenalty : 0)
        + (isHyphenated(candidate) ? hyphenPenalty : 0)
    }

    let linePenalty = hyphenPenalty * 2
    // `AvailableWidthToFit`: one LayoutUnit more, as the greedy breaker.
    let availableWidth = Float((width * 64).rounded() / 64 + WebTextRules.layoutUnit)

    // `ComputeScores`.
    lower[0] = UInt16(truncatingIfNeeded: count)
    pending[0] = 0
    var pendingCount = 1
    var active = 0
    for end in 1..<count {
      let isLast = end == count &- 1
      var best = Float.greatestFiniteMagnitude
      var bestPrevious = 0
      let startEdge = ifBreak[end] - availableWidth
      var bestHope: Float = 0
      var start = active
      if isLast && !balanced {
        // `pretty`'s last line: its start's penalty instead of its width.
        while start < end {
          let startScore = scores[start]
          if startScore + bestHope >= best {
            start &+= 1
            continue
          }
          let delta = noBreak[start] - startEdge
          var widthScore: Float = 0
          var additionalPenalty: Float = 0
          if delta < 0 {
            // Overfull (text is never justified here).
            widthScore = scoreOverfull
          } else {
            additionalPenalty = lastLinePenaltyMultiplier * penalty(start)
          }
          if delta < 0 { active = start &+ 1 } else { bestHope = widthScore }
          let score = startScore + widthScore + additionalPenalty
          if score <= best {
            best = score
            bestPrevious = start
          }
          start &+= 1
        }
      } else {
        // Every other line: its width's score (`+ 0` for the additional penalty left out, which
        // changes no sum). First the starts too far back (overfull), one by one, up to the first
        // start that fits and is not pruned.
        while start < end {
          let startScore = scores[start]
          if startScore + bestHope >= best {
            start &+= 1
            continue
          }
          let delta = noBreak[start] - startEdge
          if delta < 0 {
            // Overfull (text is never justified here).
            active = start &+ 1
            let score = startScore + scoreOverfull
            bestPrevious = score <= best ? start : bestPrevious
            best = min(best, score)
            start &+= 1
            continue
          }
          let widthScore = delta * delta
          bestHope = widthScore
          let score = startScore + widthScore
          bestPrevious = score <= best ? start : bestPrevious
          best = min(best, score)
          start = Int(lower[start])
          break
        }
        // Past a start that fits, `best` only falls and `bestHope` only rises (later starts make
        // shorter lines), so a start scoring no lower than one scanned before is pruned: the scan
        // goes from each start to the next with a lower score, and every start it reaches fits.
        // Without branches (the pruning test mispredicts often): a pruned start scores no lower
        // than `best` (its width's score is at least `bestHope`), so the minimum is unchanged by
        // it, and only a kept start may win a tie.
        while start < end {
          let startScore = scores[start]
          let kept = startScore + bestHope < best
          let delta = noBreak[start] - startEdge
          let widthScore = delta * delta
          let score = startScore + widthScore
          bestHope = kept ? widthScore : bestHope
          bestPrevious = kept && score <= best ? start : bestPrevious
          best = min(best, score)
          start = Int(lower[start])
        }
      }
      let endScore = best + penalty(end) + linePenalty
      scores[end] = endScore
      // Every score is at least candidate 0's (0), which stays pending.
      while scores[Int(pending[pendingCount &- 1])] > endScore {
        pendingCount &-= 1
        lower[Int(pending[pendingCount])] = UInt16(truncatingIfNeeded: end)
      }
      pending[pendingCount] = UInt16(truncatingIfNeeded: end)
      pendingCount &+= 1
      lower[end] = UInt16(truncatingIfNeeded: count)
      previous[end] = UInt16(truncatingIfNeeded: bestPrevious)
    }
    // Another number of lines than the greedy breaker's: the greedy lines stay.
    var lines = 0
    var breakIndex = count &- 1
    while breakIndex > 0, lines <= lineCount {
      lines &+= 1
      breakIndex = Int(previous[breakIndex])
    }
    guard lines == lineCount else { return false }
    // `ComputeBreakPoints`: the path back from the end; candidate `k` ends at segment
    // `range.lowerBound + k - 1`.
    breakIndex = count &- 1
    var lineNumber = lineCount
    while breakIndex > 0 {
      lineNumber &-= 1
      ends[lineNumber] = firstSegment &+ breakIndex &- 1
      breakIndex = Int(previous[breakIndex])
    }
    return true
  }

  /// `balance` for text with tabs (``WebTabStops``), whose lines only the line finder measures:
  /// Blink's bisection (`ParagraphLineBreaker::AttemptToBalance`) with a greedy pass at each
  /// width it tries, for a first paragraph of 2 to `maxLinesForBalance` lines that is the whole
  /// text and has no word wider than the line; otherwise the greedy lines. (The scored breaks
  /// are not tried: their candidates' widths read the keys, where tabs are 0 wide.)
  static func balanceWithTabs(
    in view: PreparedTextStorage.View, limit: Double, width: Double,
    _ body: (PreparedText.LineBreak) -> Bool
  ) {
    func greedy(_ limit: Double, _ body: (PreparedText.LineBreak) -> Bool) {
      PreparedText.forEachLine(in: view, limit: limit, rules: WebTextRules.self, body)
    }
    var lineCount = 0
    var sum = 0
    var balances = true
    greedy(limit) { line in
      lineCount += 1
      sum += layoutUnits(line.contentWidth)
      if lineCount > maxLinesForBalance || line.endsWithHardBreak { balances = false }
      return balances
    }
    // (An unconstrained width, +∞, is never balanced.)
    guard balances, lineCount > 1, width.isFinite, !paragraphOverflows(holding: 0, in: view, limit: limit)
    else {
      greedy(limit, body)
      return
    }
    let balanced = bisectedWidthByLineFinder(in: view, lineCount: lineCount, lineWidthSum: sum, width: width)
    greedy(WebTextRules.lineLimit(forWidth: Double(balanced) / 64), body)
  }

  /// Blink's bisection (`ParagraphLineBreaker::AttemptToBalance`) for a paragraph of `lineCount`
  /// greedy lines `lineWidthSum` LayoutUnits wide together, with a greedy pass of the line finder
  /// at each width it tries: texts whose lines only the line finder measures (tabs, bidi items).
  static func bisectedWidthByLineFinder(
    in view: PreparedTextStorage.View, lineCount: Int, lineWidthSum: Int, width: Double
  ) -> Int {
    let minimum = narrowestBalancedWidth(lineWidthSum: lineWidthSum, lineCount: lineCount)
    var widest = 0.0
    for index in view.segments.indices { widest = max(widest, widthAlone(ofSegment: index, in: view)) }
    // Whether the greedy lines at `width` LayoutUnits keep to `lineCount`.
    func fits(_ width: Int) -> Bool {
      let limit = WebTextRules.lineLimit(forWidth: Double(width) / 64)
      guard widest <= limit else { return false }
      var lines = 0
      PreparedText.forEachLine(in: view, limit: limit, rules: WebTextRules.self) { _ in
        lines += 1
        return lines <= lineCount
      }
      return lines <= lineCount
    }
    return bisected(from: minimum, to: availableLayoutUnits(width), fits: fits)
  }

  /// The CSS width `width` in whole LayoutUnits, truncated as Blink takes the available width
  /// (`WebTextRules.lineLimit(forWidth:)` less its epsilon).
  @inline(__always) static func availableLayoutUnits(_ width: Double) -> Int {
    Int((Double(Float(width)) * 64).rounded(.down))
  }

  /// `text-wrap-style: pretty`: every paragraph's greedy lines, its last 4 re-broken by score when
  /// its last line is short. (Text with tabs stays greedy: the scores read the keys, where tabs
  /// are 0 wide.)
  static func pretty(
    in view: PreparedTextStorage.View, limit: Double, width: Double, fontSize: Double,
    _ body: (PreparedText.LineBreak) -> Bool
  ) {
    if !view.tabRuns.isEmpty || !positionsRise(in: view) {
      PreparedText.forEachLine(in: view, limit: limit, rules: WebTextRules.self, body)
      return
    }
    var window = LineRing(filler: PreparedText.LineBreak.empty)
    var stopped = false
    // Ends the paragraph whose last lines `window` holds.
    func finishParagraph() -> Bool {
      defer { window = LineRing(filler: PreparedText.LineBreak.empty) }
      guard window.count > 1, shouldOptimize(window, in: view, width: width) else {
        return emitAll(window, body)
      }
      let (applied, stopped) = optimize(
        window, in: view, width: width, fontSize: fontSize, balanced: false, body)
      return applied ? !stopped : emitAll(window, body)
    }
    PreparedText.forEachLine(in: view, limit: limit, rules: WebTextRules.self) { line in
      if window.count == maxLinesForOptimal, !body(window.removeFirst()) {
        stopped = true
        return false
      }
      window.append(line)
      if line.endsWithHardBreak, !finishParagraph() {
        stopped = true
        return false
      }
      return true
    }
    if !stopped { _ = finishParagraph() }
  }

  /// Calls `body` with each line of `lines`; false when it stopped.
  @inline(__always) static func emitAll<Line>(_ lines: LineRing<Line>, _ body: (Line) -> Bool) -> Bool {
    for index in 0..<lines.count where !body(lines[index]) { return false }
    return true
  }

  /// `ShouldOptimize`: the last line is narrower than a third of the width (its LayoutUnits,
  /// hanging spaces included, against the width's LayoutUnits divided by 3) and is one segment.
  /// Also when the two lines before the last both end with a hyphen (``WebSoftHyphens``).
  static func shouldOptimize(
    _ lines: LineRing<PreparedText.LineBreak>, in view: PreparedTextStorage.View, width: Double
  ) -> Bool {
    let count = lines.count
    if !view.softHyphenSegments.isEmpty, count >= 3, layoutUnits(hyphenOf: lines[count - 2], in: view) > 0,
      layoutUnits(hyphenOf: lines[count - 3], in: view) > 0
    {
      return true
    }
    let last = lines[count - 1]
    guard !last.graphemeRange.isEmpty else { return false }
    let segments = view.segments
    let first = segment(holding: last.graphemeRange.lowerBound, in: segments)
    let end = segment(holding: last.graphemeRange.upperBound - 1, in: segments)
    guard first == end else { return false }
    let third = layoutUnits(width) / 3
    return layoutUnits(ofLine: last, in: view) < third
  }

  /// The LayoutUnits of the hyphen `line` ends with: where it ends at the end of a segment whose
  /// content ends with a soft hyphen, before its paragraph's end (``WebSoftHyphens``); else 0.
  static func layoutUnits(hyphenOf line: PreparedText.LineBreak, in view: PreparedTextStorage.View) -> Int {
    guard !line.graphemeRange.isEmpty else { return 0 }
    let segments = view.segments
    let last = segment(holding: line.graphemeRange.upperBound - 1, in: segments)
    guard Int(segments[last].graphemeStart + segments[last].graphemeCount) == line.graphemeRange.upperBound
    else { return 0 }
    return layoutUnits(WebSoftHyphens.drawnHyphen(endingAt: last, in: view))
  }

  /// A length in whole LayoutUnits (`LayoutUnit::FromFloatRound`).
  @inline(__always) static func layoutUnits(_ length: Double) -> Int {
    Int((length * 64).rounded(.toNearestOrAwayFromZero))
  }

  /// Where grapheme `grapheme` starts in LayoutUnits from its paragraph's start, as the greedy
  /// breaker places it (the segments' line keys; inside a segment, its graphemes added and rounded
  /// up).
  static func snappedPosition(ofGrapheme grapheme: Int, in view: PreparedTextStorage.View) -> Int {
    snappedPositionAndRounding(ofGrapheme: grapheme, in: view).layoutUnits
  }

  /// `snappedPosition(ofGrapheme:in:)` and how far it was rounded up (1/65536 px; 0 off the
  /// LayoutUnit grid of cut words).
  /// With `endKerning`, the point that much past the grapheme's start (a reshaped cut word's
  /// end, `View.cutKerning`).
  static func snappedPositionAndRounding(
    ofGrapheme grapheme: Int, in view: PreparedTextStorage.View, endKerning: Double = 0
  ) -> (
    layoutUnits: Int, rounding: Int16
  ) {
    let segments = view.segments
    guard !segments.isEmpty else { return (0, 0) }
    let index = segment(holding: min(grapheme, view.graphemeWidths.count - 1), in: segments)
    var position = view.keys[index].start
    let first = Int(segments[index].graphemeStart)
    if grapheme > first {
      var lead = 0.0
      for offset in first..<grapheme { lead += view.graphemeWidths[offset] }
      lead += endKerning
      if view.snapsCutWordTails {
        // As the greedy breaker measures a cut word (`PreparedText.CutWordPositions`).
        var positions = PreparedText.CutWordPositions(
          key: view.keys[index], first: first, grid: WebTextRules.layoutUnit, items: view.itemStartGraphemes)
        let (rounded, rounding) = positions.position(
          ofGrapheme: grapheme, lead: lead, widths: view.graphemeWidths)
        return (Int((rounded * 64).rounded()), rounding)
      }
      position += lead
      return (Int((position * 64).rounded(.up)), 0)
    }
    return (Int((position * 64).rounded()), view.keys[index].startRounding)
  }

  /// `LineInfo::Width()`: the line's LayoutUnits with its hanging spaces.
  static func layoutUnits(ofLine line: PreparedText.LineBreak, in view: PreparedTextStorage.View) -> Int {
    snappedPosition(ofGrapheme: line.graphemeRange.upperBound, in: view)
      - snappedPosition(ofGrapheme: line.graphemeRange.lowerBound, in: view)
  }

  /// The LayoutUnits of a line's graphemes as the greedy breaker reports its width: the
  /// difference of its ends' snapped positions, and one more where its start was rounded up
  /// further than its end (Blink's `ceil(e − o)`,
  /// `PreparedText.LineKey.lineWidth(from:toLineContentEnd:contentTieRank:)`), in a text without
  /// bidi items.
  static func reportedLayoutUnits(ofGraphemes graphemes: Range<Int>, in view: PreparedTextStorage.View) -> Int
  {
    // (A piece of a cut word ends reshaped, without its kerning to the next grapheme.)
    let endKerning =
      graphemes.upperBound > 0 && graphemes.upperBound < view.graphemeWidths.count
      ? view.cutKerning(beforeGrapheme: graphemes.upperBound) : 0
    let end = snappedPositionAndRounding(ofGrapheme: graphemes.upperBound, in: view, endKerning: endKerning)
    let start = snappedPositionAndRounding(ofGrapheme: graphemes.lowerBound, in: view)
    // (Texts with bidi items keep the difference here: their lines widen past an item's end.)
    let wider = view.itemStartGraphemes.isEmpty && start.rounding > end.rounding
    return end.layoutUnits - start.layoutUnits + (wider ? 1 : 0)
  }

  /// `text-wrap-style: balance`: the first paragraph scored (or, for a text without hard breaks,
  /// its width bisected) when it has 2 to 6 greedy lines; everything else greedy.
  static func balance(
    in view: PreparedTextStorage.View, limit: Double, width: Double, fontSize: Double,
    _ body: (PreparedText.LineBreak) -> Bool
  ) {
    if !view.tabRuns.isEmpty {
      balanceWithTabs(in: view, limit: limit, width: width, body)
      return
    }
    guard positionsRise(in: view) else {
      PreparedText.forEachLine(in: view, limit: limit, rules: WebTextRules.self, body)
      return
    }
    if balanceWholeSegments(in: view, limit: limit, width: width, fontSize: fontSize, body) { return }
    var window = LineRing(filler: PreparedText.LineBreak.empty)
    // 0: collecting the first paragraph; 1: passing greedy lines through; 2: balanced by
    // bisection (the rest of the greedy pass is not needed).
    var state = 0
    var stopped = false
    PreparedText.forEachLine(in: view, limit: limit, rules: WebTextRules.self) { line in
      if state == 1 { return body(line) }
      window.append(line)
      if window.count > maxLinesForBalance {
        state = 1
        if !emitAll(window, body) {
          stopped = true
          return false
        }
        return true
      }
      if line.endsWithHardBreak {
        // The first paragraph ends with a hard break: bisection is off (`DidAppendForcedBreak`).
        state = 1
        if window.count > 1 {
          let (applied, halted) = optimize(
            window, in: view, width: width, fontSize: fontSize, balanced: true, body)
          if applied {
            stopped = halted
            return !halted
          }
        }
        if !emitAll(window, body) {
          stopped = true
          return false
        }
        return true
      }
      return true
    }
    guard state == 0, !stopped else { return }
    // The text ended within 6 lines and without a hard break.
    if window.count > 1 {
      let (applied, _) = optimize(window, in: view, width: width, fontSize: fontSize, balanced: true, body)
      if applied { return }
      if !paragraphOverflows(holding: 0, in: view, limit: limit),
        let balanced = bisectedWidth(of: window, in: view, width: width)
      {
        PreparedText.forEachLine(
          in: view, limit: WebTextRules.lineLimit(forWidth: Double(balanced) / 64), rules: WebTextRules.self,
          body)
        return
      }
    }
    _ = emitAll(window, body)
  }

  /// True when the text's positions rise (`PreparedText.LineKey.positionsRise`), as the wrap
  /// styles' searches over the keys and their scores assume; a text whose positions fall back
  /// (a negative letter spacing larger than a cluster's advance) keeps its greedy lines.
  static func positionsRise(in view: PreparedTextStorage.View) -> Bool {
    PreparedText.LineKey.positionsRise(view.keys)
  }

  /// `balance` for a text of one paragraph without hard breaks or bidi items (false, having
  /// called nothing, for any other text). When no word is wider than the line (the usual text),
  /// every greedy line is whole segments: the lines are found as segment indices (as
  /// `PreparedText.forEachLine` finds them), so scoring needs no search for the lines' segments
  /// and no copy of the lines. When one is wider, `balance` leaves the text greedy (neither
  /// scoring nor bisection applies), which is only checked once the lines are 2 to 6.
  static func balanceWholeSegments(
    in view: PreparedTextStorage.View, limit: Double, width: Double, fontSize: Double,
    _ body: (PreparedText.LineBreak) -> Bool
  ) -> Bool {
    let segments = view.segments
    let last = segments.count &- 1
    // (Texts with bidi items: a line past an item's end is wider by the line finder's measure
    // than by the keys, `widerFirstItemPart`; their greedy lines come from the line finder.)
    guard last >= 0, !segments[last].hardBreakAfter, Int(view.keys[0].paragraphEnd) == last,
      view.itemStartGraphemes.isEmpty, view.softHyphenSegments.isEmpty
    else {
      return false
    }
    let keys = view.keys.baseAddress.unsafelyUnwrapped
    var ends = InlineArray<8, Int>(repeating: 0)
    var lineCount = 0
    var first = 0
    var previousFirst = 0
    while first <= last {
      // More than `maxLinesForBalance` lines: greedy.
      guard lineCount < maxLinesForBalance else {
        PreparedText.forEachLine(in: view, limit: limit, rules: WebTextRules.self, body)
        return true
      }
      let reach = limit + keys[first].start
      // After the first line, looked for near as many segments as the line before holds.
      var end = PreparedText.decidingTies(
        lineCount == 0
          ? PreparedText.lastSegment(in: keys, from: first, through: last, within: reach)
          : PreparedText.lastSegment(
            in: keys, from: first, through: last, within: reach,
            near: first &+ ends[lineCount &- 1] &- previousFirst),
        in: keys, from: first, within: reach)
      if !view.lineEndTrims.isEmpty {
        end = WebSpacingTrim.adjustedLastSegment(
          end, from: first, through: last, reach: reach, keys: keys, trims: view.lineEndTrims)
      }
      previousFirst = first
      ends[lineCount] = end
      lineCount &+= 1
      first = end &+ 1
    }
    // One line, or a word wider than the line (which the search above took for a line of its
    // own): greedy, as `balance` leaves such a text.
    guard lineCount > 1, !segments.contains(where: { $0.contentWidth > limit }) else {
      PreparedText.forEachLine(in: view, limit: limit, rules: WebTextRules.self, body)
      return true
    }
    // `optimize(_:in:width:fontSize:balanced:_:)` on these lines: candidates after the start.
    let count = last &+ 2
    if count >= 5, count <= maximumCandidates {
      var balanced = InlineArray<8, Int>(repeating: 0)
      let applied = withCandidates(count: count) { candidates in
        optimize(
          lineCount, segments: 0...last, candidates: candidates, in: view, width: width, fontSize: fontSize,
          balanced: true, ends: &balanced)
      }
      if applied {
        var lineStart = 0
        for index in 0..<lineCount {
          let end = balanced[index]
          guard body(line(segments: lineStart, through: end, in: view)) else { return true }
          lineStart = end &+ 1
        }
        return true
      }
    }
    var lines = LineRing(filler: PreparedText.LineBreak.empty)
    var lineStart = 0
    for index in 0..<lineCount {
      lines.append(line(segments: lineStart, through: ends[index], in: view))
      lineStart = ends[index] &+ 1
    }
    if let balanced = bisectedWidth(of: lines, in: view, width: width) {
      PreparedText.forEachLine(
        in: view, limit: WebTextRules.lineLimit(forWidth: Double(balanced) / 64), rules: WebTextRules.self,
        body)
    } else {
      _ = emitAll(lines, body)
    }
    return true
  }

  /// `ParagraphLineBreaker::AttemptParagraphBalancing`'s width, in LayoutUnits, for a text without
  /// hard breaks whose greedy lines are `lines`.
  ///
  /// Blink's bisection, step for step, with fewer greedy passes: a pass at a width also decides
  /// the widths around it where the same lines come out. Where lines `s…e` fit, they fit at every
  /// larger width, and where `s…e+1` does not, it fits at no smaller one (content ends never
  /// decrease), so a pass that keeps to `lineCount` lines also keeps to them down to the narrowest
  /// width at which each of its lines still fits, and a pass that needs more lines needs them up
  /// to the widest width at which none of its first `lineCount` lines takes one more segment.
  /// Every later midpoint is inside the bracket, so a midpoint in such a range is answered
  /// without a pass; the others are broken as Blink breaks them.
  static func bisectedWidth(
    of lines: LineRing<PreparedText.LineBreak>, in view: PreparedTextStorage.View, width: Double
  ) -> Int? {
    let available = availableLayoutUnits(width)
    guard available > 0 else { return nil }
    let lineCount = lines.count
    var sum = 0
    for index in 0..<lineCount { sum += layoutUnits(ofLine: lines[index], in: view) }
    // (Soft hyphens: a line ending at one is as wide as its hyphen more, `LineInfo::Width()`.)
    if !view.softHyphenSegments.isEmpty {
      for index in 0..<lineCount { sum += layoutUnits(hyphenOf: lines[index], in: view) }
    }
    // (Bidi items: a line past an item's end is measured by the line finder alone; so are lines
    // that may end with a hyphen.)
    guard view.itemStartGraphemes.isEmpty, view.softHyphenSegments.isEmpty else {
      return bisectedWidthByLineFinder(in: view, lineCount: lineCount, lineWidthSum: sum, width: width)
    }
    let minimum = narrowestBalancedWidth(lineWidthSum: sum, lineCount: lineCount)
    let segments = view.segments
    let keys = view.keys.baseAddress.unsafelyUnwrapped
    let last = segments.count &- 1
    // A word wider than the line at a width (`BreakLines` gives up: `kNotApplicable`).
    var widestContent = 0.0
    for segment in segments { widestContent = max(widestContent, segment.contentWidth) }
    @inline(__always) func limit(_ width: Int) -> Double {
      WebTextRules.lineLimit(forWidth: Double(width) / 64)
    }
    // The greedy end of the line from segment `first` at `width` (`forEachLine` on whole segments).
    @inline(__always) func lineEnd(from first: Int, width: Int) -> Int {
      let reach = limit(width) + keys[first].start
      let end = PreparedText.decidingTies(
        PreparedText.lastSegment(in: keys, from: first, through: last, within: reach), in: keys, from: first,
        within: reach)
      guard !view.lineEndTrims.isEmpty else { return end }
      return WebSpacingTrim.adjustedLastSegment(
        end, from: first, through: last, reach: reach, keys: keys, trims: view.lineEndTrims)
    }
    // The narrowest width from `floor` at which the line `first...end` fits.
    func narrowestFitting(from first: Int, to end: Int, above floor: Int) -> Int {
      let content = (keys[end].contentEnd - keys[first].start) * 64
      var width = max(floor, Int(content.rounded(.up)) &- 2)
      while lineEnd(from: first, width: width) < end { width &+= 1 }
      return width
    }
    // The widest width from `ceiling` down at which the line `first...end` does not fit.
    func widestNotFitting(from first: Int, to end: Int, below ceiling: Int) -> Int {
      let content = (keys[end].contentEnd - keys[first].start) * 64
      var width = min(ceiling, Int(content.rounded(.down)))
      while width > Int.min / 2, lineEnd(from: first, width: width) >= end { width &-= 1 }
      return width
    }
    // Widths from `fitsFrom` up to the bracket's top keep to `lineCount` lines; widths from the
    // bracket's bottom up to `failsThrough` need more.
    var fitsFrom = Int.max
    var failsThrough = Int.min
    // The greedy pass at `width` (no word wider than the line): updates the two ranges and
    // returns whether it keeps to `lineCount` lines.
    func pass(width: Int) -> Bool {
      var ends = InlineArray<8, Int>(repeating: 0)
      var starts = InlineArray<8, Int>(repeating: 0)
      var first = 0
      var count = 0
      while first <= last {
        let end = lineEnd(from: first, width: width)
        if count == lineCount {
          // One line more than `lineCount`: the first `lineCount` lines stay until one of them
          // takes one more segment.
          var through = Int.max
          for index in 0..<lineCount {
            through = min(
              through, widestNotFitting(from: starts[index], to: ends[index] &+ 1, below: through))
          }
          failsThrough = max(width, through)
          return false
        }
        starts[count] = first
        ends[count] = end
        count &+= 1
        first = end &+ 1
      }
      var from = minimum
      for index in 0..<count {
        from = max(from, narrowestFitting(from: starts[index], to: ends[index], above: from))
      }
      fitsFrom = min(width, from)
      return true
    }
    if widestContent <= limit(available) { _ = pass(width: available) }
    return bisected(from: minimum, to: available) { middle in
      widestContent > limit(middle)
        ? false : middle >= fitsFrom ? true : middle <= failsThrough ? false : pass(width: middle)
    }
  }

  /// Where `ParagraphLineBreaker::AttemptParagraphBalancing` starts its bisection, in
  /// LayoutUnits: `LineWidthSum() / num_lines` (LayoutUnit by an integer: truncated), times `.8f`
  /// in `float`, rounded (`FromFloatRound`).
  static func narrowestBalancedWidth(lineWidthSum: Int, lineCount: Int) -> Int {
    Int((Float(lineWidthSum / lineCount) / 64 * Float(0.8) * 64).rounded(.toNearestOrAwayFromZero))
  }

  /// Blink's balancing bisection between `lower` and `upper` LayoutUnits: halves the bracket while
  /// it is wider than one CSS pixel (`FromFloatCeil(EffectiveZoom())`), keeping `upper` at a width
  /// that `fits`; returns it.
  static func bisected(from lower: Int, to upper: Int, fits: (Int) -> Bool) -> Int {
    var (lower, upper) = (lower, upper)
    while lower + 64 < upper {
      let middle = (upper + lower) / 2
      if fits(middle) { upper = middle } else { lower = middle }
    }
    return upper
  }
}

/// Scratch memory of the current thread for scoring windows of more than
/// `WebWrapStyles.stackCandidates` candidates (CJK paragraphs at wide widths): allocated the first
/// time the thread scores such a window, replaced by a larger block when a larger window comes,
/// freed when the thread ends. Only its thread reaches it (a pthread key), and the scoring that
/// uses it calls nothing that could score again, so it is never in use twice.
enum ScoringScratch {
  /// The key of each thread's block: its capacity in bytes, then the memory (16-byte aligned).
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { free($0) }
    return key
  }()

  /// Calls `body` with at least `bytes` bytes of this thread's scratch memory (16-byte aligned).
  static func withMemory<Result>(bytes: Int, _ body: (UnsafeMutableRawPointer) -> Result) -> Result {
    var block = pthread_getspecific(key)
    if let existing = block, existing.load(as: Int.self) < bytes {
      free(existing)
      block = nil
    }
    if block == nil {
      let capacity = max(bytes, 16_384)
      guard let fresh = malloc(capacity &+ 16) else { fatalError("out of memory") }
      fresh.storeBytes(of: capacity, as: Int.self)
      pthread_setspecific(key, fresh)
      block = fresh
    }
    return body(block.unsafelyUnwrapped + 16)
  }
}
