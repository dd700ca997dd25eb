extension Double {
  /// Rounded up to a multiple of `grid` (Blink's `ceil` to LayoutUnits), a hair below a multiple
  /// staying on it: a sum that lands on the grid in exact arithmetic is not pushed a step up by
  /// its rounding error.
  @inline(__always) func roundedUp(toMultipleOf grid: Double) -> Double {
    ((self / grid) - 1e-7).rounded(.up) * grid
  }

  /// `roundedUp(toMultipleOf:)` for a grid that is a power of two, given `1 / grid`: the same
  /// result, with a multiplication for the division and `ceil` inline.
  @inline(__always) func roundedUp(toMultipleOf grid: Double, inverse: Double) -> Double {
    ((self * inverse) - 1e-7).ceilingInline * grid
  }

  /// `rounded(.up)` without libm's `ceil` (x86-64's baseline has no rounding instruction; the
  /// call makes the caller spill its registers): the nearest integer by the 1.5 × 2⁵² trick,
  /// then up by one when it is below. Equal to `ceil` but for the sign of a zero result.
  @inline(__always) var ceilingInline: Double {
    guard abs(self) < 0x1p51 else { return rounded(.up) }
    let nearest = (self + 0x1.8p52) - 0x1.8p52
    return nearest < self ? nearest + 1 : nearest
  }

  /// A whole number of magnitude below 2⁵¹ as an `Int64` (`Int64(self)` without its range
  /// checks): adding 1.5 × 2⁵² puts it in the significand's low bits. Of any other value in
  /// that range, the nearest integer.
  @inline(__always) var exactInteger: Int64 {
    Int64(bitPattern: (self + 0x1.8p52).bitPattern) &- Int64(bitPattern: (0x1.8p52 as Double).bitPattern)
  }

  /// The integer part of a value in `0..<2⁵¹` (`Int64(self)` without its range checks): its
  /// nearest integer, less one when that is above.
  @inline(__always) var truncatedNonNegative: Int64 {
    let nearest = exactInteger
    return Double(nearest) > self ? nearest &- 1 : nearest
  }
}
