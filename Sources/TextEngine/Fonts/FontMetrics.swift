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
  /// Number of glyphs (`maxp.numGlyphs`).
  public var glyphCount: Int

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
