import SelfSizingCore

/// Prepares paragraphs for measurement with a regular and a bold font chain.
///
/// `prepare` does all width-independent work once (ICU line segmentation and HarfBuzz shaping
/// through a bounded per-segment cache shared by every paragraph); the `PreparedText` it
/// returns is laid out at any width by arithmetic. A measurer is `Sendable`: its caches are
/// behind locks and its fonts serialize their C calls, so one instance serves many threads.
public final class TextMeasurer: Sendable {
  /// The chain used for `FontWeight.regular`.
  public let regular: FontChain
  /// The chain used for `FontWeight.bold`.
  public let bold: FontChain
  /// Paragraphs longer than this many Unicode scalars are rejected.
  public static let maximumScalarCount = 4_000_000
  /// The most distinct languages (``TextStyle/language``, ignoring case) the process's styles
  /// may name besides the well-known ones (ICU's ISO 639 codes and common script and region
  /// variants such as `zh-Hant` or `pt-BR`, always accepted); `prepare` rejects further ones
  /// with `TextError.Code.tooManyLanguages`. HarfBuzz keeps each language, and a shape plan per
  /// face and language, for the life of the process.
  public static var maximumLanguageCount: Int { LanguageTag.maximumDistinct }

  private let regularEllipsisEm: Double
  private let boldEllipsisEm: Double
  /// The hyphen a line ending at a soft hyphen ends with, in ems, per chain, where the platform
  /// draws one (``WebSoftHyphens/hyphenScalar(in:)``); else 0.
  private let regularHyphenEm: Double
  private let boldHyphenEm: Double
  /// The platform's rules of shaping, read once (``SegmentShaper/Rules``).
  private let shapingRules: SegmentShaper.Rules
  private let regularCache: SegmentCache
  private let boldCache: SegmentCache
  /// Kerning across break opportunities, per chain (see `KerningPairs`).
  private let regularKerning: KerningPairs
  private let boldKerning: KerningPairs
  /// What Chromium's advances need of each chain's fonts (web).
  private let regularWebFacts: WebAdvances.ChainFacts
  private let boldWebFacts: WebAdvances.ChainFacts
  /// The fonts of each chain shaped without kerning on this platform
  /// (``PlatformTextRules/fontsWithoutLegacyKerning(in:)``).
  private let regularFontsWithoutKerning: FontMask
  private let boldFontsWithoutKerning: FontMask
  /// Whether a font of each chain shapes Common characters by script
  /// (`Font.shapesCommonCharactersByScript`): then left-to-right texts too take the scripts the
  /// platform shapes their segments' leading Common characters in.
  private let regularShapesCommonByScript: Bool
  private let boldShapesCommonByScript: Bool
  /// True when laying a text out reads its clusters' fonts (``FlutterTooLongWords``): its
  /// prepared text keeps the chain.
  private let layoutReadsClusterFonts: Bool
  /// The General Punctuation the fonts of each chain shape by script
  /// (`Font.scriptSensitivePunctuation`), ascending: segments of Common characters holding one
  /// take the script the platform's run gives them (`scriptSensitiveDirections`).
  private let regularScriptSensitivePunctuation: [UInt32]
  private let boldScriptSensitivePunctuation: [UInt32]
  /// SkParagraph's advances of each chain's bitmap font, where the platform measures them so.
  private let regularBitmapAdvances: SkiaBitmapAdvances?
  private let boldBitmapAdvances: SkiaBitmapAdvances?
  /// The segment caches' number for each language a style has named (the empty language is 0).
  private let languageIDs = Locked<[String: Int32]>([:])
  /// The most languages numbered; texts in further languages are shaped without the shared
  /// caches, so that no input can grow this table without bound.
  static let maximumCachedLanguages = 255
  private let lineBreakers: BreakIteratorPool
  /// ICU's iterators with Conditional Japanese Starters (small kana, `ー`) as ideographs
  /// (`@lb=normal`, which changes nothing else in the root locale), for text that needs ICU's
  /// dictionaries where the built-in breaker takes them so (the web: Chromium breaks before
  /// `ッ` in `インデックス`); nil with a tailored locale, whose rules are the user's.
  private let ideographicStarterLineBreakers: BreakIteratorPool?
  private let usesBuiltInLineBreaker: Bool
  private let graphemeBreakers: BreakIteratorPool
  /// True when clusters no font of a chain covers continue into the installed fonts.
  public let usesSystemFonts: Bool
  /// The client whose rendering measurements reproduce: its line heights, rounding, fallback
  /// fonts' and mixed sizes' line boxes.
  public let platform: TextPlatform
  /// The ICU locale whose line-break tailoring is used (empty: the built-in breaker).
  let locale: String
  /// Cache misses are shaped side by side (`cacheMissingSegments`), not one HarfBuzz call each.
  let shapesMissesTogether: Bool
  /// The platform shapes a style with letter spacing without ligatures
  /// (``PlatformTextRules/turnsLigaturesOffUnderLetterSpacing``), read once.
  let turnsLigaturesOffUnderLetterSpacing: Bool

  /// A measurer over the given chains (bold defaults to the regular chain).
  /// - Parameters:
  ///   - regular: the fonts, in fallback order, for regular-weight text.
  ///   - bold: the fonts for bold text; nil uses `regular`.
  ///   - segmentCacheCapacity: shaped segments kept per chain and cache generation (at most
  ///     4,194,303; a larger number is taken as that). Two generations are kept, so a chain's
  ///     cache holds at most twice this. Segments (text between break opportunities) of over
  ///     65,535 scalars are shaped each time rather than cached.
  ///   - locale: an ICU locale whose line-break tailoring to use (e.g. `"ja@lb=strict"`), through
  ///     ICU's break iterator. The default, empty, selects the built-in UAX #14 breaker (the
  ///     Unicode 15.0 default rules, several times faster), which still hands Thai, Lao, Khmer
  ///     and Myanmar text to ICU for its dictionaries.
  ///   - systemFonts: when a grapheme cluster has no font in the chain, continue into
  ///     fontconfig's sorted list of installed fonts for the text's language (see
  ///     ``SystemFonts``). Off makes results independent of the machine's fonts.
  ///   - platform: the client whose rendering to reproduce (``TextPlatform/web`` by default).
  public convenience init(
    regular: FontChain, bold: FontChain? = nil, segmentCacheCapacity: Int = 50_000, locale: String = "",
    systemFonts: Bool = true, platform: TextPlatform = .default
  ) {
    self.init(
      regular: regular, bold: bold, segmentCacheCapacity: segmentCacheCapacity, locale: locale,
      systemFonts: systemFonts, shapesMissesTogether: true, platform: platform)
  }

