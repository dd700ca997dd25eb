extension SegmentShaper {
  /// Shapes a segment that holds more than one bidi run, each run apart in its own direction, as
  /// SkParagraph shapes each bidi region apart (`OneLineShaper::shape`): an Arabic word after a
  /// Latin one and a parenthesis is shaped right-to-left, its lam-alef a ligature. `pieces` are
  /// where the runs end (scalar offsets in the text, the last the segment's end) and their
  /// directions; the segment starts at `start`.
  func shape(
    _ scalars: UnsafeBufferPointer<UInt32>, pieces: [(end: Int, isRightToLeft: Bool)], start: Int
  ) -> ShapedSegment {
    var widths: [Double] = []
    var ends: [Int32] = []
    var missing = 0
    var fontMask = FontMask()
    var trailing = 0
    var pieceStart = 0
    for piece in pieces {
      let pieceEnd = piece.end - start
      guard pieceEnd > pieceStart else { continue }
      let slice = UnsafeBufferPointer(rebasing: scalars[pieceStart..<pieceEnd])
      let shaped = shape(slice, isRightToLeft: piece.isRightToLeft)
      widths += shaped.graphemeWidthsEm
      ends += shaped.graphemeEnds.map { $0 + Int32(pieceStart) }
      missing += shaped.missingGlyphs
      fontMask.formUnion(shaped.fontMask)
      // Trailing whitespace runs back through a piece that is only whitespace.
      trailing =
        shaped.trailingWhitespaceGraphemes == shaped.graphemeEnds.count
        ? trailing + shaped.trailingWhitespaceGraphemes : shaped.trailingWhitespaceGraphemes
      pieceStart = pieceEnd
    }
    return ShapedSegment(
      scalars: Array(scalars), graphemeWidthsEm: widths, graphemeEnds: ends,
      trailingWhitespaceGraphemes: trailing, missingGlyphs: missing, fontMask: fontMask)
  }
}
