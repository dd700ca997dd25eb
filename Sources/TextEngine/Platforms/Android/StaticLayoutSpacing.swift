/// StaticLayout's line spacing (`setLineSpacing(add, mult)`), from frameworks/base
/// `core/java/android/text/StaticLayout.java` (`out`).
///
/// A line's extra space is `(below − above) × (mult − 1) + add`, computed in `float` (the
/// height is an `int`, the factors `float`), then rounded half away from zero by
/// `(int)(ex + 0.5)` or `-(int)(-ex + 0.5)`. It goes below every line but the last
/// (`addLastLineLineSpacing` is off).
struct StaticLayoutSpacing: Sendable, Hashable {
  /// `spacingmult`.
  var multiplier: Float
  /// `spacingadd`, in pixels.
  var add: Float

  /// No extra space.
  static let none = StaticLayoutSpacing(multiplier: 1, add: 0)

  /// True when StaticLayout computes an extra (`needMultiply`).
  var isActive: Bool { multiplier != 1 || add != 0 }

  /// The extra pixels below a line `height` pixels tall (from above to below).
  func extra(forLineHeight height: Int) -> Int {
    guard isActive else { return 0 }
    let ex = Double(Float(height) * (multiplier - 1) + add)
    return ex >= 0 ? Int(ex + 0.5) : -Int(-ex + 0.5)
  }
}
