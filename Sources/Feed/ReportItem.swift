import CellSizing
import TextEngine

/// One feed item across the report's widths: its label texts, missing glyphs and its card at
/// each width.
public struct ReportItem: Sendable, Hashable {
  /// A label's full text.
  public struct LabelText: Sendable, Hashable {
    /// The element name.
    public var name: String
    /// The text as given (after the template's format).
    public var text: String
  }

  /// The item id.
  public var id: String
  /// The input line, when known.
  public var line: Int?
  /// The texts of the item's labels in template order.
  public var texts: [LabelText]
  /// Scalars no font covers, over all labels.
  public var missingGlyphs: Int
  /// The card at each of the report's widths (nil where the item was not laid out).
  public var cards: [CardMeasure?]
  /// Errors that name this item, at any width.
  public var errors: [String]

  /// The item's entry from its prepared cell; `labels` are the template's label names in order.
  init(cell: PreparedCell, labels: [String], widthCount: Int) {
    id = cell.item.id
    line = cell.item.line
    var texts: [LabelText] = []
    var missing = 0
    for name in labels {
      guard let prepared = cell.preparedText(named: name) else { continue }
      texts.append(LabelText(name: name, text: prepared.text))
      missing += prepared.missingGlyphs
    }
    self.texts = texts
    missingGlyphs = missing
    cards = [CardMeasure?](repeating: nil, count: widthCount)
    errors = []
  }

  /// The text of the label named `name`.
  public func text(of name: String) -> String? { texts.first { $0.name == name }?.text }

  /// The tallest card over all widths.
  public var maximumHeight: Double { cards.compactMap { $0?.height }.max() ?? 0 }
}
