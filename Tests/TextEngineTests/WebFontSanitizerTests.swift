import Foundation
import Testing

@testable import TextEngine

/// OTS's rules for a legacy `kern` table (`ots/src/kern.cc`), on tables built byte by byte.
@Suite struct WebFontSanitizerTests {
  /// A `kern` table of one format 0 subtable with `pairs` (left, right, value), its header fields
  /// `version` and `coverage` as given.
  static func table(
    version: UInt16 = 0, subtableVersion: UInt16 = 0, coverage: UInt16 = 0x0001,
    pairs: [(UInt16, UInt16, Int16)]
  ) -> [UInt8] {
    var bytes: [UInt8] = []
    func append(_ value: UInt16) { bytes += [UInt8(value >> 8), UInt8(value & 0xFF)] }
    append(version)
    append(1)
    append(subtableVersion)
    append(UInt16(truncatingIfNeeded: 14 + 6 * pairs.count))
    append(coverage)
    append(UInt16(pairs.count))
    var power = 0
    while 1 << (power + 1) <= pairs.count { power += 1 }
    append(UInt16(truncatingIfNeeded: (1 << power) * 6))
    append(UInt16(power))
    append(UInt16(truncatingIfNeeded: 6 * pairs.count - (1 << power) * 6))
    for (left, right, value) in pairs {
      append(left)
      append(right)
      append(UInt16(bitPattern: value))
    }
    return bytes
  }

  static func keeps(_ bytes: [UInt8], trueType: Bool = true) -> Bool {
    bytes.withUnsafeBytes { WebFontSanitizer.keepsKerningTable($0, hasTrueTypeOutlines: trueType) }
  }

  static let sorted: [(UInt16, UInt16, Int16)] = [(3, 4, -20), (3, 9, -5), (7, 2, 12)]

  @Test func aWellFormedTableIsKept() {
    #expect(Self.keeps(Self.table(pairs: Self.sorted)))
  }

  @Test func tablesOTSDropsAreDropped() {
    // More pairs than 65536 / 6 (Open Sans 1.10 has 18,694).
    let many = (0..<10_923).map { (UInt16($0 / 200), UInt16($0 % 200), Int16(-1)) }
    #expect(!Self.keeps(Self.table(pairs: many)))
    #expect(Self.keeps(Self.table(pairs: Array(many.prefix(10_922)))))
    // Pairs out of order, a repeated pair, none at all.
    #expect(!Self.keeps(Self.table(pairs: [(7, 2, 12), (3, 4, -20)])))
    #expect(!Self.keeps(Self.table(pairs: [(3, 4, -20), (3, 4, -20)])))
    #expect(!Self.keeps(Self.table(pairs: [])))
    // Apple's version 1 table, reserved coverage bits, and a font without TrueType outlines
    // (OTS writes `kern` only beside `glyf`).
    #expect(!Self.keeps(Self.table(version: 1, pairs: Self.sorted)))
    #expect(!Self.keeps(Self.table(coverage: 0x0011, pairs: Self.sorted)))
    #expect(!Self.keeps(Self.table(pairs: Self.sorted), trueType: false))
  }

  /// Subtables OTS skips (vertical, a format other than 0) leave nothing to keep.
  @Test func aTableOfSkippedSubtablesIsDropped() {
    #expect(!Self.keeps(Self.table(coverage: 0x0000, pairs: Self.sorted)))
    #expect(!Self.keeps(Self.table(coverage: 0x0201, pairs: Self.sorted)))
  }

  /// A table OTS rejects with the whole font (here: cut short) is not modelled and kept.
  @Test func aMalformedTableIsKept() {
    #expect(Self.keeps(Array(Self.table(pairs: Self.sorted).prefix(20))))
    #expect(Self.keeps([0, 0]))
  }

  /// The chains' fonts: only the padded Open Sans loses its kerning; Lato's is in `GPOS`, which
  /// HarfBuzz prefers, and the unpadded Open Sans's table is kept.
  @Test func onlyFontsWhoseKerningTableIsDroppedAreShapedUnkerned() throws {
    for (name, dropped) in [("opensans-bigkern", true), ("opensans", false), ("lato", false)] {
      let font = try Font(path: Fixtures.url("fonts/\(OtherFontsCorpusTests.files[name]!)").path)
      let mask = WebFontSanitizer.fontsWithoutLegacyKerning(in: try FontChain([font]))
      #expect(mask == (dropped ? FontMask.primary : FontMask()), "\(name)")
      #expect((font.legacyKerningTable() != nil) == name.hasPrefix("opensans"), "\(name)")
    }
    let bundled = try BundledFonts.measurer(systemFonts: false, platform: .web)
    #expect(WebFontSanitizer.fontsWithoutLegacyKerning(in: bundled.regular) == FontMask())
  }
}
