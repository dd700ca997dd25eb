/// A solved cell: its height and every element's frame.
public struct CellLayout: Sendable, Hashable {
  /// The width the cell was solved at.
  public var width: Double
  /// The cell's height (after min/max height).
  public var height: Double
  /// Frames in the model's element order.
  public var elements: [ElementFrame]
  /// True when a maximum height cut content off (some element reaches below `height`).
  public var isClipped: Bool

  /// A solved layout.
  public init(width: Double, height: Double, elements: [ElementFrame], isClipped: Bool) {
    self.width = width
    self.height = height
    self.elements = elements
    self.isClipped = isClipped
  }

  /// The frame of the element named `name`.
  public func frame(named name: String) -> ElementFrame? {
    elements.first { $0.name == name }
  }
}
