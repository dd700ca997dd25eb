import Foundation
import SelfSizingResources

/// The fonts shipped in the package's `Fonts/` folder (Noto Sans CJK SC Regular and Bold,
/// Noto Color Emoji) and lookup of fonts by family name.
public enum BundledFonts {
  /// File names of the default regular chain, primary first.
  public static let regularFileNames = ["NotoSansCJKsc-Regular.otf", "NotoColorEmoji.ttf"]
  /// File names of the default bold chain, primary first.
  public static let boldFileNames = ["NotoSansCJKsc-Bold.otf", "NotoColorEmoji.ttf"]

  /// The folder with the bundled fonts: `$SELFSIZE_FONTS_DIR`, else the `Fonts/` folder of the
  /// resource bundle beside the executable (see ``SelfSizingResources``).
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

  private static let sharedMeasurer: Result<TextMeasurer, FontError> = {
    do throws(FontError) {
      return .success(TextMeasurer(regular: try regularChain(), bold: try boldChain()))
    } catch {
      return .failure(error)
    }
  }()

  /// A process-wide measurer over the bundled chains, sharing one segment cache.
  public static func measurer() throws(FontError) -> TextMeasurer { try sharedMeasurer.get() }

  /// Resolves a font by family name: the bundled fonts first (matching family name, or the
  /// file name without extension), then fontconfig (`fc-match`) when it is installed.
  public static func font(family: String, weight: FontWeight = .regular) throws(FontError) -> Font {
    let wanted = family.lowercased()
    let chain = weight == .bold ? try boldChain() : try regularChain()
    for font in chain.fonts {
      let fileName = URL(fileURLWithPath: font.path).deletingPathExtension().lastPathComponent.lowercased()
      if font.familyName.lowercased() == wanted || fileName == wanted { return font }
    }
    guard let (path, index) = fontconfigMatch(family: family, weight: weight) else {
      throw FontError(
        .familyNotFound, path: family,
        message: "no bundled font has family \"\(family)\" and fontconfig found no exact match")
    }
    return try Font(path: path, faceIndex: index)
  }

  /// Asks `fc-match` for a family; nil unless the match has exactly that family name.
  private static func fontconfigMatch(family: String, weight: FontWeight) -> (String, Int)? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/fc-match")
    let pattern = weight == .bold ? "\(family):weight=bold" : family
    process.arguments = ["--format=%{family}\t%{file}\t%{index}", pattern]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0, let output = String(data: data, encoding: .utf8) else { return nil }
    let fields = output.split(separator: "\t", omittingEmptySubsequences: false)
    guard fields.count == 3 else { return nil }
    let families = fields[0].split(separator: ",").map { $0.lowercased() }
    guard families.contains(family.lowercased()), let index = Int(fields[2]) else { return nil }
    return (String(fields[1]), index)
  }
}
