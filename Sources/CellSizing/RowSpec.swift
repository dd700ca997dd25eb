/// A horizontal row of elements; its height is its tallest visible child's.
public struct RowSpec: Sendable, Hashable {
  /// The children, leading to trailing.
  public var children: [Element]
  /// Default gap between consecutive visible children.
  public var spacing: Double
  /// Default vertical alignment of children shorter than the row.
  public var alignment: VerticalAlignment

  /// A row.
  public init(children: [Element], spacing: Double = 8, alignment: VerticalAlignment = .center) {
    self.children = children
    self.spacing = spacing
    self.alignment = alignment
  }
}
