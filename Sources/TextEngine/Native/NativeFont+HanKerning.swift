internal import CHarfBuzz

extension NativeFont {
  /// What `text-spacing-trim: normal` needs of the font, its layout features read once: its
  /// facts for Blink's `HanKerning` (``hanKerningFont(features:)``), and whether it has `chws`
  /// (contextual half-width spacing), which Blink turns on under `normal`.
  func spacingTrimFacts() -> (hanKerning: HanKerningFont?, hasContextualHalfWidthSpacing: Bool) {
    let features = layoutFeatureTags()
    return (hanKerningFont(features: features), features.contains(Self.tag("chws")))
  }

  /// The font's facts for Blink's `HanKerning` (`HanKerning::FontData`), or nil when Blink
  /// would not trim its punctuation: it has no `halt` feature (among its layout `features`), or
  /// does not set the ten probe characters (full stops and commas, colon, semicolon, curly
  /// quotes) as one glyph each.
  private func hanKerningFont(features: Set<hb_tag_t>) -> HanKerningFont? {
    let halt = Self.tag("halt")
    guard features.contains(halt) else { return nil }
    // U+3001 U+3002 U+FF0C U+FF0E (dots), U+FF1A, U+FF1B, U+201C U+2018 (open), U+201D U+2019.
    let probe: [UInt32] = [0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0x201C, 0x2018, 0x201D, 0x2019]
    let glyphs = shapeForHanKerning(probe, features: [])
    guard glyphs.count == probe.count,
      glyphs.enumerated().allSatisfy({ $0.element.cluster == UInt32($0.offset) })
    else { return nil }
    // (Blink's `CharTypeFromBounds`: a glyph's ink against half its advance, on the paint origin.)
    func characterClass(_ glyph: ShapedGlyph) -> HanKerningClass {
      guard glyph.glyphID != 0 else { return .other }
      var extents = hb_glyph_extents_t()
      guard hb_font_get_glyph_extents(hbFont, glyph.glyphID, &extents) != 0 else { return .other }
      let half = Double(glyph.xAdvance) / 2
      let left = Double(extents.x_bearing + glyph.xOffset)
      let width = Double(extents.width)
      let right = left + width
      if right <= half { return .close }
      if left >= half { return .open }
      if width <= half, left >= half / 2 { return .middle }
      return .other
    }
    // Glyphs of one group share their advance and class, or the group is `other`.
    func groupClass(_ group: ArraySlice<ShapedGlyph>) -> HanKerningClass {
      let drawn = group.filter { $0.glyphID != 0 }
      guard let first = drawn.first else { return .other }
      let firstClass = characterClass(first)
      for glyph in drawn.dropFirst()
      where glyph.xAdvance != first.xAdvance || characterClass(glyph) != firstClass {
        return .other
      }
      return firstClass
    }
    var haltedAdvances: [UInt32: (full: Int32, halted: Int32)] = [:]
    let candidates = [0x2018...0x201D, 0x3001...0x303F, 0xFF01...0xFF60].joined().map { UInt32($0) }
    var glyph: hb_codepoint_t = 0
    for scalar in candidates
    where HanKerningClass.of(scalar).mayBeTrimmed && hb_font_get_nominal_glyph(hbFont, scalar, &glyph) != 0 {
      let full = shapeForHanKerning([scalar], features: [])
      let halted = shapeForHanKerning(
        [scalar], features: [hb_feature_t(tag: halt, value: 1, start: 0, end: .max)])
      let fullAdvance = full.reduce(Int32(0)) { $0 + $1.xAdvance }
      let haltedAdvance = halted.reduce(Int32(0)) { $0 + $1.xAdvance }
      if haltedAdvance != fullAdvance { haltedAdvances[scalar] = (fullAdvance, haltedAdvance) }
    }
    return HanKerningFont(
      dotClass: groupClass(glyphs[0..<4]), colonClass: characterClass(glyphs[4]),
      semicolonClass: characterClass(glyphs[5]),
      quotesAreFullwidth: groupClass(glyphs[6..<8]) == .open && groupClass(glyphs[8..<10]) == .close,
      haltedAdvances: haltedAdvances, unitsPerEm: unitsPerEm)
  }

  /// The feature tags of the font's `GSUB` and `GPOS` tables.
  private func layoutFeatureTags() -> Set<hb_tag_t> {
    let face = hbFace
    var features: Set<hb_tag_t> = []
    for table in [Self.tag("GSUB"), Self.tag("GPOS")] {
      features.formUnion(Self.harfBuzzList { hb_ot_layout_table_get_feature_tags(face, table, $0, $1, $2) })
    }
    return features
  }

  /// `scalars` shaped left to right as Han (Blink's probe shapes them in the locale's script for
  /// Han) with `features`, in design units.
  private func shapeForHanKerning(_ scalars: [UInt32], features: [hb_feature_t]) -> [ShapedGlyph] {
    let buffer = hbBuffer
    hb_buffer_clear_contents(buffer)
    scalars.withUnsafeBufferPointer {
      hb_buffer_add_utf32(buffer, $0.baseAddress, Int32($0.count), 0, Int32($0.count))
    }
    hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
    hb_buffer_set_script(buffer, HB_SCRIPT_HAN)
    features.withUnsafeBufferPointer { hb_shape(hbFont, buffer, $0.baseAddress, UInt32($0.count)) }
    var count: UInt32 = 0
    guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
      let positions = hb_buffer_get_glyph_positions(buffer, &count)
    else { return [] }
    return (0..<Int(count)).map {
      ShapedGlyph(
        glyphID: infos[$0].codepoint, cluster: infos[$0].cluster, xAdvance: positions[$0].x_advance,
        xOffset: positions[$0].x_offset, yOffset: positions[$0].y_offset)
    }
  }
}
