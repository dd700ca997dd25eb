/// Vertical metrics of a font face in font design units, read from its `hhea` and `OS/2` tables.
public struct FontMetrics: Sendable, Hashable, Codable {
  /// Design units per em (`head.unitsPerEm`).
  public var unitsPerEm: Int
  /// `hhea.ascender` (positive, above the baseline).
  public var ascender: Int
  /// `hhea.descender` (negative, below the baseline).
  public var descender: Int
  /// `hhea.lineGap`.
  public var lineGap: Int
  /// `OS/2.sTypoAscender`, or nil without an OS/2 table.
  public var typoAscender: Int?
  /// `OS/2.sTypoDescender`.
  public var typoDescender: Int?
  /// `OS/2.sTypoLineGap`.
  public var typoLineGap: Int?
  /// `OS/2.usWinAscent`.
  public var winAscent: Int?
  /// `OS/2.usWinDescent`.
  public var winDescent: Int?
  /// `OS/2.sCapHeight` (version 2 and later), or nil.
  public var capHeight: Int?
  /// `OS/2.sxHeight` (version 2 and later), or nil.
  public var xHeight: Int?
  /// `OS/2.fsSelection` bit 7: the font asks for typo metrics as its line metrics.
  public var useTypoMetrics: Bool
  /// `head.yMax`: the top of the font's bounding box (Skia's `fTop`, Android's
  /// `FontMetricsInt.top`), or nil without a `head` table.
  public var boundsTop: Int? = nil
  /// `head.yMin`: the bottom of the font's bounding box, negative below the baseline (Skia's
  /// `fBottom`, Android's `FontMetricsInt.bottom`), or nil without a `head` table.
  public var boundsBottom: Int? = nil
  /// Number of glyphs (`maxp.numGlyphs`).
  public var glyphCount: Int
  /// For a font of bitmaps only (a colour emoji font with one strike): its first strike's
  /// metrics, which FreeType (and so Skia's FreeType port) reports instead of `hhea`'s.
  public var bitmapStrike: BitmapStrike?

  /// The metrics FreeType reports for a bitmap strike (`FT_Size_Metrics` after
  /// `FT_Select_Size`), in 26.6 fixed point (1/64 pixel).
  public struct BitmapStrike: Sendable, Hashable, Codable {
    /// The strike's pixels per em.
    public var pixelsPerEm: Int
    /// Ascender in 1/64 pixel (positive).
    public var ascender: Int
    /// Descender in 1/64 pixel (negative).
    public var descender: Int
    /// Line height in 1/64 pixel.
    public var height: Int

    /// A strike's metrics.
    public init(pixelsPerEm: Int, ascender: Int, descender: Int, height: Int) {
      self.pixelsPerEm = pixelsPerEm
      self.ascender = ascender
      self.descender = descender
      self.height = height
    }
  }

  /// The metrics scaled to a font size in points.
  public func scaled(toPointSize pointSize: Double) -> ScaledFontMetrics {
    let scale = pointSize / Double(unitsPerEm)
    return ScaledFontMetrics(
      pointSize: pointSize,
      ascender: Double(ascender) * scale,
      descender: Double(descender) * scale,
      lineGap: Double(lineGap) * scale,
      capHeight: capHeight.map { Double($0) * scale },
      xHeight: xHeight.map { Double($0) * scale })
  }
}
