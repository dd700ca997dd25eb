import Foundation

/// Fonts as a user names them — font files (`FILE`, `FILE#faceIndex` for collections) or family
/// names — resolved into a regular and a bold chain.
///
/// - No fonts named: the bundled chains.
/// - A family name: the installed family through fontconfig (its regular face for the regular
///   chain, its bold face for the bold chain), else a bundled font of that family.
/// - A file: that face; its bold counterpart is the sibling file with `Bold` for `Regular` in
///   its name, else the installed or bundled bold face of its family.
/// - Bold fonts named explicitly replace the derived bold chain.
/// - The bundled colour emoji font is appended to a chain that has no colour font, unless
///   ``appendsBundledEmoji`` is off.
public struct FontSelection: Sendable, Hashable {
  /// The regular chain's fonts, primary first (empty: the bundled chains).
  public var regular: [String]
  /// The bold chain's fonts, primary first (empty: derived from `regular`).
  public var bold: [String]
  /// Keep the bundled emoji font at the end of chains that have no colour font.
  public var appendsBundledEmoji: Bool

  /// A selection.
  public init(regular: [String] = [], bold: [String] = [], appendsBundledEmoji: Bool = true) {
    self.regular = regular
    self.bold = bold
    self.appendsBundledEmoji = appendsBundledEmoji
  }

  /// Loads the fonts.
  /// - Throws: `FontError` for a file that cannot be loaded, or a family neither installed nor
  ///   bundled (`familyNotFound`, naming the closest installed families).
  public func resolve() throws(FontError) -> ResolvedFonts {
    var warnings: [String] = []
    func note(_ warning: String) { if !warnings.contains(warning) { warnings.append(warning) } }

    var regularFonts: [Font] = []
    var derivedBold: [Font] = []
    if regular.isEmpty {
      regularFonts = try BundledFonts.regularChain().fonts
      derivedBold = try BundledFonts.boldChain().fonts
    } else {
      // A font named twice is loaded once and stays where it was first named.
      for spec in Self.unique(regular) {
        let (font, bold, warning) = try Self.fontWithBold(spec)
        regularFonts.append(font)
        derivedBold.append(bold)
        if let warning, bold.hasColorGlyphs == false { note(warning) }
      }
    }
    var boldFonts = derivedBold
    if !bold.isEmpty {
      boldFonts = []
      for spec in Self.unique(bold) {
        let (font, hasWeight) = try Self.font(spec, weight: .bold)
        if !hasWeight {
          note("family \"\(spec)\" has no bold face; bold text uses \(font.styleName) (\(font.path))")
        }
        boldFonts.append(font)
      }
    }
    if appendsBundledEmoji {
      let emoji = try BundledFonts.emoji()
      if !regularFonts.contains(where: \.hasColorGlyphs) { regularFonts.append(emoji) }
      if !boldFonts.contains(where: \.hasColorGlyphs) { boldFonts.append(emoji) }
    }
    return ResolvedFonts(
      regular: try FontChain(Self.unique(regularFonts)), bold: try FontChain(Self.unique(boldFonts)),
      warnings: warnings)
  }

  /// `specs` without repeats, in first-named order.
  static func unique(_ specs: [String]) -> [String] {
    var seen: Set<String> = []
    return specs.filter { seen.insert($0).inserted }
  }

  /// `fonts` without a second copy of a face (one file named two ways, a family and its file).
  static func unique(_ fonts: [Font]) -> [Font] {
    var seen: Set<String> = []
    return fonts.filter { seen.insert("\($0.path)#\($0.faceIndex)").inserted }
  }

  /// True when a spec names a file rather than a family.
  public static func isFilePath(_ spec: String) -> Bool {
    let path = spec.split(separator: "#").first.map(String.init) ?? spec
    let fontExtensions = ["ttf", "otf", "ttc", "otc"]
    return spec.contains("/")
      || fontExtensions.contains(URL(fileURLWithPath: path).pathExtension.lowercased())
      || FileManager.default.fileExists(atPath: path)
  }

  /// A font by spec at a weight, and whether it has that weight (a family without a bold face
  /// gives its regular face and false).
  static func font(_ spec: String, weight: FontWeight) throws(FontError) -> (Font, Bool) {
    if isFilePath(spec) {
      let (path, index) = try FontChain.parse(spec)
      return (try Font(path: path, faceIndex: index), true)
    }
    return try family(spec, weight: weight)
  }

  /// An installed family (fontconfig), else a bundled one.
  static func family(_ name: String, weight: FontWeight) throws(FontError) -> (Font, Bool) {
    var installedError: FontError?
    if let system = SystemFonts.shared {
      do {
        let (font, hasWeight) = try system.font(family: name, weight: weight)
        return (font, hasWeight)
      } catch {
        installedError = error
      }
    }
    if let bundled = try? BundledFonts.font(family: name, weight: weight) {
      return (bundled, true)
    }
    throw installedError
      ?? FontError(
        .familyNotFound, path: name,
        message: "no bundled font has family \"\(name)\" and fontconfig is not available; bundled: "
          + BundledFonts.familyNames().map { "\"\($0)\"" }.joined(separator: ", "))
  }

  /// A regular font by spec and its bold counterpart (the same font, with a warning, when there
  /// is none).
  static func fontWithBold(_ spec: String) throws(FontError) -> (Font, Font, String?) {
    guard isFilePath(spec) else {
      let (regular, _) = try family(spec, weight: .regular)
      let (bold, hasBold) = try family(spec, weight: .bold)
      return (
        regular, bold,
        hasBold ? nil : "family \"\(spec)\" has no bold face; bold text uses \(bold.styleName) (\(bold.path))"
      )
    }
    let (path, index) = try FontChain.parse(spec)
    let regular = try Font(path: path, faceIndex: index)
    if let sibling = boldSibling(of: path), let bold = try? Font(path: sibling, faceIndex: index) {
      return (regular, bold, nil)
    }
    if !regular.familyName.isEmpty, let (bold, hasBold) = try? family(regular.familyName, weight: .bold),
      hasBold,
      bold.styleName.lowercased().contains("bold")
    {
      return (regular, bold, nil)
    }
    return (
      regular, regular,
      "font file \(spec) has no bold sibling (no \(boldSibling(of: path, mustExist: false) ?? "bold file") and no bold "
        + "face of family \"\(regular.familyName)\"); bold text uses it"
    )
  }

  /// The file next to `path` with `Bold` in place of `Regular` (or `-Bold` added before the
  /// extension), when it exists.
  static func boldSibling(of path: String, mustExist: Bool = true) -> String? {
    let url = URL(fileURLWithPath: path)
    let name = url.deletingPathExtension().lastPathComponent
    let pathExtension = url.pathExtension
    let folder = url.deletingLastPathComponent()
    var candidates: [String] = []
    if name.contains("Regular") {
      candidates.append(name.replacingOccurrences(of: "Regular", with: "Bold"))
    } else if !name.contains("Bold") {
      candidates.append(name + "-Bold")
    }
    let paths = candidates.map {
      folder.appendingPathComponent(pathExtension.isEmpty ? $0 : "\($0).\(pathExtension)").path
    }
    guard mustExist else { return paths.first }
    return paths.first { FileManager.default.fileExists(atPath: $0) }
  }
}
