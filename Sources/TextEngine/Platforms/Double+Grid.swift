extension Double {
  /// Rounded up to a multiple of `grid` (Blink's `ceil` to LayoutUnits), a hair below a multiple
  /// staying on it: a sum that lands on the grid in exact arithmetic is not pushed a step up by
  /// its rounding error.
  @inline(__always) func roundedUp(toMultipleOf grid: Double) -> Double {
    ((self / grid) - 1e-7).rounded(.up) * grid
  }

  /// `roundedUp(toMultipleOf:)` for a grid that is a power of two, given `1 / grid`: the same
  /// result, with a multiplication for the division.
  @inline(__always) func roundedUp(toMultipleOf grid: Double, inverse: Double) -> Double {
    ((self * inverse) - 1e-7).rounded(.up) * grid
  }
}
