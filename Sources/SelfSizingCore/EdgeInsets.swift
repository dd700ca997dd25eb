/// Insets for the four edges of a rectangle, in points (as `UIEdgeInsets`): a cell template's
/// padding (`CellSizing`) and a collection layout's content and section insets
/// (`CollectionLayout`) are this one type.
public struct EdgeInsets: Sendable, Hashable {
  /// The top inset.
  public var top: Double
  /// The left inset.
  public var left: Double
  /// The bottom inset.
  public var bottom: Double
  /// The right inset.
  public var right: Double

  /// Creates insets; the order matches `UIEdgeInsets` and the CLI's `--insets top,left,bottom,right`.
  public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// Insets of the same amount on every edge.
  public init(all value: Double) {
    self.init(top: value, left: value, bottom: value, right: value)
  }

  /// No insets.
  public static let zero = EdgeInsets()

  /// `left + right`.
  public var horizontal: Double { left + right }
  /// `top + bottom`.
  public var vertical: Double { top + bottom }

  /// Whether every inset is a ``MetricRange/length`` (0 to a million points).
  public var isValid: Bool {
    [top, left, bottom, right].allSatisfy(MetricRange.length.contains)
  }
}
