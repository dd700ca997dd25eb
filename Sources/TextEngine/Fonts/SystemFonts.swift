import SelfSizingCore
import Synchronization

/// The fonts installed on this machine, through fontconfig's C library: faces by family name
/// and weight, the installed family names, and fallback faces for characters a chain lacks
/// (fontconfig's sorted list for the text's language, as Pango does).
///
/// Thread safety: the fontconfig configuration, the fallback lists and every cache live behind
/// one mutex. Fallback is asked only for grapheme clusters no font of a chain covers, and each
/// answer (a face, or none) is kept, so the lock is taken rarely.
public final class SystemFonts: Sendable {
  private struct State: ~Copyable {
    var native: NativeFontconfig
    /// Loaded faces by file and face index.
    var fonts: [String: Font] = [:]
    /// Fallback answers by language, weight and cluster scalars (nil: no installed face).
    var fallbacks: [FallbackKey: Font?] = [:]
  }

  private struct FallbackKey: Hashable {
    var language: String
    var bold: Bool
    var scalars: [UInt32]
  }

  private let state: Locked<State>
  /// The most fallback answers kept; when full they are dropped and asked again as needed, so
  /// that text full of distinct uncovered clusters cannot grow the cache without bound.
  let fallbackCapacity: Int

  /// A new connection to fontconfig (the process shares `shared`; tests make their own).
  init?(fallbackCapacity: Int = 16_384) {
    guard let native = NativeFontconfig() else { return nil }
    state = Locked(State(native: native))
    self.fallbackCapacity = fallbackCapacity
  }

  private static let sharedInstance = SystemFonts()

  /// The process-wide instance, or nil when fontconfig has no configuration on this machine.
  /// Loaded on first use.
  public static var shared: SystemFonts? { sharedInstance }

  /// The installed face of `family` at `weight`.
  ///
  /// - Returns: the face with a flag that is false when the family has no face of that weight
  ///   (fontconfig then gives the nearest one, usually the regular face for a bold request).
  /// - Throws: `FontError` with `familyNotFound` when fontconfig answers with another family
  ///   (it substitutes a default for unknown names); the message names both and the installed
  ///   families closest to the one asked for.
  public func font(family: String, weight: FontWeight = .regular) throws(FontError) -> (
    font: Font, hasWeight: Bool
  ) {
    let face = state.withLock { $0.native.match(family: family, bold: weight == .bold) }
    guard let face else {
      throw FontError(.familyNotFound, path: family, message: "fontconfig found no font at all")
    }
    guard face.families.contains(where: { $0.lowercased() == family.lowercased() }) else {
      let closest = closestFamilies(to: family)
      throw FontError(
        .familyNotFound, path: family,
        message:
          "no installed font family \"\(family)\" (fontconfig substitutes \"\(face.families.first ?? "?")\")"
          + (closest.isEmpty
            ? "" : "; closest installed: " + closest.map { "\"\($0)\"" }.joined(separator: ", ")))
    }
    return (try load(face), weight == .regular || face.isBold)
  }

  /// Every installed family name, sorted.
  public func familyNames() -> [String] { state.withLock { $0.native.familyNames() } }

  /// Up to `limit` installed family names most like `family` (same words first, then by edit
  /// distance), for error messages.
  public func closestFamilies(to family: String, limit: Int = 5) -> [String] {
    FamilyNameDistance.closest(to: family, among: familyNames(), limit: limit)
  }

  /// An installed face that covers every scalar of `cluster` that needs a glyph, from
  /// fontconfig's sorted list for `language` (or the cluster's script's usual language), or nil.
  func fallbackFont(forCluster cluster: some Collection<UInt32>, language: String, weight: FontWeight)
    -> Font?
  {
    let needed = cluster.filter { !UnicodeProperties.isDefaultIgnorable($0) }
    guard !needed.isEmpty else { return nil }
    let key = FallbackKey(
      language: Self.fallbackLanguage(forCluster: needed, styleLanguage: language), bold: weight == .bold,
      scalars: needed)
    if let known = state.withLock({ $0.fallbacks[key] }) { return known }
    let face = state.withLock {
      $0.native.firstFace(covering: key.scalars, language: key.language, bold: key.bold)
    }
    let font = face.flatMap { try? load($0) }
    let capacity = fallbackCapacity
    state.withLock {
      if $0.fallbacks.count >= capacity { $0.fallbacks.removeAll(keepingCapacity: true) }
      $0.fallbacks[key] = .some(font)
    }
    return font
  }

  /// Fallback answers kept now.
  var fallbackAnswerCount: Int { state.withLock { $0.fallbacks.count } }

  private func load(_ face: FontconfigFace) throws(FontError) -> Font {
    let key = "\(face.path)#\(face.faceIndex)"
    if let font = state.withLock({ $0.fonts[key] }) { return font }
    let font = try Font(path: face.path, faceIndex: face.faceIndex)
    return state.withLock { state in
      if let existing = state.fonts[key] { return existing }
      state.fonts[key] = font
      return font
    }
  }

  /// The language whose fallback list serves a cluster: emoji ask for fontconfig's emoji
  /// language; Han, kana and Hangul keep the style's language when it has one (it picks the
  /// regional glyph forms); other scripts use their usual language, so an Arabic word in a
  /// Japanese paragraph finds an Arabic face.
  static func fallbackLanguage(forCluster cluster: [UInt32], styleLanguage: String) -> String {
    if UnicodeProperties.wantsEmojiPresentation(cluster) { return "und-zsye" }
    let script =
      cluster.lazy.map(UnicodeProperties.scriptTag).first { $0 != "Zyyy" && $0 != "Zinh" } ?? "Zyyy"
    let isHan = ["Hani", "Hira", "Kana", "Hang", "Bopo"].contains(script)
    if isHan, !styleLanguage.isEmpty { return styleLanguage }
    return sampleLanguages[script] ?? styleLanguage
  }

  /// The usual language of a script (fontconfig language tags).
  private static let sampleLanguages: [String: String] = [
    "Arab": "ar", "Armn": "hy", "Beng": "bn", "Bopo": "zh-tw", "Cher": "chr", "Cyrl": "ru", "Deva": "hi",
    "Ethi": "am", "Geor": "ka", "Grek": "el", "Gujr": "gu", "Guru": "pa", "Hang": "ko", "Hani": "zh-cn",
    "Hebr": "he", "Hira": "ja", "Kana": "ja", "Khmr": "km", "Knda": "kn", "Laoo": "lo", "Latn": "en",
    "Mlym": "ml", "Mong": "mn", "Mymr": "my", "Orya": "or", "Sinh": "si", "Syrc": "syr", "Taml": "ta",
    "Telu": "te", "Thaa": "dv", "Thai": "th", "Tibt": "bo", "Yiii": "ii",
  ]
}
