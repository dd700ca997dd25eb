/// Card heights counted in bins of equal width: `counts[i]` is the number of heights in
/// `start + i·binWidth ..< start + (i + 1)·binWidth`.
public struct HeightHistogram: Sendable, Hashable {
  /// The lower edge of the first bin.
  public var start: Double
  /// The width of every bin, a round number (1, 2 or 5 × a power of ten).
  public var binWidth: Double
  /// The count of each bin.
  public var counts: [Int]

  /// Bins covering `minimum...maximum` in about `targetBins` round-width steps, all empty.
  public init(covering minimum: Double, _ maximum: Double, targetBins: Int = 24) {
    let span = max(maximum - minimum, 1)
    let raw = span / Double(max(1, targetBins))
    var magnitude = 1.0
    while magnitude * 10 <= raw { magnitude *= 10 }
    while magnitude > raw { magnitude /= 10 }
    let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? 10 * magnitude
    binWidth = step
    start = (minimum / step).rounded(.down) * step
    let bins = Int(((maximum - start) / step).rounded(.down)) + 1
    counts = [Int](repeating: 0, count: max(1, bins))
  }

  /// The same bins counting `heights` (heights outside the bins go to the nearest end bin).
  public func counting(_ heights: [Double]) -> HeightHistogram {
    var result = self
    result.counts = [Int](repeating: 0, count: counts.count)
    for height in heights where height.isFinite {
      let index = Int(((height - start) / binWidth).rounded(.down))
      result.counts[max(0, min(counts.count - 1, index))] += 1
    }
    return result
  }

  /// The lower edge of bin `index`.
  public func lowerEdge(_ index: Int) -> Double { start + Double(index) * binWidth }
}
