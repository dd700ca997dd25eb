/// A grid of 1–9 images from an array field, with the common feed rule: one image is shown
/// alone with its aspect ratio (clamped); two and four images take two columns; three and five
/// to nine take three; cells are square, `spacing` apart. More than nine entries show nine.
///
/// The field's entries are strings (URLs) or objects; for the single image the aspect ratio is
/// read from the entry's `width` and `height` when present, else `singleAspect` applies.
public struct GridSpec: Sendable, Hashable {
  /// The item field holding the array of images.
  public var field: String
  /// The gap between cells, both ways.
  public var spacing: Double
  /// Width of a single image as a fraction of the grid's width (0 < x ≤ 1).
  public var singleWidth: Double
  /// The single image's aspect ratio (width ÷ height) when its entry has no size.
  public var singleAspect: Double
  /// The single image's smallest aspect ratio (tall images are clamped to it).
  public var minAspect: Double
  /// The single image's largest aspect ratio (wide images are clamped to it).
  public var maxAspect: Double

  /// A grid.
  public init(
    field: String, spacing: Double = 4, singleWidth: Double = 1, singleAspect: Double = 1,
    minAspect: Double = 0.75, maxAspect: Double = 16.0 / 9.0
  ) {
    self.field = field
    self.spacing = spacing
    self.singleWidth = singleWidth
    self.singleAspect = singleAspect
    self.minAspect = minAspect
    self.maxAspect = maxAspect
  }

  /// The largest number of images shown.
  public static let maximumCount = 9

  /// Columns for `count` images: 1, 2 (for 2 and 4) or 3.
  public static func columns(for count: Int) -> Int {
    switch count {
    case ...1: 1
    case 2, 4: 2
    default: 3
    }
  }
}