  /// A measurer that may shape each cache miss alone (`shapesMissesTogether` false), for tests
  /// that compare the two.
  init(
    regular: FontChain, bold: FontChain?, segmentCacheCapacity: Int, locale: String, systemFonts: Bool,
    shapesMissesTogether: Bool, platform: TextPlatform = .default
  ) {
    self.platform = platform
    self.locale = locale
    self.shapesMissesTogether = shapesMissesTogether
    self.turnsLigaturesOffUnderLetterSpacing = platform.rules.turnsLigaturesOffUnderLetterSpacing
    self.usesSystemFonts = systemFonts
    self.regular = regular
    self.bold = bold ?? regular
    self.regularCache = SegmentCache(capacity: segmentCacheCapacity)
    self.boldCache = SegmentCache(capacity: segmentCacheCapacity)
    self.regularKerning = KerningPairs(chain: regular)
    self.boldKerning = KerningPairs(chain: bold ?? regular)
    self.regularWebFacts = WebAdvances.ChainFacts(regular)
    self.boldWebFacts = WebAdvances.ChainFacts(bold ?? regular)
    let regularFontsWithoutKerning = platform.rules.fontsWithoutLegacyKerning(in: regular)
    self.regularFontsWithoutKerning = regularFontsWithoutKerning
    boldFontsWithoutKerning =
      bold.map { platform.rules.fontsWithoutLegacyKerning(in: $0) } ?? regularFontsWithoutKerning
    regularShapesCommonByScript = regular.fonts.contains(where: \.shapesCommonCharactersByScript)
    boldShapesCommonByScript = (bold ?? regular).fonts.contains(where: \.shapesCommonCharactersByScript)
    layoutReadsClusterFonts = platform.rules.overlongWordsFillLines
    regularScriptSensitivePunctuation = Set(regular.fonts.flatMap(\.scriptSensitivePunctuation)).sorted()
    boldScriptSensitivePunctuation = Set((bold ?? regular).fonts.flatMap(\.scriptSensitivePunctuation))
      .sorted()
    let strikes = platform.rules.measuresBitmapStrikeAdvances
    regularBitmapAdvances = strikes ? SkiaBitmapAdvances(chain: regular) : nil
    boldBitmapAdvances = strikes ? SkiaBitmapAdvances(chain: bold ?? regular) : nil
    self.lineBreakers = BreakIteratorPool(kind: .line, locale: locale)
    self.ideographicStarterLineBreakers =
      locale.isEmpty ? BreakIteratorPool(kind: .line, locale: "@lb=normal") : nil
    self.usesBuiltInLineBreaker = locale.isEmpty
    self.graphemeBreakers = BreakIteratorPool(kind: .grapheme, locale: locale)
    let ellipsis: [UInt32] = [0x2026]
    let graphemeBreakers = self.graphemeBreakers
    func widthEm(of scalars: [UInt32], in chain: FontChain, fontsWithoutKerning: FontMask) -> Double {
      scalars.withUnsafeBufferPointer {
        SegmentShaper(
          chain: chain, graphemeBreakers: graphemeBreakers, language: "",
          fontRule: platform.rules.clusterFontRule, fontsWithoutKerning: fontsWithoutKerning
        )
        .shape($0, isRightToLeft: false).graphemeWidthsEm.reduce(0, +)
      }
    }
    func hyphenEm(_ chain: FontChain, fontsWithoutKerning: FontMask) -> Double {
      guard platform.rules.drawsHyphenAtSoftHyphenBreaks else { return 0 }
      return widthEm(
        of: [WebSoftHyphens.hyphenScalar(in: chain)], in: chain, fontsWithoutKerning: fontsWithoutKerning)
    }
    self.regularEllipsisEm = widthEm(
      of: ellipsis, in: regular, fontsWithoutKerning: regularFontsWithoutKerning)
    self.boldEllipsisEm = widthEm(
      of: ellipsis, in: bold ?? regular, fontsWithoutKerning: boldFontsWithoutKerning)
    self.shapingRules = SegmentShaper.Rules(platform.rules)
    self.regularHyphenEm = hyphenEm(regular, fontsWithoutKerning: regularFontsWithoutKerning)
    self.boldHyphenEm = hyphenEm(bold ?? regular, fontsWithoutKerning: boldFontsWithoutKerning)
  }

  /// A measurer with the same fonts and settings for another platform: this one when the
  /// platform is its own, else a new one (with caches of its own).
  public func measuring(for platform: TextPlatform) -> TextMeasurer {
    if platform == self.platform { return self }
    return TextMeasurer(
      regular: regular, bold: bold, segmentCacheCapacity: regularCache.capacity, locale: locale,
      systemFonts: usesSystemFonts, shapesMissesTogether: shapesMissesTogether, platform: platform)
  }

  /// The chain for a weight.
  public func chain(for weight: FontWeight) -> FontChain {
    weight == .bold ? bold : regular
  }

  /// Shaped segments currently cached (both chains).
  public var cachedSegmentCount: Int { regularCache.count + boldCache.count }

  /// Empties the shaping caches.
  ///
  /// - Parameter keepingCapacity: keep the caches' memory for the segments to come (as
  ///   `Array.removeAll(keepingCapacity:)`); by default it is freed.
  public func removeCachedSegments(keepingCapacity: Bool = false) {
    regularCache.removeAll(keepingCapacity: keepingCapacity)
    boldCache.removeAll(keepingCapacity: keepingCapacity)
    regularKerning.removeAll(keepingCapacity: keepingCapacity)
    boldKerning.removeAll(keepingCapacity: keepingCapacity)
  }

  /// The segment caches' number for `language`, or nil when `maximumCachedLanguages` other
  /// languages have numbers already.
  func languageID(_ language: String, withoutLigatures: Bool = false) -> Int32? {
    if language.isEmpty, !withoutLigatures { return 0 }
    // (A style shaped without ligatures is numbered apart: its key starts with U+0001.)
    let key = withoutLigatures ? "\u{1}" + language : language
    return languageIDs.withLock { ids in
      if let id = ids[key] { return id }
      guard ids.count < Self.maximumCachedLanguages else { return nil }
      let id = Int32(ids.count + 1)
      ids[key] = id
      return id
    }
  }

  /// Does all width-independent work for `text` in `style`.
  /// - Throws: `TextError` for an invalid style, a text over `maximumScalarCount`, a language
  ///   past the process's limit (`tooManyLanguages`), or an ICU failure.
  public func prepare(_ text: String, style: TextStyle) throws(TextError) -> PreparedText {
    try prepare(style: style) { DecodedText(text) }
  }

  /// `prepare(_:style:)` for a text given as UTF-8 that the caller has checked is well-formed
  /// (the `selfsize text` path prepares a record's text where it lies in the input line).
  package func prepare(validUTF8 text: UnsafeBufferPointer<UInt8>, style: TextStyle) throws(TextError)
    -> PreparedText
  {
    try prepare(style: style) { DecodedText(validUTF8: text) }
  }

  @inline(__always) private func prepare(style: TextStyle, decode: () -> DecodedText) throws(TextError)
    -> PreparedText
  {
    if shapesWithoutLigatures(style) || style.textSpacingTrim != .spaceAll {
      return try prepareVariant(style: style, decode: decode)
    }
    return try prepare(style: style, variant: [], decode: decode)
  }

  /// True when the platform shapes `style` without ligatures (letter spacing on the web).
  @inline(__always) func shapesWithoutLigatures(_ style: TextStyle) -> Bool {
    style.letterSpacing != 0 && turnsLigaturesOffUnderLetterSpacing
  }

  /// `prepare(style:decode:)` for a style the platform shapes without ligatures (letter spacing
  /// on the web) or whose fullwidth punctuation it trims (``TextSpacingTrim/normal``). Out of
  /// line: the common path keeps its code (inlining the flag's uses into it cost every text ~950
  /// instructions, measured).
  @inline(never) private func prepareVariant(style: TextStyle, decode: () -> DecodedText)
    throws(TextError) -> PreparedText
  {
    let trimsSpacing = style.textSpacingTrim == .normal
    let prepared = try prepare(
      style: style,
      variant: ShapingVariant(ligaturesOff: shapesWithoutLigatures(style), trimsSpacing: trimsSpacing),
      decode: decode)
    if trimsSpacing {
      try TextSpacingTrim.validateFonts(of: chain(for: style.weight), used: prepared.fontMask)
    }
    return prepared
  }

