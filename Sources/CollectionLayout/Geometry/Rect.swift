/// An axis-aligned rectangle: an origin (the top-left corner, y pointing down) and a size.
///
/// Rectangles are expected to have non-negative sizes; the layouts in this module never produce
/// others. Intersection follows Core Graphics for rectangles with area: rectangles that only
/// touch along an edge do not intersect. A rectangle with zero width or height intersects
/// nothing (see ``intersects(_:)``).
public struct Rect: Sendable, Hashable, CustomStringConvertible {
  /// The top-left corner.
  public var origin: Point
  /// The width and height.
  public var size: Size

  /// Creates a rectangle from an origin and a size.
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// Creates a rectangle from its coordinates and dimensions.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.origin = Point(x: x, y: y)
    self.size = Size(width: width, height: height)
  }

  /// Creates a rectangle of `size` whose center is `center`.
  public init(center: Point, size: Size) {
    self.origin = Point(x: center.x - size.width / 2, y: center.y - size.height / 2)
    self.size = size
  }

  /// The rectangle at the origin with zero size.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  /// The smallest x coordinate.
  public var minX: Double { origin.x }
  /// The x coordinate of the center.
  public var midX: Double { origin.x + size.width / 2 }
  /// The largest x coordinate.
  public var maxX: Double { origin.x + size.width }
  /// The smallest y coordinate.
  public var minY: Double { origin.y }
  /// The y coordinate of the center.
  public var midY: Double { origin.y + size.height / 2 }
  /// The largest y coordinate.
  public var maxY: Double { origin.y + size.height }
  /// The width.
  public var width: Double { size.width }
  /// The height.
  public var height: Double { size.height }
  /// The center point.
  public var center: Point { Point(x: midX, y: midY) }

  /// Whether the width or the height is zero or negative (or NaN).
  public var isEmpty: Bool { size.isEmpty }

  /// Whether every coordinate and dimension is finite.
  public var isFinite: Bool { origin.isFinite && size.isFinite }

  /// Whether the interiors of the two rectangles overlap.
  ///
  /// Rectangles that share only an edge or a corner do not intersect, and a rectangle with zero
  /// (or negative) width or height intersects nothing.
  public func intersects(_ other: Rect) -> Bool {
    minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
      && !isEmpty && !other.isEmpty
  }

  /// Whether `point` lies in the rectangle (including its top and left edges, excluding its
  /// bottom and right edges, as `CGRectContainsPoint`).
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }

  /// Whether `other` lies entirely inside this rectangle (edges may coincide).
  public func contains(_ other: Rect) -> Bool {
    other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
  }

  /// The overlap of the two rectangles, or `nil` when they do not intersect.
  public func intersection(_ other: Rect) -> Rect? {
    guard intersects(other) else { return nil }
    let x0 = Swift.max(minX, other.minX)
    let y0 = Swift.max(minY, other.minY)
    let x1 = Swift.min(maxX, other.maxX)
    let y1 = Swift.min(maxY, other.maxY)
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// The smallest rectangle containing both rectangles.
  public func union(_ other: Rect) -> Rect {
    let x0 = Swift.min(minX, other.minX)
    let y0 = Swift.min(minY, other.minY)
    let x1 = Swift.max(maxX, other.maxX)
    let y1 = Swift.max(maxY, other.maxY)
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// This rectangle moved by `dx`, `dy`.
  public func offsetBy(dx: Double, dy: Double) -> Rect {
    Rect(x: minX + dx, y: minY + dy, width: width, height: height)
  }

  /// This rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom
  /// (negative values grow it). The size never becomes negative.
  public func insetBy(dx: Double, dy: Double) -> Rect {
    Rect(
      x: minX + dx, y: minY + dy, width: Swift.max(0, width - 2 * dx),
      height: Swift.max(0, height - 2 * dy))
  }

  /// The frame as `[x, y, width, height]`, the shape used in JSON output.
  public var array: [Double] { [minX, minY, width, height] }

  /// `(x, y, width, height)`.
  public var description: String { "(\(minX), \(minY), \(width), \(height))" }
}
