/// What `KerningPairs` needs to know of a font's `GPOS` pair positioning that HarfBuzz's
/// `hb_ot_layout_lookup_collect_glyphs` does not say: whether a class-based pair (PairPos format
/// 2) adjusts pairs whose second glyph is in none of its classes (class 0, "every other glyph").
///
/// HarfBuzz collects a pair lookup's first glyphs (its coverage) and second glyphs (format 1's
/// second glyphs, format 2's class definitions) into one set; a pair whose second glyph is not
/// in it can only be kerned through class 0. Fonts rarely give class 0 a value (none of the Noto
/// fonts does), and when none does a pair with a second glyph outside the set needs no shaping.
///
/// The table is read with every offset checked against its length: a damaged table answers
/// true (kerning may reach any glyph), never out of bounds.
struct PairPositioningTable {
  private let bytes: UnsafeRawBufferPointer

  /// The `GPOS` table's bytes (valid while the value is used).
  init(_ bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
  }

  private func uint16(_ offset: Int) -> Int? {
    guard offset >= 0, offset + 2 <= bytes.count else { return nil }
    return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
  }

  private func uint32(_ offset: Int) -> Int? {
    guard let high = uint16(offset), let low = uint16(offset + 2) else { return nil }
    return high << 16 | low
  }

  /// True when a pair positioning subtable of lookup `lookupIndices` gives class 0 of its second
  /// glyphs a value (or when the table cannot be read).
  func adjustsUnclassedSecondGlyphs(lookupIndices: [Int]) -> Bool {
    guard let lookupList = uint16(8), let lookupCount = uint16(lookupList) else { return true }
    for index in lookupIndices {
      guard index < lookupCount, let lookupOffset = uint16(lookupList + 2 + 2 * index) else { return true }
      let lookup = lookupList + lookupOffset
      guard let type = uint16(lookup), let subtableCount = uint16(lookup + 4) else { return true }
      for subtable in 0..<subtableCount {
        guard let subtableOffset = uint16(lookup + 6 + 2 * subtable) else { return true }
        var start = lookup + subtableOffset
        var subtableType = type
        if type == 9 {
          // ExtensionPos: the real type and a 32-bit offset from the extension subtable.
          guard let extensionType = uint16(start + 2), let offset = uint32(start + 4) else { return true }
          (subtableType, start) = (extensionType, start + offset)
        }
        guard subtableType == 2, uint16(start) == 2 else { continue }
        guard adjustsClassZero(pairPosFormat2At: start) else { continue }
        return true
      }
    }
    return false
  }

  /// Whether the PairPos format 2 subtable at `start` has a nonzero value in a record for
  /// class 0 of its second glyphs (or cannot be read).
  private func adjustsClassZero(pairPosFormat2At start: Int) -> Bool {
    guard let valueFormat1 = uint16(start + 4), let valueFormat2 = uint16(start + 6),
      let class1Count = uint16(start + 12), let class2Count = uint16(start + 14)
    else { return true }
    // Each value record has a 16-bit field per bit of its format's low byte.
    let recordSize = 2 * ((valueFormat1 & 0xFF).nonzeroBitCount + (valueFormat2 & 0xFF).nonzeroBitCount)
    guard recordSize > 0, class2Count > 0 else { return false }
    let records = start + 16
    for class1 in 0..<class1Count {
      let record = records + class1 * class2Count * recordSize
      for field in 0..<(recordSize / 2) {
        guard let value = uint16(record + 2 * field) else { return true }
        if value != 0 { return true }
      }
    }
    return false
  }
}
