/// The width-independent shaping result of one line-break segment (the text between two break
/// opportunities), in ems of the font size so that one entry serves every size.
struct ShapedSegment: Sendable {
  /// The segment's scalars, kept to confirm a cache hit.
  var scalars: [UInt32]
  /// Advance of each grapheme cluster, in ems.
  var graphemeWidthsEm: [Double]
  /// Scalar offset (within the segment) where each grapheme cluster ends.
  var graphemeEnds: [Int32]
  /// Number of trailing grapheme clusters that are hanging spaces or hard breaks.
  var trailingWhitespaceGraphemes: Int
  /// Scalars no font of the chain covers.
  var missingGlyphs: Int
  /// The fonts its runs use (`FontMask`).
  var fontMask: FontMask
}
