import Foundation
import SelfSizingCore
import SelfSizingResources

/// The fonts shipped in the package's `Fonts/` resource folder: the default regular and bold
/// chains (Noto Sans CJK SC first, so its metrics give the natural line height; fallbacks after
/// it never change the line height) and lookup of those fonts by family name.
public enum BundledFonts {
  /// File names of the default regular chain, primary first: Noto Sans CJK SC (Chinese,
  /// Japanese, Korean, Latin incl. Vietnamese), Noto Sans (the rest of Latin, Greek, Cyrillic),
  /// Arabic, Hebrew, Thai, Devanagari, colour emoji.
  public static let regularFileNames = [
    "NotoSansCJKsc-Regular.otf", "NotoSans-Regular.ttf", "NotoSansArabic-Regular.ttf",
    "NotoSansHebrew-Regular.ttf", "NotoSansThai-Regular.ttf", "NotoSansDevanagari-Regular.ttf",
    "NotoColorEmoji.ttf",
  ]
  /// File names of the default bold chain, primary first (the emoji font has one weight).
  public static let boldFileNames = [
    "NotoSansCJKsc-Bold.otf", "NotoSans-Bold.ttf", "NotoSansArabic-Bold.ttf", "NotoSansHebrew-Bold.ttf",
    "NotoSansThai-Bold.ttf", "NotoSansDevanagari-Bold.ttf", "NotoColorEmoji.ttf",
  ]
  /// The colour emoji font kept at the end of user chains.
  public static let emojiFileName = "NotoColorEmoji.ttf"

  /// The folder with the bundled fonts: `$SELFSIZE_FONTS_DIR`, else the `Fonts/` folder of the
  /// resource bundle beside the executable (see `SelfSizingResources`).
  public static func directory() throws(FontError) -> String {
    do {
      return try SelfSizingResources.fontsDirectory()
    } catch {
      throw FontError(.fileNotFound, path: error.path, message: error.message)
    }
  }

  private static let loaded: Result<(FontChain, FontChain), FontError> = {
    do throws(FontError) {
      let directory = try directory()
      var fonts: [String: Font] = [:]
      func load(_ name: String) throws(FontError) -> Font {
        if let font = fonts[name] { return font }
        let font = try Font(path: directory + "/" + name)
        fonts[name] = font
        return font
      }
      var regular: [Font] = []
      for name in regularFileNames { regular.append(try load(name)) }
      var bold: [Font] = []
      for name in boldFileNames { bold.append(try load(name)) }
      return .success((try FontChain(regular), try FontChain(bold)))
    } catch {
      return .failure(error)
    }
  }()

  /// The default regular chain (loaded once per process).
  public static func regularChain() throws(FontError) -> FontChain { try loaded.get().0 }

  /// The default bold chain (loaded once per process).
  public static func boldChain() throws(FontError) -> FontChain { try loaded.get().1 }

  /// The bundled colour emoji font.
  public static func emoji() throws(FontError) -> Font {
    let fonts = try regularChain().fonts
    return fonts.first { $0.path.hasSuffix("/" + emojiFileName) } ?? fonts[fonts.count - 1]
  }

  /// The process-wide measurers made so far, by system fallback and platform.
  private static let sharedMeasurers = Locked<[SharedMeasurerKey: TextMeasurer]>([:])

  private struct SharedMeasurerKey: Hashable {
    var systemFonts: Bool
    var platform: TextPlatform
  }

  /// A process-wide measurer over the bundled chains for a platform, sharing one segment cache
  /// (one measurer per platform and system fallback setting, made when first asked for).
  /// - Parameters:
  ///   - systemFonts: continue into installed fonts for clusters the chains lack (see
  ///     ``TextMeasurer/init(regular:bold:segmentCacheCapacity:locale:systemFonts:platform:)``).
  ///   - platform: the client whose rendering to reproduce.
  public static func measurer(systemFonts: Bool = true, platform: TextPlatform = .default) throws(FontError)
    -> TextMeasurer
  {
    let (regular, bold) = (try regularChain(), try boldChain())
    let key = SharedMeasurerKey(systemFonts: systemFonts, platform: platform)
    return sharedMeasurers.withLock { measurers in
      if let measurer = measurers[key] { return measurer }
      let measurer = TextMeasurer(regular: regular, bold: bold, systemFonts: systemFonts, platform: platform)
      measurers[key] = measurer
      return measurer
    }
  }

  /// The bundled font of a family (or a file name without extension) at a weight.
  /// - Throws: `FontError` with `familyNotFound` when no bundled font has that family.
  public static func font(family: String, weight: FontWeight = .regular) throws(FontError) -> Font {
    let wanted = family.lowercased()
    let chain = weight == .bold ? try boldChain() : try regularChain()
    for font in chain.fonts {
      let fileName = URL(fileURLWithPath: font.path).deletingPathExtension().lastPathComponent.lowercased()
      if font.familyName.lowercased() == wanted || fileName == wanted { return font }
    }
    throw FontError(
      .familyNotFound, path: family,
      message: "no bundled font has family \"\(family)\"; bundled: "
        + Set(chain.fonts.map(\.familyName)).sorted().map { "\"\($0)\"" }.joined(separator: ", "))
  }

  /// The family names of the bundled fonts.
  public static func familyNames() -> [String] {
    guard let chain = try? regularChain() else { return [] }
    return Set(chain.fonts.map(\.familyName)).sorted()
  }
}