  /// `prepare(style:decode:)`, shaping with the ligatures off (`liga`, `clig`, `calt`) or on; a
  /// text shaped without them is cached under its own number (`languageID(_:withoutLigatures:)`).
  /// `variant`: the ligatures off, fullwidth punctuation trimmed (``WebSpacingTrim``).
  @inline(__always) private func prepare(
    style: TextStyle, variant: ShapingVariant, decode: () -> DecodedText
  ) throws(TextError) -> PreparedText {
    let ligaturesOff = variant.contains(.ligaturesOff)
    try style.validate()
    try style.validatePlatformSettings(on: platform)
    // (The empty language skips the process's registry: most texts name none.)
    let language = style.language.isEmpty ? "" : try LanguageTag.shapingLanguage(style.language)
    let chain = chain(for: style.weight)
    // Segments are cached per language (HarfBuzz's `locl` forms may differ between languages),
    // and apart where the platform shapes them without ligatures (letter spacing on the web).
    let languageID = languageID(language, withoutLigatures: ligaturesOff)
    let cache =
      languageID == nil
      ? SegmentCache(capacity: 1_024) : style.weight == .bold ? boldCache : regularCache
    let decoded = decode()
    let codes = decoded.codes
    let variant = decoded.hasGeneralPunctuation ? variant.union(.holdsGeneralPunctuation) : variant
    guard codes.count <= Self.maximumScalarCount else {
      throw TextError(
        .textTooLong,
        "text has \(codes.count) Unicode scalars; at most \(Self.maximumScalarCount) are accepted")
    }
    let metrics = chain.primary.metrics(atPointSize: style.fontSize)
    let ellipsis = TextStyle.spacedAdvance(
      (style.weight == .bold ? boldEllipsisEm : regularEllipsisEm) * style.fontSize,
      letterSpacing: style.letterSpacing)

    // The closures below take the style's fields, not the style: copying a `TextStyle` (it holds
    // a `String`) goes through its value witness, several times per paragraph otherwise.
    let fontSize = style.fontSize
    let letterSpacing = style.letterSpacing
    let weight = style.weight
    let built = try withLineBreaks(decoded) { breaks throws(TextError) in
      let directions = try directionsOfSegments(decoded, breaks: breaks, weight: weight)
      return codes.withUnsafeBufferPointer { buffer in
        KerningPairs.withKerning(
          codes: buffer, breaks: breaks, rightToLeft: directions?.rightToLeft,
          leadingScripts: directions?.leadingScripts, fontSize: fontSize,
          languageID: languageID, joinsKana: platform.rules.scriptRunsJoinKana,
          cache: weight == .bold ? boldKerning : regularKerning,
          shaper: {
            shaper(weight: weight, language: language, ligaturesOff: variant.contains(.ligaturesOff))
          }
        ) { kerning in
          let built = build(
            codes: codes, breaks: breaks, directions: directions, fontSize: fontSize,
            letterSpacing: letterSpacing, weight: weight, language: language, languageID: languageID ?? 0,
            chain: chain, cache: cache, kerning: kerning, variant: variant)
          // (Most texts have no segment that wide: nothing to look for.)
          if platform.rules.reshapesCutWordEnds,
            built.storage.withUnsafeMutablePointerToHeader({ $0.pointee.widestSegmentContent })
              >= Self.cutKerningMinimumEms * fontSize
          {
            writeCutKerning(
              into: built.storage, codes: buffer, rightToLeft: directions?.rightToLeft, fontSize: fontSize,
              weight: weight, language: language, languageID: languageID,
              ligaturesOff: variant.contains(.ligaturesOff))
          }
          return built
        }
      }
    }
    let lines = lineModel(of: built.fontMask, chain: chain, style: style)
    let rules = platform.rules
    let prepared = PreparedText(
      codes: codes, style: style, lineHeight: lines.lineHeight, lineBoxes: lines.boxes,
      fontChain: lines.boxes.map { _ in chain },
      lineSpacing: rules.spaceBetweenLines(in: style),
      edges: rules.edges(primary: chain.primary.metrics, style: style), platform: platform,
      missingGlyphs: built.missingGlyphs,
      ellipsisWidth: ellipsis, ascender: metrics.ascender,
      storage: built.storage)
    if layoutReadsClusterFonts { Self.keep(chain, in: prepared) }
    return prepared
  }

  /// Keeps `chain` in `prepared`, whose layout reads its clusters' fonts
  /// (`layoutReadsClusterFonts`). Out of line: other platforms' `prepare` pays a test.
  @inline(never) private static func keep(_ chain: FontChain, in prepared: PreparedText) {
    prepared.paragraph { $0.pointee.fontChain = chain }
  }

  /// Writes the kerning cut words lose into a built storage (`KerningPairs.writeCutKerning`).
  /// Out of line: only texts with a wide segment come here, and inside `prepare`'s closures
  /// this code kept `withLineBreaks` from being inlined (retaining what they capture).
  @inline(never) private func writeCutKerning(
    into storage: PreparedTextStorage, codes: UnsafeBufferPointer<UInt32>, rightToLeft: [Bool]?,
    fontSize: Double, weight: FontWeight, language: String, languageID: Int32?, ligaturesOff: Bool
  ) {
    let kerningPairs = weight == .bold ? boldKerning : regularKerning
    storage.withView { view in
      storage.writeCutKerning { room in
        KerningPairs.writeCutKerning(
          into: room, codes: codes, view: view, rightToLeft: rightToLeft,
          minimumWidth: Self.cutKerningMinimumEms * fontSize, fontSize: fontSize, languageID: languageID,
          cache: kerningPairs,
          shaper: { shaper(weight: weight, language: language, ligaturesOff: ligaturesOff) })
      }
    }
  }

  /// `build` with the text's fullwidth punctuation trimmed (``WebSpacingTrim``): the trims
  /// across segments and at a line's end join the kerning, those inside segments go to the
  /// builder. Out of line: only styles with ``TextSpacingTrim/normal`` come here.
  @inline(never) private func buildTrimmingSpacing(
    codes: [UInt32], breaks: UnsafeBufferPointer<(end: Int, isHard: Bool)>, directions: SegmentDirections?,
    fontSize: Double, letterSpacing: Double, weight: FontWeight, language: String, languageID: Int32,
    chain: FontChain, cache: SegmentCache, kerning: UnsafePointer<SegmentKerning>?, variant: ShapingVariant
  ) -> PreparedTextBuilder.Finished {
    let trims = codes.withUnsafeBufferPointer {
      WebSpacingTrim.trims(codes: $0, breaks: breaks, chain: chain, fontSize: fontSize)
    }
    guard let trims else {
      return buildSegments(
        codes: codes, breaks: breaks, directions: directions, fontSize: fontSize,
        letterSpacing: letterSpacing,
        weight: weight, language: language, languageID: languageID, chain: chain, cache: cache,
        kerning: kerning, variant: variant, spacingTrims: nil)
    }
    var merged = [SegmentKerning](repeating: SegmentKerning(), count: breaks.count)
    if let kerning { for index in merged.indices { merged[index] = kerning[index] } }
    var segmentTrims = [WebSpacingTrim.SegmentTrim](repeating: .init(), count: breaks.count)
    for trim in trims.after {
      merged[trim.segment].after += trim.points
      segmentTrims[trim.segment].trimAfter += trim.points
    }
    for trim in trims.atLineEnd {
      segmentTrims[trim.segment].endTrim += trim.points
      segmentTrims[trim.segment].endTrimGraphemes = trim.graphemes
    }
    return merged.withUnsafeBufferPointer {
      buildSegments(
        codes: codes, breaks: breaks, directions: directions, fontSize: fontSize,
        letterSpacing: letterSpacing,
        weight: weight, language: language, languageID: languageID, chain: chain, cache: cache,
        kerning: $0.baseAddress, variant: variant,
        spacingTrims: WebSpacingTrim.BuilderTrims(inside: trims.inside, segments: segmentTrims))
    }
  }

