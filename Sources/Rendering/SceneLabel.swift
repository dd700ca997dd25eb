public import CellSizing
public import CollectionLayout
import Feed
public import TextEngine

/// A label of a cell as drawn: its frame from the template cell, its style and its lines.
public struct SceneLabel: Sendable, Hashable {
  /// The id of the cell the label belongs to.
  public var cellID: String
  /// The element name (`title`, `author`, …).
  public var name: String
  /// The label frame in content points.
  public var frame: Rect
  /// The text style.
  public var style: TextStyle
  /// The height of one line.
  public var lineHeight: Double
  /// The primary font's ascender at the font size (positive).
  public var ascender: Double
  /// The primary font's descender at the font size (negative).
  public var descender: Double
  /// Whether the text is centred horizontally in the frame (circle captions); else leading.
  public var isCentered: Bool
  /// The lines as laid out by our engine.
  public var lines: [SceneLine]
  /// True when max lines cut the text.
  public var truncated: Bool
  /// The text colour; nil for the default colour of its weight.
  public var color: RGBColor? = nil
  /// Drawn with a line through the text.
  public var strikethrough = false
  /// How lines sit in the frame (pictures only).
  public var alignment: HorizontalAlignment = .leading
}
