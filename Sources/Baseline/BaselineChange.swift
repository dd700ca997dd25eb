import CollectionLayout

/// How one item at one width differs from its baseline record.
public struct BaselineChange: Sendable, Hashable {
  /// How much it changed.
  public enum Status: String, Sendable, Hashable {
    /// A height or element frame moved by more than the tolerance.
    case moved
    /// Something changed (a height within the tolerance, or lines broke differently at the same
    /// height).
    case changed
  }

  /// A line that differs: its 1-based number and its text before and after (nil when the line
  /// does not exist on that side).
  public struct LineChange: Sendable, Hashable {
    /// The 1-based line number.
    public var number: Int
    /// The baseline's text of the line.
    public var old: String?
    /// This run's text of the line.
    public var new: String?

    /// A changed line.
    public init(number: Int, old: String?, new: String?) {
      self.number = number
      self.old = old
      self.new = new
    }
  }

  /// The item and width.
  public var key: BaselineKey
  /// Moved beyond the tolerance, or changed within it.
  public var status: Status
  /// The elements whose size, lines or presence changed, in template order (empty for `text`).
  public var elements: [String]
  /// The elements that only moved (same size and lines, another position).
  public var shiftedElements: [String] = []
  /// The baseline's height.
  public var oldHeight: Double
  /// This run's height.
  public var newHeight: Double
  /// The line counts before and after, of the paragraph (`text`) or of the first changed label.
  public var oldLineCount: Int?
  /// See ``oldLineCount``.
  public var newLineCount: Int?
  /// The first line that differs, of the paragraph or of the first changed label.
  public var firstChangedLine: LineChange?
  /// The label whose lines ``firstChangedLine`` describes (nil for `text`).
  public var lineElement: String?

  /// The height difference, new − old.
  public var delta: Double { newHeight - oldHeight }

  /// The 0-based indexes of lines that differ, per label (`""` for a `text` paragraph), on the
  /// old side and on the new side: what a picture highlights.
  public var changedLines: [String: [Int]] = [:]
}
