/// What Chromium keeps of a font's legacy `kern` table: every web font (`@font-face`) passes
/// through the OpenType Sanitizer before HarfBuzz sees it (`WebFontDecoder::Decode`, `ots::Process`),
/// and OTS drops a `kern` table it cannot vouch for (`ots/src/kern.cc`, `OpenTypeKERN::Parse`
/// and `ShouldSerialize`). HarfBuzz applies a legacy `kern` table only when `GPOS` has no `kern`
/// feature, so that is when the drop changes widths: Open Sans 1.10 (Debian's `fonts-open-sans`)
/// kerns 18,694 pairs there, which OTS drops as too large, so Chromium lays it out unkerned.
///
/// A table OTS rejects as malformed (a short header, a subtable past the table's end, a wrong
/// `entrySelector`) makes Chromium reject the whole font, which is not modelled: such a table is
/// kept.
enum WebFontSanitizer {
  /// The most pairs OTS keeps in a format 0 subtable (`65536 / 6`).
  static let maximumPairCount = 65_536 / 6

  /// The fonts of `chain` (bit `i` for font `i`, the first fifteen) whose legacy `kern` table
  /// HarfBuzz would apply and OTS drops.
  static func fontsWithoutLegacyKerning(in chain: FontChain) -> FontMask {
    var mask = FontMask()
    for (index, font) in chain.fonts.prefix(FontMask.othersBit).enumerated() {
      guard let legacy = font.legacyKerningTable() else { continue }
      let kept = legacy.bytes.withUnsafeBytes {
        keepsKerningTable($0, hasTrueTypeOutlines: legacy.hasTrueTypeOutlines)
      }
      if !kept { mask.insert(fontAt: index) }
    }
    return mask
  }

  /// True when OTS keeps the legacy `kern` table `table` (its bytes) of a font with TrueType
  /// outlines (`hasTrueTypeOutlines`: a `glyf` table; OTS writes `kern` only for those).
  static func keepsKerningTable(_ table: UnsafeRawBufferPointer, hasTrueTypeOutlines: Bool) -> Bool {
    guard hasTrueTypeOutlines else { return false }
    func uint16(_ offset: Int) -> Int? {
      guard offset >= 0, offset + 2 <= table.count else { return nil }
      return Int(table[offset]) << 8 | Int(table[offset + 1])
    }
    guard let version = uint16(0), let subtableCount = uint16(2) else { return true }
    // (Version 1, Apple's `kern`, starts with a 32-bit 0x00010000: its first half is 1.)
    if version > 0 || subtableCount == 0 { return false }
    var offset = 4
    var kept = 0
    for _ in 0..<subtableCount {
      guard let subtableVersion = uint16(offset), let length = uint16(offset + 2) else { return true }
      // OTS skips such a subtable without moving past it: what follows is misread, as in OTS.
      if subtableVersion > 0 {
        offset += 4
        continue
      }
      guard offset + length <= table.count, let coverage = uint16(offset + 4) else { return true }
      // A vertical subtable, or one of a format other than 0, is skipped (OTS reads on from
      // its format 0 fields' place too); reserved coverage bits drop the table.
      if coverage & 0x1 == 0 {
        offset += 6
        continue
      }
      if coverage & 0xF0 != 0 { return false }
      if coverage >> 8 != 0 {
        offset += 6
        continue
      }
      guard let pairCount = uint16(offset + 6) else { return true }
      if pairCount == 0 || pairCount > maximumPairCount { return false }
      var previous = -1
      for pair in 0..<pairCount {
        let at = offset + 14 + 6 * pair
        guard let left = uint16(at), let right = uint16(at + 2), at + 6 <= table.count else { return true }
        let key = left << 16 | right
        if key <= previous { return false }
        previous = key
      }
      offset += 14 + 6 * pairCount
      kept += 1
    }
    return kept > 0
  }
}
