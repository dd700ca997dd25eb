/// Blink's `text-spacing-trim: normal` (``TextSpacingTrim/normal``) over a prepared text's
/// segments: which fullwidth marks its fonts' `halt` sets half as wide, as changes to the
/// segments' widths.
///
/// Read in Blink's `han_kerning.cc` (`HanKerning::Compute`, `ShouldKern`, `ShouldKernLast`) and
/// `shaping_line_breaker.cc` (`ShouldTrimEnd`):
/// - An opening mark after an opening, middle, closing or narrow opening mark is trimmed
///   (`「『`, `」「`, `、「`); a closing mark before a closing, middle or narrow closing mark is
///   (`」。`, `。”`). Classes are the font's that sets the trimmed mark (``HanKerningFont``), and
///   a paragraph's first mark has nothing before it.
/// - Across a line-break opportunity (`」|「`) the opening mark is trimmed only while both are on
///   one line: a line starting there is reshaped, full width (`ShapeOptions::is_line_start`).
///   That is the kerning across segments' rule (`SegmentKerning.after`).
/// - A closing bracket or quote (`MaybeHanKerningClose`) that ends a segment, where a line may
///   break after it, is set half as wide when the line does not fit with it full width but does
///   with it half (`SegmentTrim.endTrim`; the line finder decides such ends, `LineEndTrim`).
enum WebSpacingTrim {
  /// The trims of one text, in points (negative), by segment.
  struct Trims {
    /// A mark inside a segment: its segment, its scalar (in the text), the change.
    var inside: [(segment: Int, scalar: Int, points: Double)] = []
    /// The first mark of the segment after `segment`, while on `segment`'s line.
    var after: [(segment: Int, points: Double)] = []
    /// The last mark of `segment` when a line ends there and fits only so, and the graphemes
    /// Blink reshapes with it (2 when the one before was trimmed for it, else 1).
    var atLineEnd: [(segment: Int, points: Double, graphemes: Int8)] = []

    var isEmpty: Bool { inside.isEmpty && after.isEmpty && atLineEnd.isEmpty }
  }

  /// The trims of the text `codes` divided at `breaks` (each segment's end, and whether a hard
  /// break ends it) set in `chain` at `fontSize`; nil when there are none.
  static func trims(
    codes: UnsafeBufferPointer<UInt32>, breaks: UnsafeBufferPointer<(end: Int, isHard: Bool)>,
    chain: FontChain, fontSize: Double
  ) -> Trims? {
    guard codes.contains(where: HanKerningClass.mayBeTrimmed) else { return nil }
    var trims = Trims()
    var segment = 0
    for index in codes.indices {
      while segment < breaks.count - 1, breaks[segment].end <= index { segment += 1 }
      let scalar = codes[index]
      guard HanKerningClass.mayBeTrimmed(scalar) else { continue }
      let characterClass = HanKerningClass.of(scalar)
      guard characterClass.mayBeTrimmed,
        let fontIndex = chain.fontIndex(coveringAll: CollectionOfOne(scalar)),
        let font = chain.fonts[fontIndex].hanKerning
      else { continue }
      let points = font.haltDelta(of: scalar, fontSize: fontSize)
      guard points != 0 else { continue }
      let resolved = font.resolved(characterClass)
      // (Trimmed before this mark, for it: Blink reshapes both at a line's end.)
      let trimsBefore = trims.inside.last.map { $0.scalar == index - 1 } ?? false
      let before = index > 0 ? font.resolved(HanKerningClass.of(codes[index - 1])) : .other
      let after = index + 1 < codes.count ? font.resolved(HanKerningClass.of(codes[index + 1])) : .other
      let segmentStart = segment > 0 ? breaks[segment - 1].end : 0
      if resolved == .open, before == .open || before == .middle || before == .close || before == .openNarrow
      {
        if index == segmentStart {
          trims.after.append((segment - 1, points))
        } else {
          trims.inside.append((segment, index, points))
        }
      } else if resolved == .close, after == .close || after == .middle || after == .closeNarrow {
        trims.inside.append((segment, index, points))
      } else if characterClass.maybeClosesAtLineEnd, index == breaks[segment].end - 1 {
        trims.atLineEnd.append((segment, points, trimsBefore ? 2 : 1))
      }
    }
    return trims.isEmpty ? nil : trims
  }

