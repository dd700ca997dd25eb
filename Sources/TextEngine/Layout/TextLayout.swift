/// The result of laying out a prepared text at a width.
public struct TextLayout: Sendable, Hashable {
  /// One laid-out line.
  public struct Line: Sendable, Hashable {
    /// Scalar offsets of the line's text in the paragraph, trailing spaces included but not
    /// the hard-break characters that end it.
    public var scalarRange: Range<Int>
    /// The line's width in points without trailing (hanging) whitespace; includes the ellipsis
    /// on a truncated last line.
    public var width: Double
    /// True for the last visible line of truncated text: it is followed by "…".
    public var isTruncated: Bool
    /// The line's height in points: the paragraph's line height, or more where the platform
    /// grows a line for the fonts on it (``TextPlatform``).
    public var height: Double
  }

  /// The width the text was laid out at.
  public var width: Double
  /// The lines, in order (at most `maxLines`).
  public var lines: [Line]
  /// Total height in points (see `PreparedText.height(ofLineCount:)`).
  public var height: Double
  /// True when `maxLines` cut the text.
  public var truncated: Bool
  /// Scalars no font covers.
  public var missingGlyphs: Int

  /// The number of lines.
  public var lineCount: Int { lines.count }

  /// Scalar offsets where lines 2...n start (the `breaks` of `selfsize text`'s output).
  public var breaks: [Int] { lines.dropFirst().map(\.scalarRange.lowerBound) }
}
