import Testing

@testable import TextEngine

/// StaticLayout's line spacing (`StaticLayout.java`, `out`): `(int)(ex + 0.5)` for
/// `ex = (below − above) × (mult − 1) + add` in float, `-(int)(-ex + 0.5)` below 0.
@Suite struct StaticLayoutSpacingTests {
  @Test func roundsHalfAwayFromZero() {
    // 21 × 0.5 = 10.5 → 11.
    #expect(StaticLayoutSpacing(multiplier: 1.5, add: 0).extra(forLineHeight: 21) == 11)
    // 21 × (0.9f − 1) = −2.1 → −(int)(2.6) = −2.
    #expect(StaticLayoutSpacing(multiplier: 0.9, add: 0).extra(forLineHeight: 21) == -2)
    // −0.5 → −1; 0.49 → 0; 21 × 0.2 + 3 = 7.2 → 7.
    #expect(StaticLayoutSpacing(multiplier: 1, add: -0.5).extra(forLineHeight: 21) == -1)
    #expect(StaticLayoutSpacing(multiplier: 1, add: 0.49).extra(forLineHeight: 21) == 0)
    #expect(StaticLayoutSpacing(multiplier: 1.2, add: 3).extra(forLineHeight: 21) == 7)
    #expect(StaticLayoutSpacing.none.extra(forLineHeight: 21) == 0)
  }
}
