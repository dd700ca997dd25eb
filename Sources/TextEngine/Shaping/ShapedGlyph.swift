/// One shaped glyph in font design units. `cluster` is the index of the first Unicode scalar of
/// the glyph's cluster in the shaped scalar buffer.
struct ShapedGlyph: Sendable, Hashable {
  var glyphID: UInt32
  var cluster: UInt32
  var xAdvance: Int32
  var xOffset: Int32
  var yOffset: Int32
}
