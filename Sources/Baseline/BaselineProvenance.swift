import CollectionLayout
public import TextEngine

/// What produced a baseline: the command, the engine and library versions, the fonts, the
/// template and the settings. Comparing two provenances names the likely cause of moved heights.
public struct BaselineProvenance: Sendable, Hashable {
  /// A template file by name and checksum.
  public struct TemplateFingerprint: Sendable, Hashable {
    /// The file name, without its folder.
    public var file: String
    /// `sha256:` and the hex digest of the file.
    public var checksum: String

    /// A fingerprint.
    public init(file: String, checksum: String) {
      self.file = file
      self.checksum = checksum
    }
  }

  /// The versions of the libraries that shape, rasterize and break text.
  public struct Libraries: Sendable, Hashable {
    public var harfBuzz: String
    public var freeType: String
    public var icu: String
    public var unicode: String

    /// Versions by name.
    public init(harfBuzz: String, freeType: String, icu: String, unicode: String) {
      self.harfBuzz = harfBuzz
      self.freeType = freeType
      self.icu = icu
      self.unicode = unicode
    }

    /// The versions loaded in this process.
    public init(_ versions: LibraryVersions) {
      self.init(
        harfBuzz: versions.harfBuzz, freeType: versions.freeType, icu: versions.icu, unicode: versions.unicode
      )
    }
  }

  /// The command that measured: `text`, `measure` or `layout`.
  public var command: String
  /// The engine (package) version.
  public var engine: String
  /// HarfBuzz, FreeType, ICU and Unicode versions.
  public var libraries: Libraries
  /// Every font of the chains, primary first.
  public var fonts: [FontFingerprint]
  /// The template (measure, layout).
  public var template: TemplateFingerprint?
  /// The settings that change measurements (font size, line height, column count…), by name,
  /// in a fixed order.
  public var settings: [(name: String, value: String)]

  /// A provenance.
  public init(
    command: String, engine: String, libraries: Libraries, fonts: [FontFingerprint],
    template: TemplateFingerprint? = nil, settings: [(name: String, value: String)] = []
  ) {
    self.command = command
    self.engine = engine
    self.libraries = libraries
    self.fonts = fonts
    self.template = template
    self.settings = settings
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.command == rhs.command && lhs.engine == rhs.engine && lhs.libraries == rhs.libraries
      && lhs.fonts == rhs.fonts && lhs.template == rhs.template
      && lhs.settings.map(\.name) == rhs.settings.map(\.name)
      && lhs.settings.map(\.value) == rhs.settings.map(\.value)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(command)
    hasher.combine(engine)
    hasher.combine(fonts)
    hasher.combine(template)
    for setting in settings {
      hasher.combine(setting.name)
      hasher.combine(setting.value)
    }
  }

  /// What differs from `old`, one sentence each, the likely causes first: fonts, template,
  /// settings, then engine and library versions.
  public func changes(since old: BaselineProvenance) -> [String] {
    var causes: [String] = []
    func short(_ checksum: String) -> String {
      let parts = checksum.split(separator: ":", maxSplits: 1)
      guard parts.count == 2 else { return checksum }
      return "\(parts[0]):\(parts[1].prefix(12))…"
    }
    func name(_ font: FontFingerprint) -> String { "\(font.fileDescription) (\(font.family) \(font.style))" }
    var oldFonts: [String: FontFingerprint] = [:]
    for font in old.fonts { oldFonts["\(font.chain)#\(font.index)"] = font }
    var seen = Set<String>()
    for font in fonts {
      let key = "\(font.chain)#\(font.index)"
      seen.insert(key)
      guard let before = oldFonts[key] else {
        causes.append("font \(name(font)) added to the \(font.chain) chain at position \(font.index)")
        continue
      }
      if before.file != font.file || before.faceIndex != font.faceIndex || before.family != font.family {
        causes.append(
          "font \(font.chain) #\(font.index) changed: \(name(before)) → \(name(font))"
            + (before.checksum == font.checksum ? " (same checksum)" : ""))
      } else if before.checksum != font.checksum {
        causes.append(
          "font \(font.fileDescription) changed: checksum \(short(before.checksum)) → \(short(font.checksum))"
        )
      } else if before.style != font.style {
        causes.append("font \(font.fileDescription) changed: style \(before.style) → \(font.style)")
      }
    }
    for font in old.fonts where !seen.contains("\(font.chain)#\(font.index)") {
      causes.append("font \(name(font)) removed from the \(font.chain) chain (was at position \(font.index))")
    }
    switch (old.template, template) {
    case (let before?, let now?):
      if before.file != now.file {
        causes.append(
          "template changed: \(before.file) → \(now.file)"
            + (before.checksum == now.checksum
              ? " (same checksum)" : ", checksum \(short(before.checksum)) → \(short(now.checksum))"))
      } else if before.checksum != now.checksum {
        causes.append(
          "template \(now.file) changed: checksum \(short(before.checksum)) → \(short(now.checksum))")
      }
    case (nil, let now?): causes.append("template \(now.file) used (the baseline had none)")
    case (let before?, nil): causes.append("no template (the baseline used \(before.file))")
    case (nil, nil): break
    }
    var oldSettings: [String: String] = [:]
    for setting in old.settings { oldSettings[setting.name] = setting.value }
    for setting in settings {
      if let before = oldSettings.removeValue(forKey: setting.name) {
        if before != setting.value { causes.append("setting \(setting.name): \(before) → \(setting.value)") }
      } else {
        causes.append("setting \(setting.name) \(setting.value) is new")
      }
    }
    for setting in old.settings where oldSettings[setting.name] != nil {
      causes.append("setting \(setting.name) \(setting.value) is gone")
    }
    if old.engine != engine { causes.append("engine \(old.engine) → \(engine)") }
    let libraries: [(String, String, String)] = [
      ("HarfBuzz", old.libraries.harfBuzz, self.libraries.harfBuzz),
      ("FreeType", old.libraries.freeType, self.libraries.freeType),
      ("ICU", old.libraries.icu, self.libraries.icu),
      ("Unicode", old.libraries.unicode, self.libraries.unicode),
    ]
    for (library, before, now) in libraries where before != now {
      causes.append("\(library) \(before) → \(now)")
    }
    return causes
  }
}
