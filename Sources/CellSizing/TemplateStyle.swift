public import TextEngine

/// A named text style of a template: the text engine's style plus an optional font family,
/// which must be the family of the measurer's regular or bold primary font.
public struct TemplateStyle: Sendable, Hashable {
  /// Size, weight, line height, spacing, max lines... as the text engine takes them.
  public var text: TextStyle
  /// A font family name to check against the measurer's fonts; nil for the default.
  public var font: String?
  /// The text colour for pictures (`#RRGGBB` or `#RRGGBBAA`); never changes a size.
  public var color: String?
  /// Draw a line through the text (an old price), for pictures; never changes a size.
  public var strikethrough: Bool

  /// A style.
  public init(_ text: TextStyle, font: String? = nil, color: String? = nil, strikethrough: Bool = false) {
    self.text = text
    self.font = font
    self.color = color
    self.strikethrough = strikethrough
  }

  /// A style from the text engine's parameters.
  public init(
    fontSize: Double = 15, weight: FontWeight = .regular, lineHeight: LineHeight = .natural,
    lineSpacing: Double = 0, letterSpacing: Double = 0, maxLines: Int = 0, font: String? = nil,
    color: String? = nil, strikethrough: Bool = false
  ) {
    self.init(
      TextStyle(
        fontSize: fontSize, weight: weight, letterSpacing: letterSpacing, lineHeight: lineHeight,
        lineSpacing: lineSpacing, maxLines: maxLines),
      font: font, color: color, strikethrough: strikethrough)
  }
}
