package import TextEngine

/// Rasterized glyphs by font, glyph and pixel size, so that each glyph is rendered once per
/// picture (report pages and baseline diff pictures alike).
package struct GlyphCache {
  private struct Key: Hashable {
    var font: ObjectIdentifier
    var glyph: UInt32
    var pixelSize: Double
  }
  private var bitmaps: [Key: GlyphBitmap?] = [:]

  package init() {}

  /// The glyph's bitmap at the pixel size, or nil when the font draws nothing for it.
  package mutating func bitmap(_ font: Font, _ glyph: UInt32, _ pixelSize: Double) -> GlyphBitmap? {
    let key = Key(font: ObjectIdentifier(font), glyph: glyph, pixelSize: pixelSize)
    if let cached = bitmaps[key] { return cached }
    let bitmap = font.rasterize(glyphID: glyph, pixelSize: pixelSize)
    bitmaps[key] = bitmap
    return bitmap
  }
}
