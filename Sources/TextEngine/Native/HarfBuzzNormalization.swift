internal import CHarfBuzz

/// HarfBuzz's Unicode data for its normalizer (`hb-ot-shape-normalize.cc`): the one place the
/// engine asks HarfBuzz about a code point outside shaping.
enum HarfBuzzNormalization {
  /// The canonical decomposition of `scalar` one step deep (`hb_unicode_decompose`): `second`
  /// is 0 for a singleton; nil when it has none.
  static func decompose(_ scalar: UInt32) -> (first: UInt32, second: UInt32)? {
    var first: hb_codepoint_t = 0
    var second: hb_codepoint_t = 0
    guard hb_unicode_decompose(hb_unicode_funcs_get_default(), scalar, &first, &second) != 0 else {
      return nil
    }
    return (first, second)
  }
}
