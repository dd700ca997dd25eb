/// The measured height of one item at one width, with every visible element's frame.
public struct CellMeasurement: Sendable, Hashable {
  /// The item's id.
  public var id: String
  /// The cell width.
  public var width: Double
  /// The cell height.
  public var height: Double
  /// Frames of the visible elements in template order (a row before its children).
  public var elements: [ElementFrame]
  /// Names of elements hidden because their data was empty (`hiddenWhenEmpty`).
  public var hidden: [String]
  /// True when `maxHeight` cut content off.
  public var isClipped: Bool
  /// Glyphs no font has, per visible element that has any (labels, chips), by element name.
  public var missingGlyphsByElement: [String: Int]

  /// Glyphs no font has in the whole cell.
  public var missingGlyphs: Int { missingGlyphsByElement.values.reduce(0, +) }

  /// A measurement.
  public init(
    id: String, width: Double, height: Double, elements: [ElementFrame], hidden: [String], isClipped: Bool,
    missingGlyphsByElement: [String: Int] = [:]
  ) {
    self.missingGlyphsByElement = missingGlyphsByElement
    self.id = id
    self.width = width
    self.height = height
    self.elements = elements
    self.hidden = hidden
    self.isClipped = isClipped
  }

  /// The frame of the element named `name`.
  public func frame(named name: String) -> ElementFrame? {
    elements.first { $0.name == name }
  }
}
