/// The allocation-free summary of a layout: what a cell needs to size itself.
public struct TextMeasurement: Sendable, Hashable {
  /// The number of visible lines.
  public var lineCount: Int
  /// Total height in points.
  public var height: Double
  /// True when `maxLines` cut the text.
  public var truncated: Bool
  /// The widest line in points (without hanging whitespace): the largest `TextLayout.Line.width`
  /// of `layout(width:)` at the same width, to the last bit. When `maxLines` cuts the text, the
  /// widest of the kept lines as they break, before the last is shortened for its ellipsis.
  public var maxLineWidth: Double
}
