import CollectionLayout

/// One item at one width, as a baseline records it.
///
/// `text` records carry the paragraph's lines; `measure` and `layout` records carry the card's
/// elements; `layout` records also carry the item's frame and column.
public struct BaselineRecord: Sendable, Hashable {
  /// The item id.
  public var id: String
  /// The width measured at (for `layout`, the item's width in its column).
  public var width: Double
  /// The height.
  public var height: Double
  /// Text: the number of lines.
  public var lineCount: Int?
  /// Text: each line's text.
  public var lines: [String]?
  /// Text: whether max lines cut the text.
  public var truncated: Bool?
  /// Layout: the item's frame `[x, y, width, height]` in the collection.
  public var frame: [Double]?
  /// Layout: the item's column (nil for full-span and circle items).
  public var column: Int?
  /// Cards: the elements in template order (hidden elements are absent).
  public var elements: [BaselineElement]

  /// A record.
  public init(
    id: String, width: Double, height: Double, lineCount: Int? = nil, lines: [String]? = nil,
    truncated: Bool? = nil, frame: [Double]? = nil, column: Int? = nil, elements: [BaselineElement] = []
  ) {
    self.id = id
    self.width = width
    self.height = height
    self.lineCount = lineCount
    self.lines = lines
    self.truncated = truncated
    self.frame = frame
    self.column = column
    self.elements = elements
  }

  /// The record's key: id and width.
  public var key: BaselineKey { BaselineKey(id: id, width: width) }
}

/// An item at a width: what a baseline compares.
public struct BaselineKey: Sendable, Hashable, CustomStringConvertible {
  /// The item id.
  public var id: String
  /// The width.
  public var width: Double

  /// A key.
  public init(id: String, width: Double) {
    self.id = id
    self.width = width
  }

  /// `id @ width`.
  public var description: String { "\(id) @ \(JSONValue.format(width))" }
}
