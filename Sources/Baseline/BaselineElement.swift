import CollectionLayout

/// One element of a card as a baseline records it: its frame relative to the card and, for
/// labels, its lines.
public struct BaselineElement: Sendable, Hashable {
  /// The element name.
  public var name: String
  /// `[x, y, width, height]` relative to the card.
  public var frame: [Double]
  /// Labels: the number of lines.
  public var lineCount: Int?
  /// Labels: each line's text (with "…" when truncated).
  public var lines: [String]?
  /// Labels: whether max lines cut the text.
  public var truncated: Bool?

  /// An element.
  public init(
    name: String, frame: [Double], lineCount: Int? = nil, lines: [String]? = nil, truncated: Bool? = nil
  ) {
    self.name = name
    self.frame = frame
    self.lineCount = lineCount
    self.lines = lines
    self.truncated = truncated
  }

  /// The element's height.
  public var height: Double { frame.count == 4 ? frame[3] : 0 }
}