  /// What placing a segment needs of its trims (`PreparedTextBuilder.Positions`): how much
  /// narrower its last mark is set where a line ending after it fits only so (points, negative;
  /// 0 for none), the graphemes Blink reshapes with that mark (1, or 2 when the one before it
  /// was trimmed for it), and how much narrower the next segment's first mark is set after it
  /// (points, negative; 0 for none: a line ending here is then reshaped).
  struct SegmentTrim: Sendable {
    var endTrim = 0.0
    var endTrimGraphemes: Int8 = 0
    var trimAfter = 0.0

    /// True when the next segment's first mark is trimmed after this one.
    var reshapesAfter: Bool { trimAfter != 0 }
  }

  /// A text's trims as the builder takes them: marks set narrower inside their segments, and
  /// each segment's `SegmentTrim` (the trims across segments are in its kerning).
  struct BuilderTrims {
    var inside: [(segment: Int, scalar: Int, points: Double)]
    var segments: [SegmentTrim]
  }

  /// A segment whose line search key is a line end Blink reshapes (the break after it is
  /// before a trimmed mark, or its last mark may be trimmed). `points`: how much narrower its last mark is
  /// set at a line's end (negative; 0 where it is not). `gapFrom..<gapTo`: reaches where a line
  /// ending there does not fit though its trimmed end would, as its full end fits the line
  /// (Blink's floored position) so Blink does not try the trim, but the break after it is
  /// reshaped and needs a hair more (empty where the break is not reshaped).
  struct LineEndTrim: Sendable {
    var segment: Int32
    var points: Double
    var gapFrom: Double
    var gapTo: Double
    /// Where the piece Blink reshapes with the trimmed mark starts (its floored LayoutUnit
    /// position, in key coordinates less the reach's LayoutUnit), and its width so reshaped: a
    /// line ending here fits trimmed where their `Float` sum from the line's start is within
    /// the width (`width_to_last_safe + line_end_result->Width() <= available_space`, in
    /// `Float`: at 286 px a 1/65536 px excess rounds away).
    var pieceStart = 0.0
    var pieceWidth = 0.0
    /// How much narrower the next segment's first mark is set after this segment (points,
    /// negative; 0 for none): in the segments' keys, the next segment starts that much earlier,
    /// where Blink's paragraph positions (`text-wrap-style`'s candidates) end this segment.
    var trimAfter = 0.0
    /// False for an entry kept only for `trimAfter`, whose line end the keys decide alone.
    var decidesFit = true

    /// The trim of segment `segment` among `trims` (ascending by segment), if it has one.
    static func find(_ segment: Int, in trims: UnsafeBufferPointer<LineEndTrim>) -> LineEndTrim? {
      var low = 0
      var high = trims.count
      while low < high {
        let middle = (low + high) / 2
        if Int(trims[middle].segment) < segment { low = middle + 1 } else { high = middle }
      }
      return low < trims.count && Int(trims[low].segment) == segment ? trims[low] : nil
    }
  }

  /// A hair below a reshaped line end's key, so that it never ties with a line's reach: Blink
  /// fits such an end when it is exactly as wide as the room. (Far below HarfBuzz's 1/65536 px,
  /// the unit of every width: Noto Sans CJK's advances are 1/65536 px over 13 px at 13 px and
  /// 7/65536 over 15 px at 15 px, which is what keeps a reshaped end from fitting exactly.)
  static let hair = 1e-9

