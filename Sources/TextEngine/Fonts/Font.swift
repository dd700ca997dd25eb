import SelfSizingCore
import Synchronization

/// A font face loaded from an OTF, TTF or TTC/OTC file.
///
/// Thread safety: the FreeType and HarfBuzz handles live in a non-copyable value behind a
/// `Mutex`, so every C call on them is serialized; everything else (metrics, cmap coverage,
/// names) is read once at load time into immutable values. A `Font` can therefore be shared
/// freely between threads and tasks.
public final class Font: Sendable {
  /// The file the face was loaded from.
  public let path: String
  /// The face index inside the file (0 for single-face files).
  public let faceIndex: Int
  /// The family name from the `name` table ("Noto Sans CJK SC").
  public let familyName: String
  /// The style name from the `name` table ("Regular", "Bold").
  public let styleName: String
  /// Vertical metrics in design units.
  public let metrics: FontMetrics
  /// True for colour (emoji) fonts: clusters asking for emoji presentation prefer them.
  public let hasColorGlyphs: Bool
  let coverage: CoverageSet
  /// The scalars whose glyph is in a kerning pair, first or second (see `KerningPairs`).
  let kerningScalars: CoverageSet
  /// True when the font kerns pairs whose second glyph is not in `kerningScalars` (a class-based
  /// pair's class 0).
  let kernsOtherSeconds: Bool
  /// True when the font sets an ASCII digit, punctuation or symbol (`Font.commonScalars`) wider or
  /// narrower under some of its scripts than under others, so that the script a client's run
  /// gives such a character changes its width (``WebLeadingScripts``, ``FlutterLeadingScripts``).
  let shapesCommonCharactersByScript: Bool
  /// The General Punctuation characters (U+2000–U+206F, Common) the font sets wider or narrower
  /// under some of its scripts than under others, ascending: Noto Sans CJK sets `…` 1,059 units
  /// wide under `latn`, 1,000 under `hani`. A segment whose leading Common characters hold one
  /// shapes them in the script of the client's run they continue (`TextMeasurer.scriptSensitiveDirections`).
  let scriptSensitivePunctuation: [UInt32]
  /// How Blink trims the font's fullwidth punctuation under `text-spacing-trim: normal`
  /// (``TextSpacingTrim``), or nil when it does not (no `halt`).
  let hanKerning: HanKerningFont?
  /// True when the font has `chws`, which Blink turns on under `text-spacing-trim: normal`:
  /// its contextual spacing is not modelled, and preparing such text refuses it.
  let hasContextualHalfWidthSpacing: Bool
  private let native: Locked<NativeFont>

  /// Loads face `faceIndex` of the font file at `path`.
  /// - Throws: `FontError` naming the file when it is missing, unreadable, not a font, damaged,
  ///   has no such face, or has tables that would give negative widths or heights (an advance
  ///   of 32,768 design units or more, an upside-down `hhea` line box).
  public init(path: String, faceIndex: Int = 0) throws(FontError) {
    let native = try NativeFont(path: path, faceIndex: faceIndex)
    try native.validate(path: path)
    self.path = path
    self.faceIndex = faceIndex
    self.familyName = native.familyName
    self.styleName = native.styleName
    self.metrics = native.readMetrics()
    self.hasColorGlyphs = native.hasColorGlyphs
    self.coverage = native.collectCoverage()
    (self.kerningScalars, self.kernsOtherSeconds) = native.collectKerningScalars(coverage: coverage)
    // (One pass over the font's scripts for both sets.)
    let shapedByScript = native.scalarsShapedByScript(Self.commonScalars + Self.generalPunctuation)
    self.shapesCommonCharactersByScript = shapedByScript.contains { $0 < 0x80 }
    self.scriptSensitivePunctuation = shapedByScript.filter { $0 >= 0x80 }
    (self.hanKerning, self.hasContextualHalfWidthSpacing) = native.spacingTrimFacts()
    self.native = Locked(native)
  }

  /// The Common-script characters whose shaping by script decides whether a left-to-right text
  /// takes its segments' leading scripts: ASCII digits, punctuation and symbols. (Noto Sans CJK
  /// also sets `…` wider under `latn` than under `hani`; taking leading scripts for every
  /// left-to-right text in it moved cut words and fresh texts away from Chromium, because the
  /// kerning across segments assumes each segment's own script for its leading characters: only
  /// segments of Common characters holding such punctuation take them,
  /// `scriptSensitivePunctuation`.)
  static let commonScalars: [UInt32] = (0x20...0x7E).filter {
    ICUProperties.Script.isCommonOrInherited(ICUProperties.scriptCode($0))
  }

  /// The Common characters of General Punctuation (`DecodedText.hasGeneralPunctuation`), whose
  /// shaping by script decides `scriptSensitivePunctuation`.
  static let generalPunctuation: [UInt32] = (DecodedText.generalPunctuation).filter {
    ICUProperties.Script.isCommonOrInherited(ICUProperties.scriptCode($0))
  }

  /// Design units per em.
  public var unitsPerEm: Int { metrics.unitsPerEm }

