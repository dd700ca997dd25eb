/// An element pinned over another one (a badge at an image's corner, a video's duration): it
/// takes no room where it is written, adds no spacing, and never changes the cell's height.
///
/// Its child is sized like a child of a stack as wide as the target (a `hug` label keeps its
/// text width, a fixed width is kept, anything else takes the target's width less the margins),
/// then placed at `pin` inside the target's frame, `margin` points from the pinned edges.
public struct OverlaySpec: Sendable, Hashable {
  /// The name of the element it covers (`cell` for the whole cell).
  public var target: String
  /// Where over the target.
  public var pin: OverlayPin
  /// Distance from the target's pinned edges.
  public var margin: Double
  /// The element drawn over the target (exactly one).
  public var children: [Element]

  /// An overlay of `child` over the element named `target`.
  public init(target: String, pin: OverlayPin = .topTrailing, margin: Double = 0, child: Element) {
    self.target = target
    self.pin = pin
    self.margin = margin
    self.children = [child]
  }

  /// The element drawn over the target.
  public var child: Element { children[0] }
}
