/// An attributed label: one paragraph made of spans with their own styles, broken into lines
/// across span boundaries.
///
/// The paragraph's line height, line spacing, max lines and pixel scale come from
/// `paragraphStyle` (default: the first span's style), so spans that all share one style
/// measure exactly like a plain label of the joined text. With a natural or multiple line
/// height, each line is as tall as its spans' line boxes aligned on one baseline (see
/// `AttributedText`); with a fixed line height every line has that height.
public struct SpansSpec: Sendable, Hashable {
  /// The spans in order.
  public var spans: [SpanSpec]
  /// The style whose paragraph settings apply; nil: the first span's style.
  public var paragraphStyle: String?
  /// Overrides the paragraph's max lines (0 = unlimited).
  public var maxLines: Int?
  /// Replaces "…" at the end of truncated text.
  public var more: TruncationToken?

  /// An attributed label.
  public init(
    spans: [SpanSpec], paragraphStyle: String? = nil, maxLines: Int? = nil, more: TruncationToken? = nil
  ) {
    self.spans = spans
    self.paragraphStyle = paragraphStyle
    self.maxLines = maxLines
    self.more = more
  }
}
