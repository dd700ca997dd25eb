public import TextEngine

/// How a client platform sizes a card's boxes, beyond its text: the rules of the browser's CSS
/// layout on `web`, UIKit's Auto Layout (the template model's own rules) elsewhere (Flutter,
/// Android and iOS).
public struct CardBoxRules: Sendable, Hashable {
  /// Heights from aspect ratios and widths from fractions are rounded down to this grid
  /// (Blink's LayoutUnit, 1/64 px: `aspect-ratio` and percentage widths), or 0 for exact values.
  public var boxGrid: Double
  /// Missing width in a row is taken from the one visible flexible child with the lowest
  /// compression resistance only, the rest overflowing (CSS `flex-shrink` on one child), instead
  /// of from child after child in order of resistance (UIKit).
  public var shrinksOneChildOnly: Bool

  /// The rules of `platform`.
  public init(platform: TextPlatform) {
    switch platform {
    case .web:
      self.init(boxGrid: 1.0 / 64, shrinksOneChildOnly: true)
    case .flutter, .android, .ios:
      self.init(boxGrid: 0, shrinksOneChildOnly: false)
    }
  }

  /// The given rules.
  public init(boxGrid: Double, shrinksOneChildOnly: Bool) {
    self.boxGrid = boxGrid
    self.shrinksOneChildOnly = shrinksOneChildOnly
  }

  /// The widths of `columns` equal grid columns sharing `available` points: exact shares, or on
  /// the web Blink's `1fr` tracks — the share in `Float` pixels, each track truncated to
  /// LayoutUnits with what truncation dropped carried to the next (`repeat(N, minmax(0, 1fr))`;
  /// checked against Chromium 156 on 80 widths), so columns may differ by 1/64 pt and not fill
  /// `available` exactly.
  func gridColumnWidths(available: Double, columns: Int) -> [Double] {
    guard boxGrid > 0 else { return Array(repeating: available / Double(columns), count: columns) }
    let share = Float(available) / Float(columns)
    var carried: Float = 0
    var widths: [Double] = []
    widths.reserveCapacity(columns)
    for _ in 0..<columns {
      let size = share + carried
      let units = (size * 64).rounded(.towardZero)
      widths.append(Double(units) / 64)
      carried = size - units / 64
    }
    return widths
  }

  /// `value` rounded down to ``boxGrid`` (unchanged without a grid), a hair below a grid line
  /// staying on it.
  @inline(__always) func snapped(_ value: Double) -> Double {
    guard boxGrid > 0 else { return value }
    return ((value / boxGrid) + 1e-7).rounded(.down) * boxGrid
  }
}
