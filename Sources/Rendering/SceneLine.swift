import Feed
public import TextEngine

/// One line of a label as drawn: its text (with "…" when truncated), position and glyphs.
public struct SceneLine: Sendable, Hashable {
  /// The line's text.
  public var text: String
  /// The left edge, in content points.
  public var x: Double
  /// The top of the line box.
  public var top: Double
  /// The baseline: `top + (lineHeight − (ascender − descender)) / 2 + ascender` (see
  /// ``ReportScene``).
  public var baseline: Double
  /// The measured width (trailing spaces excluded).
  public var width: Double
  /// Shaped glyphs, x relative to `x`.
  public var runs: [GlyphRun]
  /// For attributed labels, the line's pieces in their own styles (then `runs` is empty).
  public var pieces: [ScenePiece] = []
  /// The line box's height (attributed lines differ by line).
  public var height: Double = 0
}
