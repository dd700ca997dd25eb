public import CellSizing

/// One item's card at one width, as the report keeps it: height, each label's line count and
/// truncation, whether `maxHeight` clipped it.
public struct CardMeasure: Sendable, Hashable {
  /// One label of the card.
  public struct Label: Sendable, Hashable {
    /// The element name.
    public var name: String
    /// Lines shown.
    public var lineCount: Int
    /// True when max lines cut the text.
    public var truncated: Bool

    /// A label.
    public init(name: String, lineCount: Int, truncated: Bool) {
      self.name = name
      self.lineCount = lineCount
      self.truncated = truncated
    }
  }

  /// The card height in points.
  public var height: Double
  /// The visible labels in template order.
  public var labels: [Label]
  /// True when the template's `maxHeight` cut content off.
  public var isClipped: Bool

  /// A card.
  public init(height: Double, labels: [Label], isClipped: Bool) {
    self.height = height
    self.labels = labels
    self.isClipped = isClipped
  }

  /// The card of a measurement.
  public init(_ measurement: CellMeasurement) {
    self.init(
      height: measurement.height,
      labels: measurement.elements.compactMap { element in
        element.lineCount.map {
          Label(name: element.name, lineCount: $0, truncated: element.truncated ?? false)
        }
      },
      isClipped: measurement.isClipped)
  }

  /// Lines over all labels.
  public var lineCount: Int { labels.reduce(0) { $0 + $1.lineCount } }
  /// The names of truncated labels.
  public var truncatedLabels: [String] { labels.filter(\.truncated).map(\.name) }
}
