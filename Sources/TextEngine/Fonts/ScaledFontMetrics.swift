/// Vertical metrics of a font at a point size, in points.
public struct ScaledFontMetrics: Sendable, Hashable, Codable {
  /// The font size in points.
  public var pointSize: Double
  /// Distance from the baseline to the top of the line box (positive).
  public var ascender: Double
  /// Distance from the baseline to the bottom of the line box (negative).
  public var descender: Double
  /// Extra space between lines the font asks for.
  public var lineGap: Double
  /// Height of capital letters, when the font says.
  public var capHeight: Double?
  /// Height of lower-case x, when the font says.
  public var xHeight: Double?

  /// `ascender − descender + lineGap`, like `UIFont.lineHeight`.
  public var naturalLineHeight: Double { ascender - descender + lineGap }
}
