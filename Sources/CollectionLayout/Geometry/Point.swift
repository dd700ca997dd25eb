/// A location in a two-dimensional coordinate system whose y axis points down (as in UIKit).
public struct Point: Sendable, Hashable, CustomStringConvertible {
  /// The x coordinate.
  public var x: Double
  /// The y coordinate.
  public var y: Double

  /// Creates a point from its coordinates.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The point whose coordinates are both zero.
  public static let zero = Point(x: 0, y: 0)

  /// Whether both coordinates are finite (neither NaN nor infinite).
  public var isFinite: Bool { x.isFinite && y.isFinite }

  /// The Euclidean distance to another point.
  public func distance(to other: Point) -> Double {
    ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
  }

  /// `(x, y)`.
  public var description: String { "(\(x), \(y))" }
}
