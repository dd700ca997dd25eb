/// minikin's optimal line breaker (`BREAK_STRATEGY_HIGH_QUALITY`, TextView's default), from
/// frameworks/minikin `libs/minikin/OptimalLineBreaker.cpp` and `LineBreakerUtil.h`, for
/// ragged-right text without hyphenation (TextView's default since Android Q).
///
/// - StaticLayout breaks each paragraph (up to a hard break) by itself.
/// - Candidates are the break opportunities, each with the width from the paragraph's start if
///   the line goes on (`preBreak`, trailing spaces included) and if it ends there (`postBreak`,
///   without them), in `float` (`ParaWidth`).
/// - Penalties (`computePenalties`): the hyphen penalty is `0.5 × size × width` (not ×4: the
///   frequency is `None`), the line penalty twice that; a word break's penalty is the hyphen
///   penalty times the word breaker's badness, 0 outside e-mail addresses and URLs (taken as 0).
/// - Scores (`computeBreaks`): a line wider than the width costs `1e12` (`SCORE_OVERFULL`); the last
///   line costs 4 × its start's penalty (`LAST_LINE_PENALTY_MULTIPLIER`); any other line the square
///   of its slack; every line adds its end's penalty and the line penalty. Ties go to the later
///   start; minikin's `bestHope` pruning and `active` window are kept.
///
/// A text with a word wider than the line is broken greedily (minikin adds break candidates
/// inside such a word, `populateDesperatePoints`; not modelled).
enum MinikinOptimalLineBreaker {
  /// `SCORE_OVERFULL`.
  static let scoreOverfull: Float = 1e12
  /// `LAST_LINE_PENALTY_MULTIPLIER`.
  static let lastLinePenaltyMultiplier: Float = 4
  /// `LINE_PENALTY_MULTIPLIER`.
  static let linePenaltyMultiplier: Float = 2

  /// One break opportunity (`Candidate`): widths from the paragraph's start.
  struct Candidate: Sendable, Hashable {
    /// The width up to here when the line goes on (trailing spaces included).
    var preBreak: Float
    /// The width up to here when the line ends here (trailing spaces excluded).
    var postBreak: Float
    /// The penalty of breaking here.
    var penalty: Float = 0
  }

  /// `computePenalties` for a paragraph at `fontSize` pixels and `width`, without hyphenation and
  /// not justified: the hyphen penalty (`0.5 × size × scaleX × width`, in `double` then `float`)
  /// and the line penalty (twice it).
  static func penalties(fontSize: Double, width: Double) -> (hyphen: Float, line: Float) {
    let hyphen = Float(0.5 * Double(Float(fontSize)) * Double(Float(width)))
    return (hyphen, hyphen * linePenaltyMultiplier)
  }

  /// The best breaks of a paragraph (`computeBreaks`): the indices of the candidates that end its
  /// lines (the last is always `candidates.count − 1`) and the best score. `candidates[0]` is the
  /// paragraph's start.
  static func breaks(of candidates: [Candidate], width: Float, linePenalty: Float) -> (
    ends: [Int], score: Float
  ) {
    let count = candidates.count
    guard count > 1 else { return ([], 0) }
    var scores = [Float](repeating: 0, count: count)
    var previous = [Int](repeating: 0, count: count)
    var active = 0
    for end in 1..<count {
      let atEnd = end == count - 1
      var best = Float.greatestFiniteMagnitude
      var bestPrevious = 0
      let leftEdge = candidates[end].postBreak - width
      var bestHope: Float = 0
      for start in active..<end {
        let startScore = scores[start]
        if startScore + bestHope >= best { continue }
        let delta = candidates[start].preBreak - leftEdge
        var widthScore: Float = 0
        var additionalPenalty: Float = 0
        if delta < 0 {
          widthScore = scoreOverfull
        } else if atEnd {
          additionalPenalty = lastLinePenaltyMultiplier * candidates[start].penalty
        } else {
          widthScore = delta * delta
        }
        if delta < 0 { active = start + 1 } else { bestHope = widthScore }
        let score = startScore + widthScore + additionalPenalty
        if score <= best {
          best = score
          bestPrevious = start
        }
      }
      scores[end] = best + candidates[end].penalty + linePenalty
      previous[end] = bestPrevious
    }
    var ends: [Int] = []
    var index = count - 1
    while index > 0 {
      ends.append(index)
      index = previous[index]
    }
    return (ends.reversed(), scores[count - 1])
  }

  /// The lines of a prepared text at fit limit `limit` (the width), calling `body` for each in
  /// order until it returns false.
  static func forEachLine(
    in view: PreparedTextStorage.View, limit: Double, fontSize: Double, platform: TextPlatform,
    _ body: (PreparedText.LineBreak) -> Bool
  ) {
    let segments = view.segments
    let keys = view.keys
    guard limit.isFinite, !segments.contains(where: { $0.contentWidth > limit }) else {
      PreparedText.forEachLine(in: view, limit: limit, platform: platform, body)
      return
    }
    let linePenalty = penalties(fontSize: fontSize, width: limit).line
    var candidates: [Candidate] = []
    var first = 0
    while first < segments.count {
      let last = Int(keys[first].paragraphEnd)
      let origin = keys[first].start
      candidates.removeAll(keepingCapacity: true)
      candidates.append(Candidate(preBreak: 0, postBreak: 0))
      for segment in first...last {
        let contentEnd =
          Int(segments[segment].lastContent) >= first ? keys[segment].lineContentEnd - origin : 0
        // Where the next segment starts (after any kerning across the opportunity).
        let next =
          segment < last ? keys[segment + 1].start : keys[segment].start + segments[segment].totalWidth
        candidates.append(Candidate(preBreak: Float(next - origin), postBreak: Float(contentEnd)))
      }
      var start = first
      for end in breaks(of: candidates, width: Float(limit), linePenalty: linePenalty).ends {
        let lastSegment = first + end - 1
        let hasContent = Int(segments[lastSegment].lastContent) >= start
        let line = PreparedText.LineBreak(
          graphemeRange: Int(
            segments[start].graphemeStart)..<Int(
              segments[lastSegment].graphemeStart + segments[lastSegment].graphemeCount),
          contentWidth: hasContent ? keys[lastSegment].lineContentEnd - keys[start].start : 0,
          endsWithHardBreak: segments[lastSegment].hardBreakAfter)
        guard body(line) else { return }
        start = lastSegment + 1
      }
      first = last + 1
    }
    // After a final hard break, StaticLayout lays out an empty last line.
    if let final = segments.last, final.hardBreakAfter, platform.finalHardBreakStartsLine {
      let end = view.graphemeWidths.count
      _ = body(PreparedText.LineBreak(graphemeRange: end..<end, contentWidth: 0, endsWithHardBreak: false))
    }
  }
}
