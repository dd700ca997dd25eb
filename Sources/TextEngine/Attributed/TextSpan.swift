/// A run of text in one style: a piece of an attributed paragraph.
public struct TextSpan: Sendable, Hashable {
  /// The text.
  public var text: String
  /// Its size, weight and letter spacing (the paragraph settings come from the paragraph).
  public var style: TextStyle

  /// A span.
  public init(_ text: String, style: TextStyle) {
    self.text = text
    self.style = style
  }
}
