/// An attributed paragraph laid out at a width: its lines with their heights and baselines,
/// and where the truncation token went.
public struct AttributedLayout: Sendable, Hashable {
  /// One laid-out line.
  public struct Line: Sendable, Hashable {
    /// Scalar offsets of the line's text in the paragraph (trailing spaces included, the hard
    /// break characters that end it not).
    public var scalarRange: Range<Int>
    /// The line's width without trailing whitespace; on a truncated line, the token included.
    public var width: Double
    /// The top of the line box, from the paragraph's top.
    public var top: Double
    /// The line box's height.
    public var height: Double
    /// The baseline, from the paragraph's top.
    public var baseline: Double
    /// True for the last visible line of truncated text: the token follows `scalarRange`.
    public var isTruncated: Bool
  }

  /// Where the truncation token sits, relative to the paragraph's top-leading corner.
  public struct TokenFrame: Sendable, Hashable {
    /// Distance from the paragraph's leading edge, in points.
    public var x: Double
    /// Distance from the paragraph's top, in points.
    public var y: Double
    /// The token's width in points.
    public var width: Double
    /// The height of the token's line in points.
    public var height: Double
  }

  /// The width the paragraph was laid out at.
  public var width: Double
  /// The visible lines.
  public var lines: [Line]
  /// Total height: line heights plus line spacing (pixel-rounded with a pixel scale).
  public var height: Double
  /// True when max lines cut the text.
  public var truncated: Bool
  /// The token's frame when the text was truncated.
  public var token: TokenFrame?
  /// Scalars no font covers.
  public var missingGlyphs: Int

  /// The number of lines.
  public var lineCount: Int { lines.count }

  /// Scalar offsets where lines 2...n start.
  public var breaks: [Int] { lines.dropFirst().map(\.scalarRange.lowerBound) }
}
