/// The range a measurement input may take: every front end (command-line options, template and
/// item JSON, service requests) and every library check uses these, so that a value is accepted
/// or refused the same way everywhere and every result built from accepted values is finite.
///
/// The bounds are far beyond any real feed (a million points is over a thousand screens) and far
/// below where sums of them could overflow a `Double`.
public struct MetricRange: Sendable, Hashable {
  /// The smallest value.
  public var lowerBound: Double
  /// Whether ``lowerBound`` itself is excluded (sizes must be above 0, spacings may be 0).
  public var excludesLowerBound: Bool
  /// The largest value.
  public var upperBound: Double
  /// The unit named in messages (`points`), empty for a plain number.
  public var unit: String

  /// Creates a range from `lowerBound` (excluded when `excludesLowerBound`) to `upperBound`.
  public init(_ lowerBound: Double, excludesLowerBound: Bool = false, to upperBound: Double, unit: String) {
    self.lowerBound = lowerBound
    self.excludesLowerBound = excludesLowerBound
    self.upperBound = upperBound
    self.unit = unit
  }

  /// The largest length in points any input takes.
  public static let maximumLength = 1_000_000.0

  /// Spacings, insets, paddings, header and footer heights: 0 to a million points.
  public static let length = MetricRange(0, to: maximumLength, unit: "points")
  /// Widths, column widths, fixed line heights: above 0, up to a million points.
  public static let size = MetricRange(0, excludesLowerBound: true, to: maximumLength, unit: "points")
  /// Letter spacing, which may be negative.
  public static let signedLength = MetricRange(-maximumLength, to: maximumLength, unit: "points")
  /// Font sizes: above 0, up to 10,000 points.
  public static let fontSize = MetricRange(0, excludesLowerBound: true, to: 10_000, unit: "points")
  /// Aspect ratios (width over height) of images and grids: a millionth to a million.
  public static let ratio = MetricRange(0.000_001, to: 1_000_000, unit: "")
  /// Multiples of the natural line height.
  public static let lineHeightMultiple = MetricRange(0, excludesLowerBound: true, to: 1_000, unit: "")
  /// Device pixels per point (UIKit's screen scale): 1 to 16.
  public static let pixelScale = MetricRange(1, to: 16, unit: "device pixels per point")

  /// Whether `value` is a finite number in the range.
  @inlinable public func contains(_ value: Double) -> Bool {
    (excludesLowerBound ? value > lowerBound : value >= lowerBound) && value <= upperBound
  }

  /// What the range asks for, as a phrase after a name: `must be a number from 0 to 1000000 points`.
  public var requirement: String {
    let lower = NumberFormat.string(lowerBound)
    let upper = NumberFormat.string(upperBound)
    let range = excludesLowerBound ? "above \(lower), at most \(upper)" : "from \(lower) to \(upper)"
    return "must be a number \(range)\(unit.isEmpty ? "" : " \(unit)")"
  }

  /// Nil when `value` is in the range; otherwise the phrase to put after the value's name:
  /// `1e+308 is out of range: must be a number from 0 to 1000000 points`.
  @inlinable public func violation(_ value: Double) -> String? {
    contains(value) ? nil : outOfRange(value)
  }

  /// The phrase of ``violation(_:)`` for a value outside the range, built only then.
  @usableFromInline func outOfRange(_ value: Double) -> String {
    "\(NumberFormat.string(value)) is out of range: \(requirement)"
  }
}
