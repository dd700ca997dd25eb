/// A positioned glyph of a shaped line, in points.
public struct PositionedGlyph: Sendable, Hashable {
  /// The glyph index in its font.
  public var glyphID: UInt32
  /// Scalar offset (in the shaped text) of the first character of the glyph's cluster.
  public var cluster: Int
  /// Pen position of the glyph's origin along the line.
  public var x: Double
  /// Advance width.
  public var advance: Double
  /// Offset from the pen position (marks, kerning adjustments).
  public var xOffset: Double
  /// Vertical offset, positive up.
  public var yOffset: Double
}
