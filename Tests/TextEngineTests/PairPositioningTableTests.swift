import Testing

@testable import TextEngine

/// Reading class 0 of class-based pair kerning out of hand-made `GPOS` tables.
@Suite struct PairPositioningTableTests {
  /// A `GPOS` table with one lookup holding one PairPos format 2 subtable of two first classes
  /// and two second classes, value format XAdvance for the first glyph; `classZero` is the value
  /// of every pair whose second glyph is in class 0. With `behindExtension`, the subtable sits behind
  /// an ExtensionPos subtable (lookup type 9).
  static func table(classZero: Int16, behindExtension: Bool = false) -> [UInt8] {
    var bytes: [UInt8] = []
    func u16(_ value: Int) { bytes += [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    func u32(_ value: Int) {
      u16(value >> 16)
      u16(value & 0xFFFF)
    }
    // Header: version 1.0, script list, feature list, lookup list at 10.
    u16(1)
    u16(0)
    u16(0)
    u16(0)
    u16(10)
    // Lookup list (10): one lookup at +4.
    u16(1)
    u16(4)
    // Lookup (14): type, flag, one subtable at +8.
    u16(behindExtension ? 9 : 2)
    u16(0)
    u16(1)
    u16(8)
    if behindExtension {
      // ExtensionPos (22): format 1, type 2, offset +8.
      u16(1)
      u16(2)
      u32(8)
    }
    // PairPos format 2: coverage, value formats (XAdvance, none), class defs, 2 × 2 classes.
    u16(2)
    u16(0)
    u16(0x0004)
    u16(0)
    u16(0)
    u16(0)
    u16(2)
    u16(2)
    for _ in 0..<2 {
      u16(Int(UInt16(bitPattern: classZero)))  // class 2 = 0
      u16(Int(UInt16(bitPattern: -30)))  // class 2 = 1
    }
    return bytes
  }

  static func adjusts(_ bytes: [UInt8], lookups: [Int] = [0]) -> Bool {
    bytes.withUnsafeBytes { PairPositioningTable($0).adjustsUnclassedSecondGlyphs(lookupIndices: lookups) }
  }

  @Test func classZeroWithoutValuesLeavesOtherSecondsAlone() {
    #expect(!Self.adjusts(Self.table(classZero: 0)))
    #expect(!Self.adjusts(Self.table(classZero: 0, behindExtension: true)))
  }

  @Test func aValueForClassZeroReachesEverySecondGlyph() {
    #expect(Self.adjusts(Self.table(classZero: -12)))
    #expect(Self.adjusts(Self.table(classZero: 7, behindExtension: true)))
  }

  @Test func lookupsOutsideTheKerningFeaturesAreNotRead() {
    #expect(!Self.adjusts(Self.table(classZero: -12), lookups: []))
  }

  /// Cut anywhere before the last class-0 value (what is read), or naming a lookup past the
  /// list's end.
  @Test func aDamagedTableAnswersThatAnythingMayBeKerned() {
    let whole = Self.table(classZero: 0)
    for length in [0, 9, 13, 20, 30, whole.count - 3] {
      #expect(Self.adjusts(Array(whole.prefix(length))), "cut at \(length)")
    }
    #expect(Self.adjusts(whole, lookups: [3]))
  }
}
