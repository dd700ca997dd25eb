public import CollectionLayout
import Feed

/// A cell as drawn: its frame, image placeholders, rows and labels.
public struct SceneCell: Sendable, Hashable {
  /// The item id.
  public var id: String
  /// The cell frame in content points.
  public var frame: Rect
  /// Drawn as a circle (circle layout) instead of a card.
  public var isRound: Bool
  /// Backgrounds and chips, drawn first.
  public var fills: [SceneFill] = []
  /// Image placeholder frames.
  public var images: [Rect]
  /// Labels.
  public var labels: [SceneLabel]
  /// True when the template's `maxHeight` clipped the content.
  public var isClipped: Bool
}
