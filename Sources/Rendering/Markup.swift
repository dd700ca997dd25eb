import SelfSizingCore

/// Text and numbers written into SVG, HTML and CSS.
enum Markup {
  /// Escapes text for XML and HTML content and attribute values.
  static func escaped(_ text: String) -> String { HTMLText.escaped(text, replacingControls: true) }

  /// A number for SVG and CSS: at most 3 decimals.
  static func number(_ value: Double) -> String { JSONValue.format(value, decimals: 3) }
}
