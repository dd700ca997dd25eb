/// An image: sized by an aspect ratio at its resolved width, or a fixed size.
public struct ImageSpec: Sendable, Hashable {
  /// How the image is sized.
  public enum Sizing: Sendable, Hashable {
    /// Height = width ÷ aspect ratio.
    case aspect(AspectRule)
    /// A fixed width and height in points.
    case fixed(width: Double, height: Double)
  }

  /// How the image is sized.
  public var sizing: Sizing
  /// An optional item field with the image's source (a URL...): with `hiddenWhenEmpty`, the
  /// image is hidden when the field is absent, null or empty.
  public var field: String?

  /// An image.
  public init(_ sizing: Sizing, field: String? = nil) {
    self.sizing = sizing
    self.field = field
  }
}