  /// `exact` (a position from the start of the paragraph, whose base is `base`) floored to the
  /// LayoutUnit grid as Blink takes a position for a reshaped line end (`LayoutUnit(float)`
  /// truncates), as a line search key: a LayoutUnit more, as a line's reach is a LayoutUnit past
  /// its width (`WebTextRules.lineLimit(forWidth:)`) from its start rounded up. (Measured against
  /// Chromium 156 at every LayoutUnit around lines of Noto Sans CJK, whose advances at 15 px are
  /// 7/65536 px over 15: a line of six fits exactly 90 px, but not when its last mark is reshaped
  /// from the paragraph's start.)
  @inline(__always) static func flooredPosition(_ exact: Double, base: (exact: Double, snapped: Double))
    -> Double
  {
    base.snapped + ((exact - base.exact) * 64).rounded(.down) / 64 + WebTextRules.layoutUnit
  }

  /// The last segment of a line from segment `first` within `reach`, `last` as the search over
  /// `keys` found it (through `paragraphEnd`), where some keys are reshaped line ends (`trims`):
  /// each such segment near the line's end is decided exactly (`fits`), as the keys alone cannot
  /// say where Blink's `Float` sums round or where a line fits neither way.
  static func adjustedLastSegment(
    _ last: Int, from first: Int, through paragraphEnd: Int, reach: Double,
    keys: UnsafePointer<PreparedText.LineKey>, trims: UnsafeBufferPointer<LineEndTrim>
  ) -> Int {
    var last = last
    while last > first, let trim = LineEndTrim.find(last, in: trims), trim.decidesFit,
      !fits(trim, from: keys[first], reach: reach, key: keys[last].contentEnd)
    {
      last -= 1
    }
    if last < paragraphEnd, let trim = LineEndTrim.find(last + 1, in: trims), trim.points != 0,
      fits(trim, from: keys[first], reach: reach, key: keys[last + 1].contentEnd)
    {
      last += 1
    }
    return last
  }

  /// Whether a line from the segment keyed `start` within `reach` may end at the segment of
  /// `trim` (whose search key is `key`): with its full end (`gapTo`), or, where Blink tries the
  /// trim (its full end is past the room: not before `gapFrom`), with the trimmed piece summed
  /// in `Float` from the line's start. From a start Blink reshapes (`LineKey.reshapedStart`),
  /// every bound is a LayoutUnit farther: the room shrinks by the start's width rounded up.
  static func fits(_ trim: LineEndTrim, from start: PreparedText.LineKey, reach: Double, key: Double) -> Bool
  {
    let shift = start.startTieRank & PreparedText.LineKey.reshapedStart != 0 ? WebTextRules.layoutUnit : 0
    guard trim.points != 0 else { return key + shift <= reach }
    if trim.gapTo + shift <= reach { return true }
    guard reach < trim.gapFrom + shift else { return false }
    let available = Float(reach - WebTextRules.layoutUnit - shift - start.start)
    return Float(trim.pieceStart - start.start) + Float(trim.pieceWidth) <= available
  }

  /// The key of a line end Blink reshapes: the piece from `pieceStart` (exact), `width` wide,
  /// fits where its floored start plus its width is within the line's reach
  /// (`ShapingLineBreaker::ShapeLine`: `line_end_result->Width() <= end_position - safe_position`).
  @inline(__always) static func reshapedEnd(
    pieceStart: Double, width: Double, base: (exact: Double, snapped: Double)
  ) -> Double {
    flooredPosition(pieceStart, base: base) + width - hair
  }

  /// The key of a line ending with its last mark trimmed: the last `graphemes` of `widths` (a
  /// segment's content ending at `contentEnd`, exact) reshaped with the mark `trim` narrower.
  static func trimmedEnd(
    widths: UnsafeBufferPointer<Double>, graphemes: Int, contentEnd: Double, trim: Double,
    base: (exact: Double, snapped: Double)
  ) -> (key: Double, pieceStart: Double, pieceWidth: Double) {
    let count = min(max(graphemes, 1), widths.count)
    var piece = 0.0
    for grapheme in (widths.count - count)..<widths.count { piece += widths[grapheme] }
    // (`reshapedEnd`'s key, from the floored start found once.)
    let floored = flooredPosition(contentEnd - piece, base: base)
    let width = piece + trim
    return (floored + width - hair, floored - WebTextRules.layoutUnit, width)
  }
}
