import Testing

@testable import TextEngine

/// The rounding helpers of the web's LayoutUnit arithmetic against the standard library's.
@Suite struct DoubleGridTests {
  static let edges: [Double] = [
    0, 0.25, 0.5, 0.5000001, 0.9999999, 1, 1.5, 2.5, 3.4999, 15.000107, 983_047, 1e9 + 0.5, 0x1p40 + 0.75,
  ]
  static let samples: [Double] = edges + (0..<2_000).map { Double($0) * 0.37 + Double($0 % 7) / 65536 }

  @Test func truncationIsTheStandardLibrarys() {
    for value in Self.samples {
      #expect(value.truncatedNonNegative == Int64(value), "\(value)")
    }
  }

  @Test func exactIntegersConvertExactly() {
    let wholes: [Double] =
      Self.samples.map { ($0 * 65536).rounded(.down) }.filter { $0 < 0x1p51 } + [
        -1, -65536, -0x1p50, 0x1p51 - 1,
      ]
    for value in wholes {
      #expect(value.exactInteger == Int64(value), "\(value)")
    }
  }

  @Test func ceilingIsTheStandardLibrarys() {
    for value in Self.samples + Self.samples.map({ -$0 }) {
      #expect(value.ceilingInline == value.rounded(.up), "\(value)")
    }
  }

  /// On the 1/65536 px grid (the web's widths), rounding up to LayoutUnits in integers and in
  /// floating point agree.
  @Test func layoutUnitRoundingAgreesOnTheFixedGrid() {
    let grid = 1.0 / 64
    for units in stride(from: Int64(0), to: 3_000_000, by: 997) {
      let value = Double(units) * 0x1p-16
      let mask = Int64(grid * 65536) - 1
      let rounded = Double((units + mask) & ~mask) * 0x1p-16
      #expect(rounded == value.roundedUp(toMultipleOf: grid, inverse: 64), "\(value)")
    }
  }
}
