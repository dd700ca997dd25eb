import Testing

@testable import TextEngine

/// The kerning cache's table against a dictionary doing the same stores.
@Suite struct KerningPairTableTests {
  @Test func findsWhatWasStoredAndNothingElse() {
    var table = KerningPairTable(capacity: 1_000)
    #expect(table.value(for: 42) == nil)
    // Keys that share their low bits, so probes run past each other.
    let keys = (1...300).map { UInt64($0) << 40 | 0x2D00 }
    for (index, key) in keys.enumerated() { table.store(Double(index) / 8, for: key) }
    #expect(table.count == 300)
    for (index, key) in keys.enumerated() { #expect(table.value(for: key) == Double(index) / 8) }
    #expect(table.value(for: 301 << 40 | 0x2D00) == nil)
    table.store(-1, for: keys[7])
    #expect(table.value(for: keys[7]) == -1)
    #expect(table.count == 300)
  }

  @Test func emptiesItselfWhenFull() {
    var table = KerningPairTable(capacity: 4)
    for key in UInt64(1)...4 { table.store(Double(key), for: key) }
    #expect(table.count == 4)
    table.store(5, for: 5)
    #expect(table.count == 1)
    #expect(table.value(for: 1) == nil)
    #expect(table.value(for: 5) == 5)
  }

  @Test func removeAllForgetsEveryPair() {
    for keepingCapacity in [true, false] {
      var table = KerningPairTable(capacity: 100)
      for key in UInt64(1)...50 { table.store(0.5, for: key) }
      table.removeAll(keepingCapacity: keepingCapacity)
      #expect(table.count == 0)
      #expect((UInt64(1)...50).allSatisfy { table.value(for: $0) == nil })
      table.store(2, for: 9)
      #expect(table.value(for: 9) == 2)
    }
  }

  @Test func agreesWithADictionary() {
    var table = KerningPairTable(capacity: 512)
    var reference: [UInt64: Double] = [:]
    var generator = SystemRandomNumberGenerator()
    for step in 0..<5_000 {
      let key = UInt64.random(in: 1...2_000, using: &generator) &* 0x1_0000_0100
      if reference.count >= 512 { reference.removeAll() }
      table.store(Double(step), for: key)
      reference[key] = Double(step)
      let probe = UInt64.random(in: 1...2_000, using: &generator) &* 0x1_0000_0100
      #expect(table.value(for: probe) == reference[probe])
    }
  }
}
