/// The allocation-free summary of a layout: what a cell needs to size itself.
public struct TextMeasurement: Sendable, Hashable {
  /// The number of visible lines.
  public var lineCount: Int
  /// Total height in points.
  public var height: Double
  /// True when `maxLines` cut the text.
  public var truncated: Bool
  /// The widest line in points (without hanging whitespace).
  public var maxLineWidth: Double
}
