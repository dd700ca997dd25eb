/// One edge or dimension of an element (or of the cell itself, named `CellModel.cellName`).
public struct Anchor: Sendable, Hashable, CustomStringConvertible {
  /// The anchors a constraint can relate.
  public enum Attribute: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The top edge (y).
    case top
    /// The bottom edge (y + height).
    case bottom
    /// The vertical centre.
    case centerY
    /// The height.
    case height
    /// The leading edge (x).
    case leading
    /// The trailing edge (x + width).
    case trailing
    /// The width.
    case width

    /// True for leading, trailing and width.
    public var isHorizontal: Bool { self == .leading || self == .trailing || self == .width }

    /// The attribute's name, as in `top` or `centerY`.
    public var description: String {
      switch self {
      case .top: "top"
      case .bottom: "bottom"
      case .centerY: "centerY"
      case .height: "height"
      case .leading: "leading"
      case .trailing: "trailing"
      case .width: "width"
      }
    }
  }

  /// The element's name.
  public var element: String
  /// Which anchor.
  public var attribute: Attribute

  /// The anchor `attribute` of `element`.
  public init(_ element: String, _ attribute: Attribute) {
    self.element = element
    self.attribute = attribute
  }

  /// `element.attribute`, as in `title.bottom`.
  public var description: String { "\(element).\(attribute)" }
}
