public import TextEngine

/// A run of one style within a line of an attributed label: its text, x offset from the
/// line's start, style, colour and glyphs.
public struct ScenePiece: Sendable, Hashable {
  /// The text.
  public var text: String
  /// Offset from the line's x.
  public var x: Double
  /// The measured width.
  public var width: Double
  /// Size, weight and letter spacing.
  public var style: TextStyle
  /// The colour; nil for the default text colour of its weight.
  public var color: RGBColor?
  /// Drawn with a line through it.
  public var strikethrough: Bool
  /// Shaped glyphs, x relative to the piece.
  public var runs: [GlyphRun]
}
