extension Font {
  /// True when HarfBuzz draws `scalar` with this font although its cmap lacks it, as its
  /// normalizer does before shaping (`decompose_current_character`, `hb-ot-shape-normalize.cc`):
  /// through the canonical decomposition when the font has its parts (ύ as υ and U+0301 in a
  /// font without ύ), a space of another width as the font's space (`space_fallback_type`), and
  /// U+2011 as a hyphen. An engine that shapes with HarfBuzz and falls back only for `.notdef`
  /// (Blink's `HarfBuzzShaper`, SkParagraph's `OneLineShaper`) keeps such a scalar in the font.
  func rendersThroughNormalization(_ scalar: UInt32) -> Bool {
    if decomposes(scalar) { return true }
    if Self.hasSpaceFallback(scalar) { return coverage.contains(0x20) || coverage.contains(0xA0) }
    if scalar == 0x2011 { return coverage.contains(0x2010) || coverage.contains(0x2D) }
    return false
  }

  /// HarfBuzz's `decompose`: the second part must be in the font; the first is, or decomposes
  /// in turn.
  private func decomposes(_ scalar: UInt32, depth: Int = 0) -> Bool {
    guard depth < 8, let (first, second) = HarfBuzzNormalization.decompose(scalar),
      second == 0 || coverage.contains(second)
    else { return false }
    return decomposes(first, depth: depth + 1) || coverage.contains(first)
  }

  /// The spaces HarfBuzz draws with the font's space glyph at their own width
  /// (`hb_unicode_funcs_t::space_fallback_type`).
  private static func hasSpaceFallback(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x2000...0x200A, 0x202F, 0x205F, 0x3000: true
    default: false
    }
  }
}
