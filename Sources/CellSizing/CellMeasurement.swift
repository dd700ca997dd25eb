/// The measured height of one item at one width: the solved ``CellLayout`` plus what the item
/// adds to it (its id, the elements it hid, the glyphs no font has).
public struct CellMeasurement: Sendable, Hashable {
  /// The item's id.
  public var id: String
  /// The solved cell: width, height, the visible elements' frames in template order (a row
  /// before its children) and whether `maxHeight` cut content off.
  public var layout: CellLayout
  /// Names of elements hidden because their data was empty (`hiddenWhenEmpty`).
  public var hidden: [String]
  /// Glyphs no font has, per visible element that has any (labels, chips), by element name.
  public var missingGlyphsByElement: [String: Int]

  /// A measurement: an item's id, its solved layout and what it hid.
  public init(id: String, layout: CellLayout, hidden: [String], missingGlyphsByElement: [String: Int] = [:]) {
    self.id = id
    self.layout = layout
    self.hidden = hidden
    self.missingGlyphsByElement = missingGlyphsByElement
  }

  /// The cell width (``CellLayout/width``).
  public var width: Double {
    get { layout.width }
    set { layout.width = newValue }
  }

  /// The cell height (``CellLayout/height``).
  public var height: Double {
    get { layout.height }
    set { layout.height = newValue }
  }

  /// Frames of the visible elements in template order (``CellLayout/elements``).
  public var elements: [ElementFrame] {
    get { layout.elements }
    set { layout.elements = newValue }
  }

  /// True when `maxHeight` cut content off (``CellLayout/isClipped``).
  public var isClipped: Bool {
    get { layout.isClipped }
    set { layout.isClipped = newValue }
  }

  /// Glyphs no font has in the whole cell.
  public var missingGlyphs: Int { missingGlyphsByElement.values.reduce(0, +) }

  /// The frame of the element named `name`.
  public func frame(named name: String) -> ElementFrame? { layout.frame(named: name) }
}
