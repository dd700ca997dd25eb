public import CollectionLayout

/// A card's caption drawn on the picture: its id and height on a dark tag at the card's
/// top-left corner.
public struct SceneTag: Sendable, Hashable {
  /// The tag's box in content points.
  public var frame: Rect
  /// The text, `id · height`.
  public var label: SceneLabel
}
