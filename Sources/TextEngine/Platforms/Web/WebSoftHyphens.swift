/// Blink's soft hyphens: a line that ends at a soft hyphen (U+00AD, a break opportunity after it)
/// ends with a hyphen, and the fit test counts it.
///
/// - `ShapingLineBreaker::SetBreakOffset` marks a break hyphenated when the scalar before it is
///   a soft hyphen, or when the spaces a line hangs follow one (the break moves back to the end
///   of the non-hangable run). At the end of the text and before a forced break, too.
/// - `LineBreaker::BreakText` adds the hyphen's snapped width (`AddHyphen`). Where the line no
///   longer fits with it, `ShapeLine` runs again in the room less the hyphen: the line ends at the
///   last opportunity within that room, a soft hyphen or not. Where none is, the line overflows,
///   and `overflow-wrap` cuts it between graphemes (again in the room less the hyphen where the
///   cut would fall after the soft hyphen).
/// - At the end of a paragraph (the block's end, a forced break) the hyphen is removed again
///   (`RemoveHyphen`) after the line was found: it counts in the fit test but is not drawn.
/// - The hyphen is `ComputedStyle::HyphenString()`: U+2010 where the primary font has it, else
///   U+002D, shaped in the style's fonts without letter spacing.
enum WebSoftHyphens {
  /// The hyphen Blink draws in `chain`'s fonts: U+2010 where the primary font has a glyph for
  /// it, else U+002D.
  static func hyphenScalar(in chain: FontChain) -> UInt32 {
    chain.primary.covers(Unicode.Scalar(0x2010)!) ? 0x2010 : 0x2D
  }

  /// The hyphen's width as the line breaker adds it: its advance (a `float`) rounded up to the
  /// LayoutUnit grid (`ShapeResult::SnappedWidth`).
  static func hyphenWidth(em: Double, fontSize: Double) -> Double {
    (Double(Float(em * fontSize)) * 64).rounded(.up) / 64
  }

  /// The segments of `contents` (the first `count`) whose content ends with a soft hyphen,
  /// ascending. A soft hyphen is a grapheme of its own (Control).
  static func segments(
    in contents: PreparedTextStorage.Contents, count: Int, codes: UnsafeBufferPointer<UInt32>
  ) -> [Int32] {
    var found: [Int32] = []
    for index in 0..<count {
      let segment = contents.segments[index]
      guard segment.contentGraphemeCount > 0 else { continue }
      let last = Int(segment.graphemeStart + segment.contentGraphemeCount) - 1
      let end = Int(contents.graphemeEnds[last])
      if end > 0, end <= codes.count, codes[end - 1] == 0xAD {
        found.append(Int32(truncatingIfNeeded: index))
      }
    }
    return found
  }

  /// True when segment `segment`'s content ends with a soft hyphen (a binary search of
  /// `view.softHyphenSegments`).
  static func endsWithSoftHyphen(_ segment: Int, in view: PreparedTextStorage.View) -> Bool {
    let segments = view.softHyphenSegments
    var low = 0
    var high = segments.count
    while low < high {
      let middle = (low + high) / 2
      if Int(segments[middle]) < segment { low = middle + 1 } else { high = middle }
    }
    return low < segments.count && Int(segments[low]) == segment
  }

  /// What a line from segment `first` ends at once its hyphen is counted, where `last` is the
  /// last segment whose content ends within `reach` (key coordinates): `last` when it does not
  /// end with a soft hyphen or its hyphen fits; else the last segment within the room less the
  /// hyphen (Blink's second `ShapeLine`). Where `first` is past that room: nil where something
  /// leads the line (`hasLead`, a cut word's tail: the line ends after it, the opportunity
  /// before or after that room), else `first` when it does not end with a soft hyphen (the next
  /// opportunity after the room: it fits without one), else nil (the line overflows: it is cut).
  /// The hyphen's test takes the line as wide as Blink snaps it: a grid unit wider than its keys
  /// where its start (rounded up `startRank`) was rounded up further than its end
  /// (`LineKey.lineWidth`). So does the room's: a line whose keys end exactly at the room fits
  /// there only where its exact width does too (`ShapeLine` compares exact positions with the
  /// room), which is where it is not that grid unit wider (`LineKey.tieRank`).
  static func lastSegment(
    _ last: Int, from first: Int, reach: Double, startRank: Int16, hasLead: Bool,
    in view: PreparedTextStorage.View
  ) -> Int? {
    let keys = view.keys.baseAddress.unsafelyUnwrapped
    let grid = PreparedText.LineKey.rankedGrid
    let wider = startRank > keys[last].tieRank ? grid : 0
    guard endsWithSoftHyphen(last, in: view), keys[last].contentEnd + wider + view.hyphenWidth > reach
    else {
      return last
    }
    let room = reach - view.hyphenWidth
    // Whether the line's content up to segment `segment`'s fits the room, ties decided.
    func fitsRoom(_ segment: Int) -> Bool {
      keys[segment].contentEnd + (startRank > keys[segment].tieRank ? grid : 0) <= room
    }
    guard fitsRoom(first) else {
      return hasLead || endsWithSoftHyphen(first, in: view) ? nil : first
    }
    guard last > first else { return first }
    var found = PreparedText.lastSegment(in: keys, from: first, through: last - 1, within: room)
    while found > first, !fitsRoom(found) { found -= 1 }
    return found
  }

  /// The hyphen a line adds to its width when it ends at segment `last`'s content: the hyphen's
  /// width where that content ends with a soft hyphen and the paragraph goes on after it, else 0.
  static func drawnHyphen(endingAt last: Int, in view: PreparedTextStorage.View) -> Double {
    guard last < Int(view.keys[last].paragraphEnd), endsWithSoftHyphen(last, in: view) else { return 0 }
    return view.hyphenWidth
  }

  /// Where a piece of segment `segment` cut from grapheme `lineStart` ends once the hyphen after
  /// it is counted: the piece reached the segment's content end (`contentEnd`, `width` wide
  /// after `lineStart`), which ends with a soft hyphen, and the line ends there (`endsLine`:
  /// the paragraph ends, or the next segment's content does not fit after it), but the hyphen
  /// does not fit. Then the cut moves back into the room less the hyphen (a grapheme at
  /// least), as Blink's second `ShapeLine`; nil where nothing changes.
  static func pieceBeforeHyphen(
    of segment: Int, from lineStart: Int, to contentEnd: Int, width: Double, limit: Double,
    endsLine: Bool, in view: PreparedTextStorage.View
  ) -> (end: Int, width: Double)? {
    let hyphen = view.hyphenWidth
    guard width + hyphen > limit, endsLine, contentEnd - lineStart > 1, endsWithSoftHyphen(segment, in: view)
    else { return nil }
    let widths = view.graphemeWidths
    return PreparedText.graphemesFitting(
      widths, from: lineStart + 1, to: contentEnd, after: widths[lineStart], within: limit - hyphen)
  }

  /// Whether a line holding a piece of segment `segment` that reaches its content end
  /// (`width` wide) ends there: at its paragraph's end, or where the next segment's content does
  /// not fit after it within `limit`.
  static func lineEnds(
    afterPieceOf segment: Int, width: Double, limit: Double, in view: PreparedTextStorage.View
  ) -> Bool {
    let keys = view.keys
    guard segment < Int(keys[segment].paragraphEnd) else { return true }
    return width + (keys[segment + 1].contentEnd - keys[segment].contentEnd) > limit
  }
}
