/// Where an image's aspect ratio (width ÷ height) comes from.
public struct AspectRule: Sendable, Hashable {
  /// A constant ratio; used when no data fields are named.
  public var ratio: Double?
  /// Item fields holding the image's pixel width and height.
  public var widthField: String?
  /// See `widthField`.
  public var heightField: String?
  /// The ratio when the item lacks the fields (absent or null). Without it the item fails
  /// (or, with `hiddenWhenEmpty`, the image is hidden).
  public var fallback: Double?
  /// The smallest ratio allowed (tall images are clamped to it).
  public var minimum: Double?
  /// The largest ratio allowed (wide images are clamped to it).
  public var maximum: Double?

  /// A rule; give either `ratio` or both fields.
  public init(
    ratio: Double? = nil, widthField: String? = nil, heightField: String? = nil, fallback: Double? = nil,
    minimum: Double? = nil, maximum: Double? = nil
  ) {
    self.ratio = ratio
    self.widthField = widthField
    self.heightField = heightField
    self.fallback = fallback
    self.minimum = minimum
    self.maximum = maximum
  }

  /// A constant aspect ratio.
  public static func constant(_ ratio: Double) -> AspectRule { AspectRule(ratio: ratio) }

  /// The ratio `item[widthField] / item[heightField]`, with a fallback and clamping.
  public static func fields(
    width: String, height: String, fallback: Double? = nil, minimum: Double? = nil, maximum: Double? = nil
  ) -> AspectRule {
    AspectRule(widthField: width, heightField: height, fallback: fallback, minimum: minimum, maximum: maximum)
  }

  /// Clamps a ratio to `minimum...maximum`.
  func clamp(_ ratio: Double) -> Double {
    var value = ratio
    if let minimum { value = max(value, minimum) }
    if let maximum { value = min(value, maximum) }
    return value
  }
}
