/// Glyphs of one font, shaped with HarfBuzz, ready to draw.
public struct GlyphRun: Sendable, Hashable {
  /// The font the glyphs belong to.
  public var font: Font
  /// The glyphs in visual order for left-to-right text.
  public var glyphs: [PositionedGlyph]
}
