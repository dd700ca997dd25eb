/// The layout-related attributes of one element in a collection view (as
/// `UICollectionViewLayoutAttributes`).
///
/// `frame`, `center` and `size` are kept consistent: setting one updates the others (the
/// center moves with the frame; changing `size` keeps the center).
public struct LayoutAttributes: Sendable, Hashable, CustomStringConvertible {
  /// The element's index path. Decoration views use an index path chosen by their layout.
  public var indexPath: IndexPath
  /// Cell, supplementary view of a kind or decoration view of a kind.
  public var category: ElementCategory
  /// The stable identity of the item, for cells whose layout knows it.
  public var itemID: ItemID?
  /// The frame in collection-view content coordinates.
  public var frame: Rect
  /// Opacity, 0…1.
  public var alpha: Double
  /// The stacking order; higher values are drawn above lower ones.
  public var zIndex: Int
  /// Whether the element is hidden.
  public var isHidden: Bool
  /// A transform applied around the center.
  public var transform: AffineTransform
  /// For waterfall cells, the column the item was placed in — its first (leftmost) column when
  /// it spans several (`nil` for full-span items and non-cells).
  public var column: Int?
  /// For waterfall cells, the number of adjacent columns the item covers from ``column`` (the
  /// section's column count for full-span items); 1 for everything else.
  public var span: Int

  /// Creates attributes.
  public init(
    indexPath: IndexPath, category: ElementCategory = .cell, itemID: ItemID? = nil,
    frame: Rect = .zero, alpha: Double = 1, zIndex: Int = 0, isHidden: Bool = false,
    transform: AffineTransform = .identity, column: Int? = nil, span: Int = 1
  ) {
    self.indexPath = indexPath
    self.category = category
    self.itemID = itemID
    self.frame = frame
    self.alpha = alpha
    self.zIndex = zIndex
    self.isHidden = isHidden
    self.transform = transform
    self.column = column
    self.span = span
  }

  /// Attributes for a cell.
  public static func cell(
    at indexPath: IndexPath, frame: Rect, itemID: ItemID? = nil, column: Int? = nil, span: Int = 1
  ) -> LayoutAttributes {
    LayoutAttributes(
      indexPath: indexPath, category: .cell, itemID: itemID, frame: frame, column: column, span: span)
  }

  /// Attributes for a supplementary view of `kind`.
  public static func supplementary(
    ofKind kind: String, at indexPath: IndexPath, frame: Rect, zIndex: Int = 0
  ) -> LayoutAttributes {
    LayoutAttributes(
      indexPath: indexPath, category: .supplementary(kind: kind), frame: frame, zIndex: zIndex)
  }

  /// Attributes for a decoration view of `kind`.
  public static func decoration(
    ofKind kind: String, at indexPath: IndexPath, frame: Rect, zIndex: Int = -1
  ) -> LayoutAttributes {
    LayoutAttributes(
      indexPath: indexPath, category: .decoration(kind: kind), frame: frame, zIndex: zIndex)
  }

  /// The center of the frame. Setting it moves the frame.
  public var center: Point {
    get { frame.center }
    set { frame = Rect(center: newValue, size: frame.size) }
  }

  /// The size of the frame. Setting it keeps the center.
  public var size: Size {
    get { frame.size }
    set { frame = Rect(center: frame.center, size: newValue) }
  }

  /// The kind of a supplementary or decoration view; `nil` for cells.
  public var representedElementKind: String? { category.kind }

  /// The category, index path and frame, for logs and test failures.
  public var description: String {
    "\(category) \(indexPath) \(frame) alpha \(alpha) z \(zIndex)"
  }
}