  /// How `prepare` shapes and measures a style beside the common case (the ligatures off under
  /// letter spacing on the web, fullwidth punctuation trimmed): one value, so that `prepare`'s
  /// closures capture and pass no more than they did for the ligatures alone (one more kept
  /// `withLineBreaks` from being inlined: ~300 instructions a text, measured).
  struct ShapingVariant: OptionSet, Sendable {
    let rawValue: UInt8
    static let ligaturesOff = ShapingVariant(rawValue: 1)
    static let trimsSpacing = ShapingVariant(rawValue: 2)
    /// Not a way of shaping: decoding found General Punctuation (``DecodedText``), so the web
    /// scan also looks for the dashes a line may start with (``WebScalarScan``).
    static let holdsGeneralPunctuation = ShapingVariant(rawValue: 4)

    init(rawValue: UInt8) { self.rawValue = rawValue }

    init(ligaturesOff: Bool, trimsSpacing: Bool) {
      rawValue = (ligaturesOff ? 1 : 0) | (trimsSpacing ? 2 : 0)
    }
  }

  /// Segments narrower than this many ems keep no cut kerning (`KerningPairs.writeCutKerning`):
  /// they are cut only on lines narrower still (60 px at 15 px), where a piece keeps its kerning
  /// in context. Most words are narrower, and looking each one up costs every `prepare` time.
  static let cutKerningMinimumEms = 4.0

  /// Looks up (or shapes and caches) every segment and collects their widths.
  ///
  /// Runs of cached segments are appended under one hold of the cache's lock. At a miss, the
  /// misses after it are shaped with it (`cacheMissingSegments`), and the run goes on through the
  /// cache; a miss that was not batched is shaped alone, outside the lock (on the common path
  /// into scratch space, allocating nothing), and cached.
  private func build(
    codes: [UInt32], breaks: UnsafeBufferPointer<(end: Int, isHard: Bool)>, directions: SegmentDirections?,
    fontSize: Double, letterSpacing: Double, weight: FontWeight, language: String, languageID: Int32,
    chain: FontChain, cache: SegmentCache, kerning: UnsafePointer<SegmentKerning>?, variant: ShapingVariant
  ) -> PreparedTextBuilder.Finished {
    // (Decided here rather than in `prepare`'s closures: a call there kept `withLineBreaks` from
    // being inlined, ~350 instructions a text.)
    if variant.contains(.trimsSpacing) {
      return buildTrimmingSpacing(
        codes: codes, breaks: breaks, directions: directions, fontSize: fontSize,
        letterSpacing: letterSpacing,
        weight: weight, language: language, languageID: languageID, chain: chain, cache: cache,
        kerning: kerning, variant: variant)
    }
    return buildSegments(
      codes: codes, breaks: breaks, directions: directions, fontSize: fontSize, letterSpacing: letterSpacing,
      weight: weight, language: language, languageID: languageID, chain: chain, cache: cache,
      kerning: kerning, variant: variant, spacingTrims: nil)
  }

