/// A vertical stack of elements (usable inside a row, or inside another stack); its height is
/// its visible children's heights plus the gaps between them plus its padding.
public struct StackSpec: Sendable, Hashable {
  /// The children, top to bottom.
  public var children: [Element]
  /// Default gap between consecutive visible children.
  public var spacing: Double
  /// Default horizontal alignment of children narrower than the stack (fixed or `hug` widths).
  public var alignment: HorizontalAlignment

  /// A stack.
  public init(children: [Element], spacing: Double = 0, alignment: HorizontalAlignment = .leading) {
    self.children = children
    self.spacing = spacing
    self.alignment = alignment
  }
}
