internal import CFreeType
internal import CHarfBuzz

/// Versions of the C libraries the engine runs on.
public struct LibraryVersions: Sendable, Hashable, Codable {
  /// HarfBuzz's version, e.g. `6.0.0`.
  public var harfBuzz: String
  /// FreeType's version, e.g. `2.12.1`.
  public var freeType: String
  /// ICU's version, e.g. `72.1`.
  public var icu: String
  /// The Unicode version of ICU's character data, e.g. `15.0`.
  public var unicode: String

  /// The versions loaded in this process.
  public static var current: LibraryVersions {
    var library: FT_Library?
    var freeType = "unknown"
    if FT_Init_FreeType(&library) == 0, let library {
      var major: FT_Int = 0
      var minor: FT_Int = 0
      var patch: FT_Int = 0
      FT_Library_Version(library, &major, &minor, &patch)
      freeType = "\(major).\(minor).\(patch)"
      FT_Done_FreeType(library)
    }
    return LibraryVersions(
      harfBuzz: String(cString: hb_version_string()), freeType: freeType, icu: ICUProperties.icuVersion,
      unicode: ICUProperties.unicodeVersion)
  }
}