  /// `build`'s work: every segment looked up or shaped, then placed with `spacingTrims` (the
  /// text's trims of fullwidth marks, `WebSpacingTrim`; nil for none).
  private func buildSegments(
    codes: [UInt32], breaks: UnsafeBufferPointer<(end: Int, isHard: Bool)>, directions: SegmentDirections?,
    fontSize: Double, letterSpacing: Double, weight: FontWeight, language: String, languageID: Int32,
    chain: FontChain, cache: SegmentCache, kerning: UnsafePointer<SegmentKerning>?, variant: ShapingVariant,
    spacingTrims: WebSpacingTrim.BuilderTrims?
  ) -> PreparedTextBuilder.Finished {
    let ligaturesOff = variant.contains(.ligaturesOff)
    // Tabs reach tab stops where the platform sets them (the text after a run of tabs is an
    // item of its own); a line may start at a hyphen that keeps what follows with it, where the
    // platform's line finder then reads the text's scalars; soft hyphens end lines with a hyphen.
    let scans =
      platform.rules.expandsTabs || platform.rules.joinsLineStartHyphens
      || platform.rules.drawsHyphenAtSoftHyphenBreaks
    let scan =
      scans
      ? codes.withUnsafeBufferPointer {
        WebScalarScan($0, looksForDashes: variant.contains(.holdsGeneralPunctuation))
      } : WebScalarScan()
    // (A text not scanned may hold any.)
    let mayHoldSoftHyphens = scan.hasSoftHyphen || !scans
    let tabs =
      platform.rules.expandsTabs && scan.hasTab
      ? tabItems(
        codes: codes, itemStarts: directions?.itemStarts ?? [], chain: chain, weight: weight,
        fontSize: fontSize, letterSpacing: letterSpacing)
      : nil
    var builder = PreparedTextBuilder(
      segmentCount: breaks.count, scalarCount: codes.count, fontSize: fontSize, letterSpacing: letterSpacing,
      webAdvances: platform == .web
        ? WebAdvances(chain: weight == .bold ? boldWebFacts : regularWebFacts, fontSize: fontSize) : nil,
      positionGrid: platform.rules.positionGrid, kerning: kerning,
      keepsKerningAtLineEnd: platform.rules.keepsKerningAtLineEnd,
      itemStarts: tabs?.itemStarts ?? directions?.itemStarts ?? [],
      cutKerningRoom: platform.rules.reshapesCutWordEnds, tabStops: tabs?.tabStops,
      hasBidiItems: !(directions?.itemStarts ?? []).isEmpty)
    let count = breaks.count
    guard count > 0 else {
      return builder.finish()
    }
    let rightToLeft = directions?.rightToLeft
    // (Letter spacing skips what the platform leaves unspaced. Not an array held in a closure
    // around the loop below: that cost every text some 1,300 instructions.)
    let unspaced =
      letterSpacing != 0
      ? Self.allocateUnspacedScalars(
        of: codes, scalarIsRightToLeft: directions?.scalarIsRightToLeft, rules: platform.rules) : nil
    defer { unspaced?.deallocate() }
    codes.withUnsafeBufferPointer { buffer in
      let base = buffer.baseAddress.unsafelyUnwrapped
      builder.withOutput(
        notesSpacesInside: platform.rules.endsLinesAfterOverflowingSpaces,
        bitmapAdvances: weight == .bold ? boldBitmapAdvances : regularBitmapAdvances,
        unspacedScalars: unspaced.map { UnsafePointer($0.baseAddress.unsafelyUnwrapped) }
      ) { output in
        var index = 0
        var start = 0
        var shaper: SegmentShaper?
        // Misses before this segment were looked for together (`cacheMissingSegments`), which
        // noted the young generation's index of every segment it read (-1 for none).
        var scannedUpTo = shapesMissesTogether ? 0 : count
        var youngIndices: UnsafeMutablePointer<Int32>?
        var youngIndicesGeneration: UInt64 = 0
        defer { youngIndices?.deallocate() }
        // The runs below stop at the next segment shaped in a leading script (`count`: none),
        // which is looked up and shaped apart.
        var runEnd = directions?.nextLeadingScript(from: 0, count: count) ?? count
        while index < count {
          cache.withReader { reader in
            // The run works on local copies (registers), not on the variables this closure
            // captures (memory, written back on every change otherwise).
            var (run, runIndex, runStart) = (output, index, start)
            defer { (output, index, start) = (run, runIndex, runStart) }
            let noted =
              youngIndicesGeneration == reader.generation ? youngIndices.map { ($0, scannedUpTo) } : nil
            // (A constant: the captured variable would be read from memory at every step.)
            let stop = runEnd
            while runIndex < stop {
              let end = breaks[runIndex].end
              let slice = UnsafeBufferPointer(start: base + runStart, count: end &- runStart)
              let entryIndex: Int
              if let (indices, upTo) = noted, runIndex < upTo, indices[runIndex] >= 0 {
                entryIndex = Int(indices[runIndex])
              } else if slice.count == 1, rightToLeft == nil,
                let found = reader.singleIndex(of: slice[0], languageID: languageID)
              {
                entryIndex = found
              } else {
                let isRightToLeft = rightToLeft?[runIndex] ?? false
                var hash = SegmentCache.hash(slice, isRightToLeft: isRightToLeft, languageID: languageID)
                if isRightToLeft {
                  hash = directions.unsafelyUnwrapped.hashingDirections(
                    into: hash, segment: runIndex, start: runStart, count: slice.count)
                }
                guard let found = reader.index(of: hash, slice, languageID: languageID) else { return }
                entryIndex = found
              }
              run.append(
                reader.entry(at: entryIndex), at: entryIndex, of: reader, scalars: slice, start: runStart,
                hardBreakAfter: breaks[runIndex].isHard)
              runStart = end
              runIndex &+= 1
            }
          }
          guard index < count else { break }
          let end = breaks[index].end
          let slice = UnsafeBufferPointer(start: base + start, count: end &- start)
          let isRightToLeft = rightToLeft?[index] ?? false
          let isHard = breaks[index].isHard
          if index == runEnd {
            if shaper == nil {
              shaper = self.shaper(
                weight: weight, language: language, ligaturesOff: ligaturesOff,
                mayHoldSoftHyphens: mayHoldSoftHyphens)
            }
            appendInLeadingScript(
              Int32(directions.unsafelyUnwrapped.leadingScripts[index]), segment: index, scalars: slice,
              start: start,
              hardBreakAfter: isHard,
              directions: directions.unsafelyUnwrapped, languageID: languageID, shaper: shaper!, cache: cache,
              output: &output)
            start = end
            index &+= 1
            runEnd = directions.unsafelyUnwrapped.nextLeadingScript(from: index, count: count)
            continue
          }
          var hash = SegmentCache.hash(slice, isRightToLeft: isRightToLeft, languageID: languageID)
          if isRightToLeft {
            hash = directions.unsafelyUnwrapped.hashingDirections(
              into: hash, segment: index, start: start, count: slice.count)
          }
          let found = cache.withOldEntry(hash: hash, scalars: slice, languageID: languageID) {
            reader, entry in
            output.append(entry, of: reader, scalars: slice, start: start, hardBreakAfter: isHard)
          }
          if !found {
            if shaper == nil {
              shaper = self.shaper(
                weight: weight, language: language, ligaturesOff: ligaturesOff,
                mayHoldSoftHyphens: mayHoldSoftHyphens)
            }
            if index >= scannedUpTo {
              // Shape this miss with the ones after it, then take them from the cache.
              if youngIndices == nil { youngIndices = .allocate(capacity: count) }
              let batch = cacheMissingSegments(
                from: index, firstStart: start, codes: base, breaks: breaks,
                rightToLeft: rightToLeft,
                languageID: languageID, shaper: shaper!, cache: cache, youngIndices: youngIndices!)
              scannedUpTo = batch.scannedUpTo
              youngIndicesGeneration = batch.generation
              if batch.cached > 0 { continue }
            }
            // Used in place (`!`): a copy would retain the chain, the pools and the language.
            // (A segment whose scalars change direction is shaped in runs of one direction each.)
            let isMixed = isRightToLeft && directions.unsafelyUnwrapped.isMixed[index]
            let simple =
              isMixed
              ? false
              : shaper!.shapeSimple(slice, isRightToLeft: isRightToLeft) { widths, ends, trailing in
                cache.insert(
                  hash: hash, scalars: slice, widthsEm: widths, ends: ends, trailing: trailing, missing: 0,
                  languageID: languageID)
                output.append(
                  widthsEm: widths, ends: ends, trailing: trailing, missing: 0, fontMask: .primary,
                  scalars: slice,
                  start: start, hardBreakAfter: isHard)
              }
            if !simple {
              let shaped =
                isMixed
                ? directions.unsafelyUnwrapped.withScalarDirections(
                  segment: index, start: start, count: slice.count
                ) { shaper!.shape(slice, isRightToLeft: isRightToLeft, scalarDirections: $0) }
                : shaper!.shape(slice, isRightToLeft: isRightToLeft)
              cache.insert(shaped, hash: hash, languageID: languageID)
              output.append(shaped, scalars: slice, start: start, hardBreakAfter: isHard)
            }
          }
          start = end
          index &+= 1
        }
      }
    }
    return codes.withUnsafeBufferPointer {
      let finished = builder.finish(
        codes: $0,
        hasLineStartHyphen: platform.rules.joinsLineStartHyphens && scan.hasLineStartHyphen,
        spacingTrims: spacingTrims)
      if scan.hasSoftHyphen, platform.rules.drawsHyphenAtSoftHyphenBreaks {
        finished.storage.noteSoftHyphens(
          codes: $0,
          hyphenWidth: WebSoftHyphens.hyphenWidth(
            em: weight == .bold ? boldHyphenEm : regularHyphenEm, fontSize: fontSize))
      }
      return finished
    }
  }

  /// The platform's `scalarsWithoutLetterSpacing(in:scalarIsRightToLeft:)` of `codes` in memory the caller
  /// deallocates, or nil. Out of line: only texts with letter spacing come here.
  @inline(never) private static func allocateUnspacedScalars(
    of codes: [UInt32], scalarIsRightToLeft: [Bool]?, rules: any PlatformTextRules.Type
  ) -> UnsafeMutableBufferPointer<Bool>? {
    guard
      let unspaced = codes.withUnsafeBufferPointer({
        rules.scalarsWithoutLetterSpacing(in: $0, scalarIsRightToLeft: scalarIsRightToLeft)
      })
    else {
      return nil
    }
    let room = UnsafeMutableBufferPointer<Bool>.allocate(capacity: max(1, unspaced.count))
    _ = room.initialize(from: unspaced)
    return room
  }

  /// The directions of a text's segments (`BidiLevels.segmentDirections`) in the platform's
  /// paragraph, with the scripts the platform shapes their leading Common characters in (where
  /// the platform takes them for every right-to-left text, or `shapesCommonByScript`: a font of
  /// the chain shapes Common characters by script). Out of line: only texts with right-to-left
  /// characters come here.
  @inline(never) func segmentDirections(
    _ decoded: DecodedText, breaks: UnsafeBufferPointer<(end: Int, isHard: Bool)>, shapesCommonByScript: Bool
  ) throws(TextError) -> SegmentDirections {
    let rules = platform.rules
    var directions = try BidiLevels.segmentDirections(
      decoded, breaks: breaks, isLeftToRight: rules.paragraphIsLeftToRight)
    guard rules.takesLeadingScriptsOfEveryRightToLeftText || shapesCommonByScript else { return directions }
    let leadingScripts = decoded.codes.withUnsafeBufferPointer { codes in
      directions.scalarIsRightToLeft.withUnsafeBufferPointer {
        rules.leadingScripts(of: codes, segmentEnds: breaks, scalarIsRightToLeft: $0)
      }
    }
    directions.leadingScripts = leadingScripts ?? []
    return directions
  }

  /// The directions of a text's segments and the scripts of their leading Common characters, as
  /// `prepare` (and `glyphRuns`) shape them: for texts with right-to-left characters, and for
  /// left-to-right texts in a chain with a font that shapes Common characters by script; nil
  /// for the others.
  @inline(__always) func directionsOfSegments(
    _ decoded: DecodedText, breaks: UnsafeBufferPointer<(end: Int, isHard: Bool)>, weight: FontWeight
  ) throws(TextError) -> SegmentDirections? {
    let shapesCommonByScript = weight == .bold ? boldShapesCommonByScript : regularShapesCommonByScript
    if decoded.mayBeRightToLeft {
      return try segmentDirections(decoded, breaks: breaks, shapesCommonByScript: shapesCommonByScript)
    }
    if shapesCommonByScript { return leftToRightSegmentDirections(decoded, breaks: breaks) }
    return decoded.hasGeneralPunctuation
      ? scriptSensitiveDirections(decoded, breaks: breaks, weight: weight) : nil
  }

