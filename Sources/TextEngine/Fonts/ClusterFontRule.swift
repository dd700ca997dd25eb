/// How a platform picks the font of a grapheme cluster from a chain, among the fonts that have
/// every scalar of it that needs a glyph (default-ignorable ones, such as ZWJ and variation
/// selectors, need none).
enum ClusterFontRule: Sendable, Hashable {
  /// A cluster that asks for emoji presentation (an emoji-presentation character, VS16, a
  /// keycap, a skin tone or a flag) takes the first colour font that has it, before the chain's
  /// order; others the first font in order (the engine's own rule, for ``TextPlatform/ios``).
  case colourFontForEmojiPresentation
  /// The first font in the chain's order, except that a cluster with VS16 (U+FE0F) skips fonts
  /// without colour glyphs and one with VS15 (U+FE0E) skips colour fonts when another font has
  /// it (Blink's `kUnmatchedVSGlyphId`, `harfbuzz_face.cc`).
  case chainOrderMatchingVariationSelector
  /// The first font in the chain's order (SkParagraph's `OneLineShaper`: the first family that
  /// shapes the cluster without `.notdef`).
  case chainOrder

  /// True on the platforms that shape with HarfBuzz and fall back only for the clusters a font
  /// draws as `.notdef` (Blink's `HarfBuzzShaper`, SkParagraph's `OneLineShaper`): a font has a
  /// scalar its cmap lacks but HarfBuzz's normalizer draws with it
  /// (``Font/rendersThroughNormalization(_:)``), and each cluster keeps the first font that has
  /// it, even where a word's letters then come from two fonts. Elsewhere the cmap decides and a
  /// word's letters of one script take one font (minikin's `FontCollection`, and the engine's
  /// model of UIKit).
  var fallsBackForNotdefOnly: Bool {
    switch self {
    case .chainOrderMatchingVariationSelector, .chainOrder: true
    case .colourFontForEmojiPresentation: false
    }
  }
}
