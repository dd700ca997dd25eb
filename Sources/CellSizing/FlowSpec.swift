/// Chips from an array field laid out leading to trailing and wrapped onto new lines: each
/// chip is its text (one line, in `style`) plus `padding`, at most as wide as the row (then its
/// text is truncated). With `maxLines`, chips past the last line are replaced by a "+N" chip
/// (`moreFormat`) at the end of that line, dropping chips from the line until it fits.
public struct FlowSpec: Sendable, Hashable {
  /// The item field holding the array of chip texts (strings or numbers).
  public var field: String
  /// The chip text style.
  public var style: String
  /// An optional format where `{}` stands for each entry (`"#{}"`).
  public var format: String?
  /// Space between a chip's text and its edges.
  public var padding: EdgeInsets
  /// Gap between chips on a line.
  public var spacing: Double
  /// Gap between lines of chips.
  public var lineSpacing: Double
  /// The most lines of chips; 0 means unlimited.
  public var maxLines: Int
  /// The text of the chip standing for `N` hidden chips; `{}` stands for N.
  public var moreFormat: String
  /// Chip background colour for pictures (`#RRGGBB` or `#RRGGBBAA`).
  public var background: String?

  /// A flow of chips.
  public init(
    field: String, style: String, format: String? = nil, padding: EdgeInsets = EdgeInsets(all: 4),
    spacing: Double = 6, lineSpacing: Double = 6, maxLines: Int = 0, moreFormat: String = "+{}",
    background: String? = nil
  ) {
    self.field = field
    self.style = style
    self.format = format
    self.padding = padding
    self.spacing = spacing
    self.lineSpacing = lineSpacing
    self.maxLines = maxLines
    self.moreFormat = moreFormat
    self.background = background
  }

  /// Chips read per item (more are an error).
  public static let maximumCount = 200
}