  /// Vertical metrics at a point size.
  public func metrics(atPointSize pointSize: Double) -> ScaledFontMetrics {
    metrics.scaled(toPointSize: pointSize)
  }

  /// True when the face's cmap maps the scalar to a glyph.
  public func covers(_ scalar: Unicode.Scalar) -> Bool { coverage.contains(scalar.value) }

  /// The number of Unicode scalars the cmap maps.
  public var coveredScalarCount: Int { coverage.count }

  /// Renders a glyph at a pixel size (FreeType; colour bitmaps for emoji fonts).
  public func rasterize(glyphID: UInt32, pixelSize: Double) -> GlyphBitmap? {
    native.withLock { $0.rasterize(glyphID: glyphID, pixelSize: pixelSize) }
  }

  /// The advance of `text` shaped in this font alone with one HarfBuzz call (no fallback, no
  /// line breaking), in points, never negative. Script is taken from the first character with a
  /// strong script.
  public func advance(of text: String, pointSize: Double, language: String = "") -> Double {
    let scalars = text.unicodeScalars.map(\.value)
    let script =
      scalars.lazy.map(UnicodeProperties.scriptTag).first { $0 != "Zyyy" && $0 != "Zinh" } ?? "Zyyy"
    let glyphs = shape(
      scalars, range: 0..<scalars.count,
      properties: RunProperties(scriptTag: script, isRightToLeft: false, language: language))
    let units = glyphs.reduce(0) { $0 + Int($1.xAdvance) }
    return Double(max(0, units)) * pointSize / Double(unitsPerEm)
  }

  /// Shapes `scalars[range]` (the whole buffer as context) in ICU's script `scriptCode` and
  /// adds each glyph's advance in ems to `widths` at its cluster (an offset in `scalars`); with
  /// `breaks`, also says which of those offsets HarfBuzz lets the text be cut at (see
  /// `NativeFont.addAdvances`).
  func addAdvances(
    _ scalars: UnsafeBufferPointer<UInt32>, range: Range<Int>, scriptCode: UInt8, isRightToLeft: Bool,
    language: String, to widths: UnsafeMutablePointer<Double>,
    breaks: UnsafeBufferPointer<Int32>? = nil, safeBreaks: UnsafeMutablePointer<Bool>? = nil,
    splitsLigatures: Bool = false, disabled: NativeFont.DisabledFeatures = [], mayHoldSoftHyphens: Bool = true
  ) {
    // The buffers are the calling thread's scratch space, used inside the lock only during this
    // call; they cross into the lock's region as addresses.
    let scalarAddress = UInt(bitPattern: scalars.baseAddress)
    let scalarCount = scalars.count
    let widthAddress = UInt(bitPattern: widths)
    let breakAddress = UInt(bitPattern: breaks?.baseAddress)
    let breakCount = breaks?.count ?? 0
    let safeAddress = UInt(bitPattern: safeBreaks)
    native.withLock {
      $0.addAdvances(
        UnsafeBufferPointer(start: UnsafePointer(bitPattern: scalarAddress), count: scalarCount),
        range: range,
        scriptCode: scriptCode, isRightToLeft: isRightToLeft, language: language,
        to: UnsafeMutablePointer(bitPattern: widthAddress).unsafelyUnwrapped,
        breaks: breakAddress == 0
          ? nil : UnsafeBufferPointer(start: UnsafePointer(bitPattern: breakAddress), count: breakCount),
        safeBreaks: UnsafeMutablePointer(bitPattern: safeAddress), splitsLigatures: splitsLigatures,
        disabled: disabled, mayHoldSoftHyphens: mayHoldSoftHyphens)
    }
  }

  /// The advance of `scalar`'s own glyph in design units, or nil when the font has none.
  func nominalAdvance(of scalar: UInt32) -> Int32? {
    native.withLock { $0.nominalAdvance(of: scalar) }
  }

  /// Shapes `scalars[range]` with the rest of `scalars` as context, in design units.
  func shape(
    _ scalars: [UInt32], range: Range<Int>, properties: RunProperties,
    disabled: NativeFont.DisabledFeatures = []
  ) -> [ShapedGlyph] {
    native.withLock { $0.shape(scalars, range: range, properties: properties, disabled: disabled) }
  }

  /// The font's legacy `kern` table and whether the font has TrueType outlines, when HarfBuzz
  /// applies that table (the font's `GPOS` has no `kern` feature); nil otherwise.
  func legacyKerningTable() -> (bytes: [UInt8], hasTrueTypeOutlines: Bool)? {
    native.withLock { $0.withLegacyKerningTable { (Array($0), $1) } }
  }
}

extension Font: Hashable {
  /// Two fonts are equal when they are the same loaded face object.
  public static func == (lhs: Font, rhs: Font) -> Bool { lhs === rhs }
  /// Hashes the object's identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension Font: CustomStringConvertible {
  /// `Family Style (path#faceIndex)`.
  public var description: String { "\(familyName) \(styleName) (\(path)#\(faceIndex))" }
}