  /// The directions of a left-to-right text's segments where the Common characters a segment
  /// starts with hold punctuation a font of the chain shapes by script
  /// (`Font.scriptSensitivePunctuation`), with the script the platform's run gives them (`…`
  /// after `OK ` is in a Latin run, 1,059 units wide in Noto Sans CJK; the engine would shape it
  /// in the Common script, 1,000); nil when no segment takes one. Only those segments: taking
  /// every segment's leading script moved other layouts away from the clients
  /// (`Font.commonScalars`). Out of line: only texts with General Punctuation come here.
  @inline(never) func scriptSensitiveDirections(
    _ decoded: DecodedText, breaks: UnsafeBufferPointer<(end: Int, isHard: Bool)>, weight: FontWeight
  ) -> SegmentDirections? {
    let punctuation = weight == .bold ? boldScriptSensitivePunctuation : regularScriptSensitivePunctuation
    let leading = decoded.codes.withUnsafeBufferPointer {
      Self.segmentsLeadingWithScriptSensitivePunctuation(in: $0, breaks: breaks, punctuation: punctuation)
    }
    guard !leading.isEmpty, var directions = leftToRightSegmentDirections(decoded, breaks: breaks) else {
      return nil
    }
    var taken = false
    for segment in directions.leadingScripts.indices where directions.leadingScripts[segment] != 0 {
      if leading.contains(segment) { taken = true } else { directions.leadingScripts[segment] = 0 }
    }
    return taken ? directions : nil
  }

  /// False when no scalar of `codes` is in `lowest...highest` (eight a step: most texts with
  /// General Punctuation hold none a font shapes by script).
  static func mayHold(_ codes: UnsafeBufferPointer<UInt32>, from lowest: UInt32, to highest: UInt32) -> Bool {
    guard codes.count >= 8 else { return codes.contains { $0 &- lowest <= highest &- lowest } }
    let low = SIMD8<UInt32>(repeating: lowest)
    let span = SIMD8<UInt32>(repeating: highest &- lowest)
    return !ScalarSteps.forEachStep(of: codes, where: { any($0 &- low .<= span) }, then: { _ in false })
  }

  /// The segments (ascending) whose leading Common characters hold one of `punctuation`
  /// (ascending) and whose own leading script (`SegmentShaper.leadingScriptCode(of:)`) may not be
  /// the script of the run before them (the last character before them with a script of its own
  /// is another one, or there is none): only those may take another script.
  static func segmentsLeadingWithScriptSensitivePunctuation(
    in codes: UnsafeBufferPointer<UInt32>, breaks: UnsafeBufferPointer<(end: Int, isHard: Bool)>,
    punctuation: [UInt32]
  ) -> [Int] {
    guard let lowest = punctuation.first, let highest = punctuation.last else { return [] }
    guard mayHold(codes, from: lowest, to: highest) else { return [] }
    var found: [Int] = []
    var segment = 0
    for index in codes.indices
    where codes[index] &- lowest <= highest &- lowest && punctuation.contains(codes[index]) {
      while breaks[segment].end <= index { segment += 1 }
      guard found.last != segment else { continue }
      let start = segment == 0 ? 0 : breaks[segment - 1].end
      guard
        codes[start...index].allSatisfy({
          ICUProperties.Script.isCommonOrInherited(ICUProperties.scriptCode($0))
        }),
        KerningPairs.scriptBefore(codes, start, joinsKana: false)
          != SegmentShaper.leadingScriptCode(
            of: UnsafeBufferPointer(rebasing: codes[start..<breaks[segment].end]))
      else { continue }
      found.append(segment)
    }
    return found
  }

  /// The directions of a left-to-right text's segments with the scripts the platform shapes
  /// their leading Common characters in, or nil when each segment's own script is the platform's.
  /// Out of line: only texts set in a chain with a font that shapes Common characters by script
  /// come here.
  @inline(never) func leftToRightSegmentDirections(
    _ decoded: DecodedText, breaks: UnsafeBufferPointer<(end: Int, isHard: Bool)>
  ) -> SegmentDirections? {
    let scalarIsRightToLeft = [Bool](repeating: false, count: decoded.codes.count)
    let leadingScripts = decoded.codes.withUnsafeBufferPointer { codes in
      scalarIsRightToLeft.withUnsafeBufferPointer {
        platform.rules.leadingScripts(of: codes, segmentEnds: breaks, scalarIsRightToLeft: $0)
      }
    }
    guard let leadingScripts else { return nil }
    let segments = [Bool](repeating: false, count: breaks.count)
    var directions = SegmentDirections(
      rightToLeft: segments, isMixed: segments, scalarIsRightToLeft: scalarIsRightToLeft, itemStarts: [])
    directions.leadingScripts = leadingScripts
    return directions
  }

  /// Appends segment `segment` (`scalars`, from scalar `start`), whose leading Common and
  /// Inherited characters are shaped in script `leadingScript` (an ICU code plus one,
  /// `directions.leadingScripts[segment]`, read by the caller: looked up here instead, it cost
  /// every `prepare` ~170 instructions, measured), from the
  /// cache under its own number (`SegmentCache.languageID(_:leadingScript:)`), shaped on a miss.
  @inline(never) private func appendInLeadingScript(
    _ leadingScript: Int32, segment: Int, scalars: UnsafeBufferPointer<UInt32>, start: Int,
    hardBreakAfter: Bool,
    directions: SegmentDirections, languageID: Int32, shaper: SegmentShaper, cache: SegmentCache,
    output: inout PreparedTextBuilder.Output
  ) {
    let segmentLanguageID = SegmentCache.languageID(languageID, leadingScript: UInt8(leadingScript))
    let isRightToLeft = directions.rightToLeft[segment]
    var hash = SegmentCache.hash(scalars, isRightToLeft: isRightToLeft, languageID: segmentLanguageID)
    if isRightToLeft {
      hash = directions.hashingDirections(into: hash, segment: segment, start: start, count: scalars.count)
    }
    var inYoung = false
    cache.withReader { reader in
      guard let index = reader.index(of: hash, scalars, languageID: segmentLanguageID) else { return }
      output.append(
        reader.entry(at: index), at: index, of: reader, scalars: scalars, start: start,
        hardBreakAfter: hardBreakAfter)
      inYoung = true
    }
    guard !inYoung else { return }
    let inOld = cache.withOldEntry(hash: hash, scalars: scalars, languageID: segmentLanguageID) {
      reader, entry in
      output.append(entry, of: reader, scalars: scalars, start: start, hardBreakAfter: hardBreakAfter)
    }
    guard !inOld else { return }
    let script = directions.leadingScriptTag(ofSegment: segment)
    let shaped =
      isRightToLeft && directions.isMixed[segment]
      ? directions.withScalarDirections(segment: segment, start: start, count: scalars.count) {
        shaper.shape(scalars, isRightToLeft: isRightToLeft, scalarDirections: $0, leadingScript: script)
      }
      : shaper.shape(scalars, isRightToLeft: isRightToLeft, leadingScript: script)
    cache.insert(shaped, hash: hash, languageID: segmentLanguageID)
    output.append(shaped, scalars: scalars, start: start, hardBreakAfter: hardBreakAfter)
  }

