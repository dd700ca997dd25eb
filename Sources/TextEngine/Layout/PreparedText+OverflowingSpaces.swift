extension PreparedText {
  /// Whether grapheme `grapheme` of `view` is a space (a hanging one: its first scalar).
  @inline(__always) static func isSpace(_ grapheme: Int, in view: PreparedTextStorage.View) -> Bool {
    firstScalar(ofGrapheme: grapheme, in: view).map(UnicodeProperties.isHangingSpace) ?? false
  }

  /// Whether grapheme `grapheme` of `view` is a no-break space (`FlutterNoBreakSpaces`: its first
  /// scalar).
  @inline(__always) static func isNoBreakSpace(_ grapheme: Int, in view: PreparedTextStorage.View) -> Bool {
    firstScalar(ofGrapheme: grapheme, in: view).map(FlutterNoBreakSpaces.isNoBreakSpace) ?? false
  }

  /// The first scalar of grapheme `grapheme` of `view`, or nil when the view has no scalars.
  @inline(__always) static func firstScalar(ofGrapheme grapheme: Int, in view: PreparedTextStorage.View)
    -> UInt32?
  {
    view.codes.map { $0[grapheme == 0 ? 0 : Int(view.graphemeEnds[grapheme - 1])] }
  }

  /// For a platform that ends lines after overflowing spaces (SkParagraph's `lookAhead` adds a
  /// whitespace cluster that does not fit to the line's words): when the first grapheme of
  /// `segment` (which has a space inside and does not fit after `leadWidth`) that does not fit
  /// is a space, ends the line after it and the spaces after it, the rest of the segment leading
  /// the next line, and returns true; else sets `tooLong` to whether the word, measured to the
  /// first space after that grapheme (the walk stops at whitespace), is wider than the line, when
  /// a space ends it, and returns false. Nil when `body` stopped.
  ///
  /// Out of line: `forEachLine` stays as small as it was on the other platforms.
  @inline(never) static func endLineAfterOverflowingSpace(
    _ segment: Segment, in view: PreparedTextStorage.View, limit: Double, lineStart: inout Int,
    leadWidth: inout Double, leadContent: inout Double, tooLong: inout Bool?, _ body: (LineBreak) -> Bool
  ) -> Bool? {
    let graphemeWidths = view.graphemeWidths
    let first = Int(segment.graphemeStart)
    let contentEnd = first + Int(segment.contentGraphemeCount)
    var overflow = first
    var width = leadWidth
    while overflow < contentEnd, width + graphemeWidths[overflow] <= limit {
      width += graphemeWidths[overflow]
      overflow += 1
    }
    guard overflow < contentEnd, overflow > lineStart, isSpace(overflow, in: view) else {
      var wordEnd = overflow
      var word = width - leadWidth
      while wordEnd < contentEnd, !isSpace(wordEnd, in: view) {
        word += graphemeWidths[wordEnd]
        wordEnd += 1
      }
      if wordEnd < contentEnd { tooLong = word > limit }
      return false
    }
    var content = leadContent
    var contentWidth = leadWidth
    for grapheme in first..<overflow {
      contentWidth += graphemeWidths[grapheme]
      if !isSpace(grapheme, in: view) { content = contentWidth }
    }
    var next = overflow
    while next < contentEnd, isSpace(next, in: view) { next += 1 }
    guard
      endLine(
        at: next, content: content, restOf: segment, in: view, lineStart: &lineStart, leadWidth: &leadWidth,
        leadContent: &leadContent, body)
    else { return nil }
    return true
  }

  /// Ends the line at grapheme `next` inside `segment`, `content` wide, and starts the next line
  /// with the rest of the segment (its lead), ending that one too where a hard break follows the
  /// segment. False when `body` stopped.
  static func endLine(
    at next: Int, content: Double, restOf segment: Segment, in view: PreparedTextStorage.View,
    lineStart: inout Int, leadWidth: inout Double, leadContent: inout Double, _ body: (LineBreak) -> Bool
  ) -> Bool {
    guard body(LineBreak(graphemeRange: lineStart..<next, contentWidth: content, endsWithHardBreak: false))
    else { return false }
    let contentEnd = Int(segment.graphemeStart) + Int(segment.contentGraphemeCount)
    let end = Int(segment.graphemeStart) + Int(segment.graphemeCount)
    lineStart = next
    leadWidth = 0
    leadContent = 0
    for grapheme in next..<end {
      leadWidth += view.graphemeWidths[grapheme]
      if grapheme < contentEnd { leadContent = leadWidth }
    }
    leadWidth += Double(segment.kernAfter)
    if segment.hardBreakAfter {
      guard
        body(LineBreak(graphemeRange: lineStart..<end, contentWidth: leadContent, endsWithHardBreak: true))
      else { return false }
      lineStart = end
      leadWidth = 0
      leadContent = 0
    }
    return true
  }

  /// `forEachLine`'s break between the grapheme clusters of a segment alone on its line and still
  /// too wide, for a platform that ends lines after overflowing spaces: a space that does not fit
  /// stays on the line with the spaces after it. False when `body` stopped.
  @inline(never) static func breakBetweenGraphemesKeepingOverflowingSpaces(
    _ segment: Segment, in view: PreparedTextStorage.View, limit: Double, lineStart: inout Int,
    leadWidth: inout Double, leadContent: inout Double, _ body: (LineBreak) -> Bool
  ) -> Bool {
    let graphemeWidths = view.graphemeWidths
    let first = Int(segment.graphemeStart)
    let contentEnd = first + Int(segment.contentGraphemeCount)
    var hangs = false
    for grapheme in first..<contentEnd {
      let advance = graphemeWidths[grapheme]
      if hangs ? !isSpace(grapheme, in: view) : grapheme > lineStart && leadWidth + advance > limit {
        if !hangs, isSpace(grapheme, in: view) {
          hangs = true
          leadWidth += advance
          continue
        }
        hangs = false
        guard
          body(
            LineBreak(
              graphemeRange: lineStart..<grapheme, contentWidth: leadContent, endsWithHardBreak: false))
        else { return false }
        lineStart = grapheme
        leadWidth = 0
      }
      leadWidth += advance
      if !hangs { leadContent = leadWidth }
    }
    return true
  }
}
