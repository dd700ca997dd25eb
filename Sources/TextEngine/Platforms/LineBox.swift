/// The vertical extent of what sits on one line, measured from its baseline, in points: a
/// font's box with its share of leading, or the union of several.
///
/// A new box holds nothing: both parts start at −∞ (a box under 1× the natural line height has
/// a negative part, so 0 would not be neutral).
struct LineBox: Sendable, Hashable {
  /// Above the baseline.
  var above: Double
  /// Below the baseline.
  var below: Double

  /// The box of nothing.
  static let empty = LineBox(above: -.infinity, below: -.infinity)

  /// True when nothing was added.
  var isEmpty: Bool { above == -.infinity && below == -.infinity }

  /// Grows to hold `other` on the same baseline.
  @inline(__always) mutating func formUnion(_ other: LineBox) {
    above = max(above, other.above)
    below = max(below, other.below)
  }

  /// The union of two boxes on one baseline.
  @inline(__always) func union(_ other: LineBox) -> LineBox {
    var box = self
    box.formUnion(other)
    return box
  }

  /// True when this box fits inside `other` (a line holding both is as tall as `other`).
  func fits(in other: LineBox) -> Bool { above <= other.above && below <= other.below }
}