  /// The item starts of a text with tabs (the bidi items' and the scalar after each run of
  /// tabs, `WebTabStops`) and the tab stops of its primary font. Out of line: few texts hold a
  /// tab.
  @inline(never) private func tabItems(
    codes: [UInt32], itemStarts: [Int32], chain: FontChain, weight: FontWeight, fontSize: Double,
    letterSpacing: Double
  ) -> (itemStarts: [Int32], tabStops: WebTabStops)? {
    let afterTabs = codes.withUnsafeBufferPointer(WebTabStops.itemStarts(afterTabsIn:))
    let merged = Array(Set(itemStarts).union(afterTabs)).sorted()
    let primary = chain.primary
    let spaceEm = Double(primary.nominalAdvance(of: 0x20) ?? 0) / Double(primary.unitsPerEm)
    let advances = WebAdvances(chain: weight == .bold ? boldWebFacts : regularWebFacts, fontSize: fontSize)
    let space = WebAdvances.advance(spaceEm * fontSize, in: advances.face(bit: 0))
    return (merged, WebTabStops(spaceWidth: space, letterSpacing: letterSpacing))
  }

  /// The shaper for a style's chain, with the installed fonts as fallback when they are on. A
  /// language `prepare` would reject (malformed, or past the process's limit) is left out.
  func shaper(for style: TextStyle) -> SegmentShaper {
    shaper(
      weight: style.weight, language: (try? LanguageTag.shapingLanguage(style.language)) ?? "",
      ligaturesOff: shapesWithoutLigatures(style))
  }

  /// The shaper for a weight's chain and a language, with the ligatures off or on, for a text
  /// that may hold soft hyphens or is known to hold none.
  func shaper(
    weight: FontWeight, language: String, ligaturesOff: Bool = false, mayHoldSoftHyphens: Bool = true
  ) -> SegmentShaper {
    SegmentShaper(
      chain: chain(for: weight), graphemeBreakers: graphemeBreakers, language: language,
      usesSystemFonts: usesSystemFonts, weight: weight, fontRule: platform.rules.clusterFontRule,
      splitsLigatures: platform.rules.splitsLigatures,
      fontsWithoutKerning: weight == .bold ? boldFontsWithoutKerning : regularFontsWithoutKerning,
      ligaturesOff: ligaturesOff,
      rules: mayHoldSoftHyphens ? shapingRules : shapingRules.subtracting(.mayHoldSoftHyphens))
  }

  /// Convenience: prepare and lay out at one width.
  public func layout(_ text: String, style: TextStyle, width: Double) throws(TextError) -> TextLayout {
    try prepare(text, style: style).layout(width: width)
  }

  /// Shapes `text` as one line (no wrapping) and returns positioned glyph runs in points, for
  /// drawing or checking advances. Line-break segments are shaped separately, exactly as they
  /// are measured, so the glyph positions add up to the measured widths.
  public func glyphRuns(_ text: String, style: TextStyle) throws(TextError) -> [GlyphRun] {
    try style.validate()
    let shaper = shaper(for: style)
    let decoded = DecodedText(text)
    let codes = decoded.codes
    let (breaks, directions) = try withLineBreaks(decoded) { breaks throws(TextError) in
      (
        Array(breaks),
        try directionsOfSegments(decoded, breaks: breaks, weight: style.weight)
      )
    }
    // (The clusters the platform leaves without letter spacing, as `prepare` does.)
    let unspaced =
      style.letterSpacing != 0
      ? codes.withUnsafeBufferPointer({
        platform.rules.scalarsWithoutLetterSpacing(
          in: $0, scalarIsRightToLeft: directions?.scalarIsRightToLeft)
      }) ?? [] : []
    var result: [GlyphRun] = []
    var pen = 0.0
    var start = 0
    codes.withUnsafeBufferPointer { buffer in
      for (index, segment) in breaks.enumerated() {
        let slice = UnsafeBufferPointer(rebasing: buffer[start..<segment.end])
        let isRightToLeft = directions?.rightToLeft[index] ?? false
        // (Leading Common characters in the platform's script, as `prepare` shapes them.)
        let (graphemeEnds, runs, _) =
          directions?.withScalarDirections(segment: index, start: start, count: slice.count) {
            shaper.runs(
              slice, isRightToLeft: isRightToLeft, scalarDirections: $0,
              leadingScript: directions?.leadingScriptTag(ofSegment: index))
          } ?? shaper.runs(slice, isRightToLeft: isRightToLeft)
        var graphemeStarts = Set([0])
        graphemeStarts.formUnion(graphemeEnds.dropLast().map { Int($0) })
        for run in runs {
          let font = run.font
          let scale = style.fontSize / Double(font.unitsPerEm)
          // A negative letter spacing depends on the whole cluster's advance (see `spacedAdvance`).
          var clusterAdvances: [Int: Double] = [:]
          if style.letterSpacing < 0 {
            for glyph in run.glyphs {
              clusterAdvances[Int(glyph.cluster), default: 0] += Double(glyph.xAdvance) * scale
            }
          }
          var glyphs: [PositionedGlyph] = []
          for glyph in run.glyphs {
            let cluster = Int(glyph.cluster)
            let isBreak = UnicodeProperties.isHardBreak(codes[start + cluster])
            var advance = isBreak ? 0 : Double(glyph.xAdvance) * scale
            // Letter spacing after each grapheme cluster, on the cluster's first glyph.
            if !isBreak, graphemeStarts.contains(cluster),
              glyphs.last?.cluster != start + cluster, unspaced.isEmpty || !unspaced[start + cluster]
            {
              let clusterAdvance = clusterAdvances[cluster] ?? 0
              advance +=
                TextStyle.spacedAdvance(clusterAdvance, letterSpacing: style.letterSpacing) - clusterAdvance
            }
            glyphs.append(
              PositionedGlyph(
                glyphID: glyph.glyphID, cluster: start + cluster, x: pen, advance: advance,
                xOffset: Double(glyph.xOffset) * scale, yOffset: Double(glyph.yOffset) * scale))
            pen += advance
          }
          result.append(GlyphRun(font: font, glyphs: glyphs))
        }
        start = segment.end
      }
    }
    return result
  }

  /// Line-break opportunities of a text per UAX #14 (ICU): the scalar offsets where a line may
  /// start, each flagged when the break there is mandatory. The end of the text is included.
  public func lineBreakOpportunities(in text: String) throws(TextError) -> [(offset: Int, isMandatory: Bool)]
  {
    try withLineBreaks(DecodedText(text)) { $0.map { ($0.end, $0.isHard) } }
  }

