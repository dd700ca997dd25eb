public import CollectionLayout

/// A supplementary or decoration view of a laid-out collection.
public struct PlacedElement: Sendable, Hashable {
  /// The view's kind (`header`, `footer`, `center`, …).
  public var kind: String
  /// The section it belongs to.
  public var section: Int
  /// The frame in content coordinates.
  public var frame: Rect
  /// The stacking order (decorations below cells have negative values).
  public var zIndex: Int

  /// An element.
  public init(kind: String, section: Int, frame: Rect, zIndex: Int) {
    self.kind = kind
    self.section = section
    self.frame = frame
    self.zIndex = zIndex
  }

  /// The element a layout's supplementary or decoration attributes describe.
  init(_ attributes: LayoutAttributes) {
    self.init(
      kind: attributes.representedElementKind ?? "", section: attributes.indexPath.section,
      frame: attributes.frame, zIndex: attributes.zIndex)
  }
}
