/// A width and a height.
public struct Size: Sendable, Hashable, CustomStringConvertible {
  /// The width.
  public var width: Double
  /// The height.
  public var height: Double

  /// Creates a size from its dimensions.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// The size whose dimensions are both zero.
  public static let zero = Size(width: 0, height: 0)

  /// Whether both dimensions are finite (neither NaN nor infinite).
  public var isFinite: Bool { width.isFinite && height.isFinite }

  /// Whether either dimension is zero or negative.
  public var isEmpty: Bool { !(width > 0 && height > 0) }

  /// This size with both dimensions multiplied by `factor`.
  public func scaled(by factor: Double) -> Size {
    Size(width: width * factor, height: height * factor)
  }

  /// `width×height`.
  public var description: String { "\(width)×\(height)" }
}
