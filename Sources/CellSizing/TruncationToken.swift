/// The token that ends the last visible line of a truncated label in place of "…", such as
/// "… 全文" or "… more": measured in the same font chain, reported as its own frame
/// (`<name>.more`) so a client can put its button there.
public struct TruncationToken: Sendable, Hashable {
  /// The token's text.
  public var text: String
  /// A style name for the token; nil uses the style of the label's last span.
  public var style: String?

  /// A token.
  public init(_ text: String, style: String? = nil) {
    self.text = text
    self.style = style
  }
}
