internal import CFontconfig

/// The fontconfig handles of one configuration: a loaded `FcConfig` (the system's font list)
/// and the sorted fallback lists already asked for, each with the coverage (`FcCharSet`) of its
/// faces. Non-copyable; `SystemFonts` keeps it behind a mutex, so no two threads ever touch the
/// configuration or the character sets at once.
struct NativeFontconfig: ~Copyable {
  /// A face of a sorted fallback list with its character coverage.
  private struct Candidate {
    var face: FontconfigFace
    var charset: OpaquePointer
  }

  private let config: OpaquePointer
  private var sortedLists: [String: [Candidate]] = [:]

  /// Loads the system configuration and font list, or nil when fontconfig has none.
  init?() {
    guard let config = FcInitLoadConfigAndFonts() else { return nil }
    self.config = config
  }

  deinit {
    for candidates in sortedLists.values {
      for candidate in candidates { FcCharSetDestroy(candidate.charset) }
    }
    FcConfigDestroy(config)
  }

  /// The face fontconfig picks for a family at a weight (after its substitutions: the result's
  /// family may differ from the one asked for).
  func match(family: String, bold: Bool) -> FontconfigFace? {
    guard let pattern = FcPatternCreate() else { return nil }
    defer { FcPatternDestroy(pattern) }
    _ = family.withCString {
      $0.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) {
        FcPatternAddString(pattern, FC_FAMILY, $0)
      }
    }
    FcPatternAddInteger(pattern, FC_WEIGHT, bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR)
    FcPatternAddInteger(pattern, FC_SLANT, FC_SLANT_ROMAN)
    guard FcConfigSubstitute(config, pattern, FcMatchPattern) != 0 else { return nil }
    FcDefaultSubstitute(pattern)
    var result = FcResultNoMatch
    guard let matched = FcFontMatch(config, pattern, &result) else { return nil }
    defer { FcPatternDestroy(matched) }
    return Self.face(of: matched)
  }

  /// The first face of fontconfig's sorted list for `language` (a sans-serif request, like a
  /// toolkit's default) whose coverage has every scalar, or nil when no installed face has them
  /// all. The list is asked for once per language and weight and kept.
  mutating func firstFace(
    covering scalars: some Collection<UInt32>, language: String, bold: Bool
  ) -> FontconfigFace? {
    let key = "\(language)|\(bold ? "bold" : "regular")"
    if sortedLists[key] == nil { sortedLists[key] = sortedList(language: language, bold: bold) }
    for candidate in sortedLists[key, default: []]
    where scalars.allSatisfy({ FcCharSetHasChar(candidate.charset, $0) != 0 }) {
      return candidate.face
    }
    return nil
  }

  private func sortedList(language: String, bold: Bool) -> [Candidate] {
    guard let pattern = FcPatternCreate() else { return [] }
    defer { FcPatternDestroy(pattern) }
    func add(_ object: String, _ value: String) {
      _ = value.withCString {
        $0.withMemoryRebound(to: FcChar8.self, capacity: value.utf8.count + 1) {
          FcPatternAddString(pattern, object, $0)
        }
      }
    }
    add(FC_FAMILY, "sans-serif")
    if !language.isEmpty { add(FC_LANG, language) }
    FcPatternAddInteger(pattern, FC_WEIGHT, bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR)
    FcPatternAddInteger(pattern, FC_SLANT, FC_SLANT_ROMAN)
    guard FcConfigSubstitute(config, pattern, FcMatchPattern) != 0 else { return [] }
    FcDefaultSubstitute(pattern)
    var result = FcResultNoMatch
    // Trimmed, as toolkits do: faces that add no coverage to the ones before them are left out.
    guard let set = FcFontSort(config, pattern, 1, nil, &result) else { return [] }
    defer { FcFontSetDestroy(set) }
    var candidates: [Candidate] = []
    for index in 0..<Int(set.pointee.nfont) {
      guard let font = set.pointee.fonts[index], let face = Self.face(of: font) else { continue }
      var charset: OpaquePointer?
      guard FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset else {
        continue
      }
      candidates.append(Candidate(face: face, charset: FcCharSetCopy(charset)))
    }
    return candidates
  }

  /// Every family name of the installed fonts, sorted and without duplicates.
  func familyNames() -> [String] {
    guard let pattern = FcPatternCreate(), let objects = FcObjectSetCreate() else { return [] }
    defer {
      FcPatternDestroy(pattern)
      FcObjectSetDestroy(objects)
    }
    FcObjectSetAdd(objects, FC_FAMILY)
    guard let set = FcFontList(config, pattern, objects) else { return [] }
    defer { FcFontSetDestroy(set) }
    var names = Set<String>()
    for index in 0..<Int(set.pointee.nfont) {
      guard let font = set.pointee.fonts[index] else { continue }
      names.formUnion(Self.strings(of: font, FC_FAMILY))
    }
    return names.sorted()
  }

  private static func face(of pattern: OpaquePointer) -> FontconfigFace? {
    guard let path = strings(of: pattern, FC_FILE).first else { return nil }
    var index: Int32 = 0
    _ = FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
    var weight: Int32 = FC_WEIGHT_REGULAR
    _ = FcPatternGetInteger(pattern, FC_WEIGHT, 0, &weight)
    var embolden: FcBool = 0
    _ = FcPatternGetBool(pattern, FC_EMBOLDEN, 0, &embolden)
    return FontconfigFace(
      path: path, faceIndex: Int(index & 0xFFFF), families: strings(of: pattern, FC_FAMILY),
      style: strings(of: pattern, FC_STYLE).first ?? "", weight: Int(weight), isEmboldened: embolden != 0)
  }

  private static func strings(of pattern: OpaquePointer, _ object: String) -> [String] {
    var values: [String] = []
    var value: UnsafeMutablePointer<FcChar8>?
    while FcPatternGetString(pattern, object, Int32(values.count), &value) == FcResultMatch, let value {
      values.append(String(cString: value))
    }
    return values
  }
}
