public import CollectionLayout

/// A filled rectangle drawn under a cell's content: an element's background, a chip.
public struct SceneFill: Sendable, Hashable {
  /// Where, in content points.
  public var frame: Rect
  /// The colour.
  public var color: RGBColor
  /// Opacity, 0...255.
  public var alpha: UInt8
  /// Corner radius in points.
  public var cornerRadius: Double
}
