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

  /// The canonical composition of `first` and `second` (`hb_unicode_compose`), or nil.
  static func compose(_ first: UInt32, _ second: UInt32) -> UInt32? {
    var composed: hb_codepoint_t = 0
    guard hb_unicode_compose(hb_unicode_funcs_get_default(), first, second, &composed) != 0 else {
      return nil
    }
    return composed
  }

  /// True when the scalars of `cluster` compose into one (`é` from `e` and U+0301; not `а́`,
  /// whose composition Unicode lacks, nor a Devanagari consonant and its vowel sign).
  static func composesToOneScalar(_ cluster: UnsafeBufferPointer<UInt32>) -> Bool {
    guard var composed = cluster.first else { return false }
    for scalar in cluster.dropFirst() {
      guard let next = compose(composed, scalar) else { return false }
      composed = next
    }
    return true
  }
}
