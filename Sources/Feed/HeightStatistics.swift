/// Summary figures of a set of card heights.
///
/// The median of an even count is the mean of the two middle values; the 95th percentile is
/// the nearest rank: the smallest height that at least 95% of the heights do not exceed.
public struct HeightStatistics: Sendable, Hashable {
  /// How many heights.
  public var count: Int
  /// The smallest height (0 when there are none).
  public var minimum: Double
  /// The median.
  public var median: Double
  /// The 95th percentile (nearest rank).
  public var p95: Double
  /// The largest height.
  public var maximum: Double
  /// The mean.
  public var mean: Double

  /// The statistics of `heights` (all zero for none).
  public init(_ heights: [Double]) {
    let sorted = heights.sorted()
    count = sorted.count
    guard let first = sorted.first, let last = sorted.last else {
      minimum = 0
      median = 0
      p95 = 0
      maximum = 0
      mean = 0
      return
    }
    minimum = first
    maximum = last
    let middle = sorted.count / 2
    median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    let rank = Int((0.95 * Double(sorted.count)).rounded(.up))
    p95 = sorted[max(0, min(sorted.count, rank) - 1)]
    mean = sorted.reduce(0, +) / Double(sorted.count)
  }
}
