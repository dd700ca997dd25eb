import Foundation

/// A label: text from an item field, in a named style, wrapped at its width.
public struct LabelSpec: Sendable, Hashable {
  /// The item field whose value is shown.
  public var field: String
  /// An optional format where `{}` stands for the field's text (`"♥ {}"`).
  public var format: String?
  /// The name of a style in the template's `styles`.
  public var style: String
  /// Overrides the style's max lines (0 = unlimited).
  public var maxLines: Int?
  /// Replaces "…" at the end of truncated text.
  public var more: TruncationToken?

  /// A label bound to `field`.
  public init(
    field: String, style: String, maxLines: Int? = nil, format: String? = nil, more: TruncationToken? = nil
  ) {
    self.field = field
    self.style = style
    self.maxLines = maxLines
    self.format = format
    self.more = more
  }

  /// The text shown for an item, nil when the field is absent or null.
  func text(for value: ItemValue?) -> String? {
    guard let text = value?.text else { return nil }
    guard let format else { return text }
    return format.replacingOccurrences(of: "{}", with: text)
  }
}