  /// Runs `body` with the line-break opportunities (scalar offsets where segments end, each
  /// flagged when the break is mandatory): UAX #14's, with the platform's changes (small kana
  /// breakable on `web` and `flutter`; Blink's rules on `web`, ``WebLineBreaks``).
  @inline(__always) func withLineBreaks<Result>(
    _ decoded: DecodedText,
    _ body: (UnsafeBufferPointer<(end: Int, isHard: Bool)>) throws(TextError) -> Result
  ) throws(TextError) -> Result {
    let rules = platform.rules
    // Breaks depend on classes only: CJ scalars break as ideographs (ICU's `lb=normal`, which
    // both Chromium's and skia-python's ICU data use for `line`).
    let conditionalJapaneseStartersAsIdeographs =
      rules.breaksBeforeConditionalJapaneseStarters || platform == .web
    guard conditionalJapaneseStartersAsIdeographs else {
      return try withEngineLineBreaks(decoded, spareCapacity: 0) { base, _ throws(TextError) in try body(base)
      }
    }
    let count = decoded.codes.count
    guard platform == .web else {
      return try withEngineLineBreaks(
        decoded, conditionalJapaneseStartersAsIdeographs: true, marksJoinSpaces: true,
        spareCapacity: count + 1
      ) { base, spare throws(TextError) in
        spare.initialize(from: base.baseAddress.unsafelyUnwrapped, count: base.count)
        let written = decoded.codes.withUnsafeBufferPointer {
          FlutterLineBreaks.applyQuotationAndNumberRules(
            of: $0, breaks: spare,
            count: FlutterLineBreaks.addBreaksBeforeOpeningAfterQuotes(
              of: $0, breaks: spare,
              count: FlutterLineBreaks.removeBreaksAfterWordInitialHyphens(
                of: $0, breaks: spare, count: base.count)))
        }
        return try body(UnsafeBufferPointer(start: spare, count: written))
      }
    }
    // Blink's rules: decided in the built-in breaker's pass, or applied to ICU's opportunities.
    return try WebLineBreaks.withTailoring { tailoring throws(TextError) in
      try withEngineLineBreaks(
        decoded, conditionalJapaneseStartersAsIdeographs: true, marksJoinSpaces: true, tailoring: tailoring,
        spareCapacity: count
      ) { base, spare, isTailored throws(TextError) in
        if isTailored { return try body(base) }
        let written = decoded.codes.withUnsafeBufferPointer {
          WebLineBreaks.breaks(of: $0, base: base, into: spare)
        }
        return try body(UnsafeBufferPointer(start: spare, count: written))
      }
    }
  }

  /// The engine's UAX #14 opportunities of `decoded` (CJ scalars as ideographs when asked; with
  /// `marksJoinSpaces`, no break between a space and the marks after it, but one after them, as
  /// Chromium and SkParagraph keep a grapheme cluster whole: `d \u{200C}|cd`):
  /// from the built-in breaker, into a temporary buffer (on the stack for ordinary paragraphs),
  /// or from ICU for a tailored locale or text that needs ICU's dictionaries. `body` also gets
  /// room for `spareCapacity` more opportunities (the platform's own list), in the same
  /// temporary allocation when the built-in breaker runs, and whether `tailoring` was applied
  /// (by the built-in breaker; ICU's opportunities are UAX #14's). Opportunities the tailoring
  /// decided need no list of their own: then the room is not made.
  @inline(__always) private func withEngineLineBreaks<Result, Tailoring: LineBreakTailoring>(
    _ decoded: DecodedText, conditionalJapaneseStartersAsIdeographs: Bool = false,
    marksJoinSpaces: Bool = false,
    tailoring: Tailoring, spareCapacity: Int,
    _ body: (
      UnsafeBufferPointer<(end: Int, isHard: Bool)>, UnsafeMutablePointer<(end: Int, isHard: Bool)>,
      _ isTailored: Bool
    ) throws(TextError) -> Result
  ) throws(TextError) -> Result {
    func withICUBreaks() throws(TextError) -> Result {
      var breaks = try icuLineBreaks(
        decoded,
        in: conditionalJapaneseStartersAsIdeographs
          ? ideographicStarterLineBreakers ?? lineBreakers : lineBreakers)
      if marksJoinSpaces { LineBreaker.keepMarksWithSpaces(&breaks, of: decoded.codes) }
      return try breaks.withUnsafeBufferPointer { breaks throws(TextError) in
        try withUnsafeTemporaryAllocation(
          of: (end: Int, isHard: Bool).self, capacity: max(1, spareCapacity)
        ) { spare throws(TextError) in
          try body(breaks, spare.baseAddress.unsafelyUnwrapped, false)
        }
      }
    }
    guard usesBuiltInLineBreaker else { return try withICUBreaks() }
    let codes = decoded.codes
    return try Self.withBreakBuffers(count: codes.count, spareCapacity: Tailoring.tailors ? 0 : spareCapacity)
    {
      base, spare throws(TextError) in
      guard
        let count = codes.withUnsafeBufferPointer({
          LineBreaker.breaks(
            of: $0, into: base,
            conditionalJapaneseStartersAsIdeographs: conditionalJapaneseStartersAsIdeographs,
            marksJoinSpaces: marksJoinSpaces, tailoring: tailoring)
        })
      else {
        // SA scalars: ICU's dictionaries find those breaks.
        return try withICUBreaks()
      }
      return try body(UnsafeBufferPointer(start: base, count: count), spare, true)
    }
  }

  /// `withEngineLineBreaks` without a tailoring.
  @inline(__always) private func withEngineLineBreaks<Result>(
    _ decoded: DecodedText, conditionalJapaneseStartersAsIdeographs: Bool = false,
    marksJoinSpaces: Bool = false,
    spareCapacity: Int,
    _ body: (UnsafeBufferPointer<(end: Int, isHard: Bool)>, UnsafeMutablePointer<(end: Int, isHard: Bool)>)
      throws(TextError) -> Result
  ) throws(TextError) -> Result {
    try withEngineLineBreaks(
      decoded, conditionalJapaneseStartersAsIdeographs: conditionalJapaneseStartersAsIdeographs,
      marksJoinSpaces: marksJoinSpaces, tailoring: UntailoredLineBreaks(), spareCapacity: spareCapacity
    ) { base, spare, _ throws(TextError) in try body(base, spare) }
  }

  /// Runs `body` with room for `count` opportunities and `spareCapacity` more: in one temporary
  /// allocation when both fit in the 1,024 bytes it always takes from the stack, or when neither
  /// does (one allocation from the heap, not two); else in two, each on the stack.
  @inline(__always) private static func withBreakBuffers<Result>(
    count: Int, spareCapacity: Int,
    _ body: (UnsafeMutablePointer<(end: Int, isHard: Bool)>, UnsafeMutablePointer<(end: Int, isHard: Bool)>)
      throws(TextError) -> Result
  ) throws(TextError) -> Result {
    typealias Opportunity = (end: Int, isHard: Bool)
    let stackCapacity = 1_024 / MemoryLayout<Opportunity>.stride
    let total = max(1, count) + spareCapacity
    guard total > stackCapacity, count <= stackCapacity, spareCapacity <= stackCapacity else {
      return try withUnsafeTemporaryAllocation(of: Opportunity.self, capacity: total) {
        buffer throws(TextError) in
        let base = buffer.baseAddress.unsafelyUnwrapped
        return try body(base, base + max(1, count))
      }
    }
    return try withUnsafeTemporaryAllocation(of: Opportunity.self, capacity: max(1, count)) {
      base throws(TextError) in
      try withUnsafeTemporaryAllocation(of: Opportunity.self, capacity: max(1, spareCapacity)) {
        spare throws(TextError) in
        try body(base.baseAddress.unsafelyUnwrapped, spare.baseAddress.unsafelyUnwrapped)
      }
    }
  }

  /// Line-break opportunities from the break iterators of `pool`.
  private func icuLineBreaks(
    _ decoded: DecodedText, in pool: BreakIteratorPool
  ) throws(TextError) -> [(end: Int, isHard: Bool)] {
    let codes = decoded.codes
    guard !codes.isEmpty else { return [] }
    let result: [(end: Int, isHard: Bool)]? = codes.withUnsafeBufferPointer { scalars in
      DecodedText.withUTF16(of: scalars) { utf16, scalarOfUnit in
        pool.withIterator(over: utf16) { iterator in
          var breaks: [(end: Int, isHard: Bool)] = []
          breaks.reserveCapacity(codes.count / 3 + 4)
          while let boundary = iterator.next() {
            let end = Int(scalarOfUnit[boundary])
            // ICU marks the boundary after a mandatory break character; the end of text is not one.
            let isHard = iterator.isHardBreak && UnicodeProperties.isHardBreak(codes[end - 1])
            breaks.append((end, isHard))
          }
          return breaks
        }
      }
    }
    guard let result else { throw TextError(.segmentationFailed, "ICU could not open a line break iterator") }
    return result
  }
}
