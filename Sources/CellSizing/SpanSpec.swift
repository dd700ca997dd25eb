import Foundation

/// One run of an attributed label: a literal text or an item field (optionally formatted), in
/// a named style.
public struct SpanSpec: Sendable, Hashable {
  /// Where the span's text comes from.
  public enum Source: Sendable, Hashable {
    /// A literal text.
    case text(String)
    /// An item field's value.
    case field(String)
  }

  /// Where the text comes from.
  public var source: Source
  /// The name of a style in the template's `styles`.
  public var style: String
  /// For fields: a format where `{}` stands for the value (`"@{}: "`).
  public var format: String?

  /// A span.
  public init(_ source: Source, style: String, format: String? = nil) {
    self.source = source
    self.style = style
    self.format = format
  }

  /// A literal span.
  public static func text(_ text: String, style: String) -> SpanSpec { SpanSpec(.text(text), style: style) }

  /// A span showing an item field, optionally formatted (`"@{}: "`).
  public static func field(_ field: String, style: String, format: String? = nil) -> SpanSpec {
    SpanSpec(.field(field), style: style, format: format)
  }

  /// The span's text for an item: nil when a field is absent or null (the span is left out).
  func text(in item: CellItem) -> String? {
    switch source {
    case .text(let text): return text
    case .field(let field):
      guard let text = item[field]?.text else { return nil }
      guard let format else { return text }
      return format.replacingOccurrences(of: "{}", with: text)
    }
  }
}
