/// What the shaper's common path needs to know of every BMP code point, compiled into the
/// package (`CompiledUnicodeTables`, made from ICU's property maps by `fromICU()`): the script
/// (ICU's code, low byte) and whether the code point is a grapheme cluster of its own,
/// default-ignorable, or emoji by default.
enum ShapingPropertyTable {
  /// ICU's script code of Common (ISO 15924 "Zyyy").
  static let common: UInt8 = 0
  /// ICU's script code of Inherited ("Zinh").
  static let inherited: UInt8 = 1
  /// ICU's script code of Latin ("Latn").
  static let latin: UInt8 = 25

  /// The low byte is the script code (0xFF: not representable, never taken by the fast path).
  static let scriptMask = ICUProperties.shapingScriptMask
  /// Grapheme_Cluster_Break Other, Control, CR or LF: a cluster by itself (except CR LF).
  static let alone = ICUProperties.shapingAlone
  /// Default_Ignorable_Code_Point: needs no glyph from the font.
  static let ignorable = ICUProperties.shapingIgnorable
  /// Emoji_Presentation: prefers a colour font.
  static let emoji = ICUProperties.shapingEmoji

  static let basicMultilingualPlane: [UInt16] = CompiledUnicodeTables.shaping()

  /// The table built from the running ICU's property maps.
  static func fromICU() -> [UInt16] {
    if let table = ICUProperties.shapingProperties(in: 0..<0x1_0000) { return table }
    // Without the maps nothing takes the fast path.
    return [UInt16](repeating: 0xFF, count: 0x1_0000)
  }
}
