/// Shapes one line-break segment on a cache miss: splits it into grapheme clusters (ICU),
/// picks a font per cluster from the chain (one font for a script run that the first font only
/// partly covers), groups clusters into runs of one font and script,
/// shapes each run with HarfBuzz and sums glyph advances per cluster.
struct SegmentShaper {
  let chain: FontChain
  let graphemeBreakers: BreakIteratorPool
  let language: String
  /// Continue into the installed fonts for clusters no font of the chain covers.
  var usesSystemFonts = false
  /// The weight asked of the installed fallback fonts.
  var weight: FontWeight = .regular
  /// How a cluster's font is picked from the chain (the platform's rule).
  var fontRule: ClusterFontRule = .colourFontForEmojiPresentation
  /// Whether a ligature's advance is shared evenly among its graphemes on the common path (the
  /// platform's rule, ``PlatformTextRules/splitsLigatures``), else left on its first.
  var splitsLigatures = false
  /// The chain's fonts shaped with the `kern` feature off (bit `i` for font `i`): fonts whose only
  /// kerning is a legacy `kern` table the platform drops
  /// (``PlatformTextRules/fontsWithoutLegacyKerning(in:)``).
  var fontsWithoutKerning = FontMask()
  /// Whether the ligatures (`liga`, `clig`, `calt`) are off: Blink's shaping under letter
  /// spacing (``PlatformTextRules/turnsLigaturesOffUnderLetterSpacing``).
  var ligaturesOff = false
  /// The platform's rules the shaping follows, in one byte (the shaper stays 40 bytes, copied
  /// inline).
  var rules: Rules = [.hangsOtherSpaceSeparators, .mayHoldSoftHyphens]

  /// Platform rules of shaping (``PlatformTextRules``).
  struct Rules: OptionSet, Sendable {
    let rawValue: UInt8
    /// A segment's runs of one direction resolve their Common characters' scripts apart
    /// (``PlatformTextRules/restartsScriptRunsAtBidiRuns``).
    static let restartsScriptRunsAtBidiRuns = Rules(rawValue: 1)
    /// The space separators other than the space and the ideographic space hang at a line's
    /// end, as segments' trailing whitespace; without it they take room there (Blink:
    /// ``PlatformTextRules/hangsOtherSpaceSeparators``).
    static let hangsOtherSpaceSeparators = Rules(rawValue: 2)
    /// The text may hold soft hyphens, so HarfBuzz is given long runs of them shortened
    /// (`NativeFont.addItem`); off for a text known to hold none (not a platform's rule).
    static let mayHoldSoftHyphens = Rules(rawValue: 4)

    init(rawValue: UInt8) { self.rawValue = rawValue }

    /// A platform's rules.
    init(_ platform: any PlatformTextRules.Type) {
      self = [.mayHoldSoftHyphens]
      if platform.restartsScriptRunsAtBidiRuns { insert(.restartsScriptRunsAtBidiRuns) }
      if platform.hangsOtherSpaceSeparators { insert(.hangsOtherSpaceSeparators) }
    }
  }

  /// Whether a segment's runs of one direction resolve their Common characters' scripts apart.
  var restartsScriptRunsAtBidiRuns: Bool { rules.contains(.restartsScriptRunsAtBidiRuns) }
  /// Whether the other space separators are trailing whitespace (`Rules`).
  var hangsOtherSpaceSeparators: Bool { rules.contains(.hangsOtherSpaceSeparators) }
  /// Whether the text may hold soft hyphens (`Rules`).
  var mayHoldSoftHyphens: Bool { rules.contains(.mayHoldSoftHyphens) }

  /// The default features left off in shaping with the chain's font `index` (a font past the
  /// chain: nil).
  @inline(__always) func disabledFeatures(ofFontAt index: Int?) -> NativeFont.DisabledFeatures {
    var disabled: NativeFont.DisabledFeatures = ligaturesOff ? .ligatures : []
    if let index, index < FontMask.othersBit, fontsWithoutKerning.rawValue & (1 << UInt16(index)) != 0 {
      disabled.insert(.kerning)
    }
    return disabled
  }

  /// The installed fonts, loaded only when a cluster first needs them.
  private var systemFallback: SystemFonts? { usesSystemFonts ? SystemFonts.shared : nil }

  /// Glyphs of one run of a single font, clusters relative to the shaped text.
  struct Run {
    var font: Font
    var scalarRange: Range<Int>
    var glyphs: [ShapedGlyph]
  }

  /// True when no font of the chain and no installed fallback face has the scalar. Control
  /// characters (line ends, tabs, C1) and default ignorables are never drawn, so never missing.
  func isMissing(_ scalar: UInt32) -> Bool {
    guard scalar >= 0x20, !(0x7F...0x9F).contains(scalar), !UnicodeProperties.isDefaultIgnorable(scalar)
    else {
      return false
    }
    if chain.fonts.contains(where: { $0.coverage.contains(scalar) }) { return false }
    return systemFallback?.fallbackFont(
      forCluster: CollectionOfOne(scalar), language: language, weight: weight)
      == nil
  }

  /// Grapheme clusters, font choice and HarfBuzz runs of `scalars`, shaped right-to-left when
  /// `isRightToLeft`, or, when `scalarDirections` is given, in runs of one direction each (the
  /// scalars' bidi levels are odd or even). `leadingScript` (an ISO 15924 tag), when given, is
  /// the script of the Common and Inherited scalars before the segment's first of another script
  /// (see `resolvedScripts`).
  func runs(
    _ scalars: UnsafeBufferPointer<UInt32>, isRightToLeft: Bool,
    scalarDirections: UnsafeBufferPointer<Bool>? = nil, leadingScript: String? = nil
  ) -> (
    graphemeEnds: [Int32], runs: [Run], missing: Int
  ) {
    var graphemeEnds = graphemeBoundaries(scalars)

    // Scalars handed to HarfBuzz: tabs shape as spaces; hard breaks and controls as ZWSP
    // (default-ignorable, so zero advance).
    var shapingScalars = Array(scalars)
    for index in shapingScalars.indices {
      let scalar = shapingScalars[index]
      if scalar == 0x09 {
        shapingScalars[index] = 0x20
      } else if UnicodeProperties.isHardBreak(scalar) || UnicodeProperties.isZeroWidthControl(scalar) {
        shapingScalars[index] = 0x200B
      }
    }

    let scripts =
      if restartsScriptRunsAtBidiRuns, let scalarDirections {
        resolvedScripts(shapingScalars, byDirectionRun: scalarDirections, leadingScript: leadingScript)
      } else {
        resolvedScripts(shapingScalars, leadingScript: leadingScript)
      }
    let choice = fontsOfClusters(shapingScalars, graphemeEnds: graphemeEnds, scripts: scripts)
    let fonts = choice.fonts
    var fontOfGrapheme = choice.fontOfGrapheme.map { $0 ?? 0 }
    let missing = choice.missing

    // Over-long clusters are cut into pieces shaped one by one (each keeps its cluster's font).
    let continuesCluster = Self.splitLongClusters(&graphemeEnds, fontOfGrapheme: &fontOfGrapheme)

    // Runs of one font and one script; Common/Inherited scalars join their neighbours.
    var runs: [Run] = []
    var runStartGrapheme = 0
    while runStartGrapheme < graphemeEnds.count {
      let runStart = runStartGrapheme == 0 ? 0 : Int(graphemeEnds[runStartGrapheme - 1])
      let font = fontOfGrapheme[runStartGrapheme]
      let script = scripts[runStart]
      var runEndGrapheme = runStartGrapheme + 1
      while runEndGrapheme < graphemeEnds.count, fontOfGrapheme[runEndGrapheme] == font,
        scripts[Int(graphemeEnds[runEndGrapheme - 1])] == script,
        !(continuesCluster?[runEndGrapheme] ?? false),
        scalarDirections.map({ $0[Int(graphemeEnds[runEndGrapheme - 1])] == $0[runStart] }) ?? true
      {
        runEndGrapheme += 1
      }
      let runEnd = Int(graphemeEnds[runEndGrapheme - 1])
      let properties = RunProperties(
        scriptTag: script, isRightToLeft: scalarDirections?[runStart] ?? isRightToLeft, language: language)
      var glyphs = fonts[font].shape(
        shapingScalars, range: runStart..<runEnd, properties: properties,
        disabled: disabledFeatures(ofFontAt: font < chain.fonts.count ? font : nil))
      for index in glyphs.indices { glyphs[index].cluster += UInt32(runStart) }
      runs.append(Run(font: fonts[font], scalarRange: runStart..<runEnd, glyphs: glyphs))
      runStartGrapheme = runEndGrapheme
    }
    return (graphemeEnds, runs, missing)
  }

  /// The font of each grapheme cluster of one segment, as an index into `fonts` (the chain, then
  /// installed fallback faces in order of first use; nil when no font has the cluster), and the
  /// count of scalars no font has.
  func fontsOfClusters(_ scalars: [UInt32], graphemeEnds: [Int32], scripts: [String]) -> (
    fonts: [Font], fontOfGrapheme: [Int?], missing: Int
  ) {
    var fonts = chain.fonts
    var fontOfGrapheme = [Int?](repeating: nil, count: graphemeEnds.count)
    var missing = 0
    var start = 0
    for (grapheme, end) in graphemeEnds.enumerated() {
      let cluster = scalars[start..<Int(end)]
      if let index = chain.fontIndex(coveringCluster: cluster, rule: fontRule) {
        fontOfGrapheme[grapheme] = index
      } else if let systemFallback,
        let font = systemFallback.fallbackFont(forCluster: cluster, language: language, weight: weight)
      {
        if let index = fonts.firstIndex(where: { $0 === font }) {
          fontOfGrapheme[grapheme] = index
        } else {
          fontOfGrapheme[grapheme] = fonts.count
          fonts.append(font)
        }
      } else {
        for scalar in cluster where isMissing(scalar) { missing += 1 }
      }
      start = Int(end)
    }
    if !fontRule.fallsBackForNotdefOnly {
      unifyScriptRuns(scalars, graphemeEnds: graphemeEnds, scripts: scripts, fontOfGrapheme: &fontOfGrapheme)
    }
    return (fonts, fontOfGrapheme, missing)
  }

  /// Within one segment (a word and its trailing spaces), the letters of one script run that
  /// would come from different fonts of the chain take the first font of the chain that has all
  /// of them, as a word is set in one font when the primary font lacks some of its letters (a
  /// CJK face with the basic Greek or Cyrillic letters but not the accented ones). Punctuation,
  /// digits and other Common clusters keep their own font, as do letters from installed
  /// fallback faces and a run no single font covers.
  private func unifyScriptRuns(
    _ scalars: [UInt32], graphemeEnds: [Int32], scripts: [String], fontOfGrapheme: inout [Int?]
  ) {
    var first = 0
    while first < graphemeEnds.count {
      let runStart = first == 0 ? 0 : Int(graphemeEnds[first - 1])
      let script = scripts[runStart]
      var last = first + 1
      while last < graphemeEnds.count, scripts[Int(graphemeEnds[last - 1])] == script { last += 1 }
      defer { first = last }
      let fonts = fontOfGrapheme[first..<last]
      guard script != "Zyyy", script != "Zinh", let firstFont = fonts.first,
        fonts.contains(where: { $0 != firstFont })
      else { continue }
      // The run's letters: clusters whose first scalar is of the run's own script.
      var letters: [Int] = []
      var letterScalars: [UInt32] = []
      var clusterStart = runStart
      for grapheme in first..<last {
        let end = Int(graphemeEnds[grapheme])
        if UnicodeProperties.scriptTag(scalars[clusterStart]) == script {
          letters.append(grapheme)
          letterScalars += scalars[clusterStart..<end]
        }
        clusterStart = end
      }
      guard let firstLetterFont = letters.first.map({ fontOfGrapheme[$0] }),
        letters.contains(where: { fontOfGrapheme[$0] != firstLetterFont }),
        letters.allSatisfy({ (fontOfGrapheme[$0] ?? .max) < chain.fonts.count }),
        let index = chain.fontIndex(coveringAll: letterScalars)
      else { continue }
      for grapheme in letters { fontOfGrapheme[grapheme] = index }
    }
  }

  /// Shapes one segment (see `runs(_:isRightToLeft:scalarDirections:leadingScript:)`) into
  /// grapheme widths.
  func shape(
    _ scalars: UnsafeBufferPointer<UInt32>, isRightToLeft: Bool,
    scalarDirections: UnsafeBufferPointer<Bool>? = nil, leadingScript: String? = nil
  ) -> ShapedSegment {
    let (graphemeEnds, runs, missing) = runs(
      scalars, isRightToLeft: isRightToLeft, scalarDirections: scalarDirections, leadingScript: leadingScript)
    var widths = [Double](repeating: 0, count: graphemeEnds.count)
    var grapheme = 0
    for run in runs {
      let unitsPerEm = Double(run.font.unitsPerEm)
      for glyph in run.glyphs {
        grapheme = graphemeIndex(ofScalar: Int(glyph.cluster), in: graphemeEnds, near: grapheme)
        widths[grapheme] += Double(glyph.xAdvance) / unitsPerEm
      }
      if splitsLigatures {
        splitLigatures(
          of: run, in: scalars, graphemeEnds: graphemeEnds, scalarDirections: scalarDirections,
          isRightToLeft: isRightToLeft, widths: &widths)
      }
    }
    // A cluster never takes negative room: GPOS adjustments (kerning, a lone mark with a
    // negative advance) of a broken or hostile font could otherwise make lines negative.
    for index in widths.indices where widths[index] < 0 { widths[index] = 0 }

    var trailing = 0
    var end = scalars.count
    for grapheme in stride(from: graphemeEnds.count - 1, through: 0, by: -1) {
      let begin = grapheme == 0 ? 0 : Int(graphemeEnds[grapheme - 1])
      guard
        UnicodeProperties.isTrailingWhitespace(
          cluster: scalars[begin..<end], hangsOtherSpaces: hangsOtherSpaceSeparators)
      else { break }
      trailing += 1
      end = begin
    }
    var fontMask = FontMask()
    // Hard breaks add no font to a line (Blink does not shape them; SkParagraph skips their
    // metrics).
    for run in runs where !run.scalarRange.allSatisfy({ UnicodeProperties.isHardBreak(scalars[$0]) }) {
      fontMask.insert(fontAt: chain.fonts.firstIndex { $0 === run.font })
    }
    return ShapedSegment(
      scalars: Array(scalars), graphemeWidthsEm: widths, graphemeEnds: graphemeEnds,
      trailingWhitespaceGraphemes: trailing, missingGlyphs: missing, fontMask: fontMask)
  }

  /// Shares the advance of each left-to-right glyph cluster of `run` that spans several grapheme
  /// clusters (a ligature, `fi`) among them (`LigatureSplit`), as the common path does.
  private func splitLigatures(
    of run: Run, in scalars: UnsafeBufferPointer<UInt32>, graphemeEnds: [Int32],
    scalarDirections: UnsafeBufferPointer<Bool>?, isRightToLeft: Bool, widths: inout [Double]
  ) {
    guard !(scalarDirections?[run.scalarRange.lowerBound] ?? isRightToLeft) else { return }
    let unitsPerEm = Double(run.font.unitsPerEm)
    var index = 0
    var grapheme = 0
    let glyphs = run.glyphs
    while index < glyphs.count {
      let cluster = Int(glyphs[index].cluster)
      var next = index + 1
      while next < glyphs.count, Int(glyphs[next].cluster) == cluster { next += 1 }
      let clusterEnd = next < glyphs.count ? Int(glyphs[next].cluster) : run.scalarRange.upperBound
      index = next
      grapheme = graphemeIndex(ofScalar: cluster, in: graphemeEnds, near: grapheme)
      var last = grapheme
      while last + 1 < graphemeEnds.count, Int(graphemeEnds[last]) < clusterEnd { last += 1 }
      guard last > grapheme else { continue }
      LigatureSplit.share(widths[grapheme], among: last - grapheme + 1) { part in
        let start = part == 0 ? cluster : Int(graphemeEnds[grapheme + part - 1])
        guard Int(graphemeEnds[grapheme + part]) == start + 1 else { return nil }
        return run.font.nominalAdvance(of: scalars[start]).map { Double($0) / unitsPerEm }
      } _: { part, share in
        widths[grapheme + part] = share
      }
    }
  }

  /// The most scalars a grapheme cluster keeps: a starter and 30 more, the bound of UAX #15's
  /// stream-safe text format. Real clusters (emoji ZWJ sequences included) stay far below it;
  /// a base letter with thousands of combining marks would otherwise cost HarfBuzz time
  /// quadratic in the marks, so such a cluster is cut into pieces of this many scalars, which
  /// are shaped, measured and broken between as clusters of their own.
  static let maximumClusterScalars = 31

  /// Cuts clusters longer than `maximumClusterScalars` into pieces, each with its cluster's font.
  /// Returns, per piece, whether it continues the cluster before it (nil when nothing was cut).
  static func splitLongClusters(_ ends: inout [Int32], fontOfGrapheme: inout [Int]) -> [Bool]? {
    var start: Int32 = 0
    var hasLongCluster = false
    for end in ends {
      if end - start > Int32(maximumClusterScalars) {
        hasLongCluster = true
        break
      }
      start = end
    }
    guard hasLongCluster else { return nil }
    var splitEnds: [Int32] = []
    var splitFonts: [Int] = []
    var continues: [Bool] = []
    start = 0
    for (grapheme, end) in ends.enumerated() {
      var pieceStart = start
      while end - pieceStart > Int32(maximumClusterScalars) {
        pieceStart += Int32(maximumClusterScalars)
        splitEnds.append(pieceStart)
        splitFonts.append(fontOfGrapheme[grapheme])
        continues.append(pieceStart - Int32(maximumClusterScalars) != start)
      }
      splitEnds.append(end)
      splitFonts.append(fontOfGrapheme[grapheme])
      continues.append(pieceStart != start)
      start = end
    }
    ends = splitEnds
    fontOfGrapheme = splitFonts
    return continues
  }

  /// The grapheme that holds `scalar` (the first whose end is past it; the last one at most),
  /// looked for at `first` and the one after it (clusters ascend through a left-to-right run),
  /// else by halving: right-to-left runs go backwards, and a segment may hold thousands of runs.
  private func graphemeIndex(ofScalar scalar: Int, in ends: [Int32], near first: Int) -> Int {
    let last = ends.count - 1
    for index in first..<min(first + 2, last + 1)
    where (index == 0 || Int(ends[index - 1]) <= scalar) && (index == last || Int(ends[index]) > scalar) {
      return index
    }
    var low = 0
    var high = last
    while low < high {
      let middle = (low + high) / 2
      if Int(ends[middle]) <= scalar { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Scalar offsets (exclusive ends) of the grapheme clusters of `scalars`, from ICU.
  func graphemeBoundaries(_ scalars: UnsafeBufferPointer<UInt32>) -> [Int32] {
    let ends: [Int32]? = DecodedText.withUTF16(of: scalars) { utf16, scalarOfUnit in
      graphemeBreakers.withIterator(over: utf16) { iterator in
        var ends: [Int32] = []
        ends.reserveCapacity(scalars.count)
        while let boundary = iterator.next() {
          if boundary > 0 { ends.append(scalarOfUnit[boundary]) }
        }
        return ends
      }
    }
    // Without ICU, fall back to one cluster per scalar.
    return ends ?? (1...max(1, scalars.count)).map { Int32($0) }
  }

  /// The script of each scalar with Common and Inherited resolved to the surrounding script:
  /// the script before them, and for those that start the segment, `leadingScript` when given
  /// (the script of the text's run they continue, on platforms that shape a paragraph's runs)
  /// or else the segment's first script (`leadingScriptCode(of:)`).
  func resolvedScripts(_ scalars: [UInt32], leadingScript: String? = nil) -> [String] {
    var scripts = scalars.map { UnicodeProperties.scriptTag($0) }
    var previous: String? = leadingScript
    for index in scripts.indices {
      if scripts[index] == "Zyyy" || scripts[index] == "Zinh" {
        if let previous { scripts[index] = previous }
      } else {
        previous = scripts[index]
      }
    }
    guard leadingScript == nil else { return scripts }
    // Leading Common scalars take the first real script after them. A segment with no strong
    // script at all (digits, punctuation) is shaped as Latin, the way a Latin run would carry
    // it; emoji-only segments stay Common so the emoji font's default lookups apply.
    if let firstReal = scripts.firstIndex(where: { $0 != "Zyyy" && $0 != "Zinh" }) {
      for index in 0..<firstReal { scripts[index] = scripts[firstReal] }
    } else if scalars.allSatisfy({ $0 < 0x2000 }) {
      scripts = scripts.map { _ in "Latn" }
    }
    return scripts
  }

  /// `resolvedScripts` of each run of one direction of `scalars` apart (`leadingScript` for the
  /// first's leading Common characters).
  func resolvedScripts(
    _ scalars: [UInt32], byDirectionRun directions: UnsafeBufferPointer<Bool>, leadingScript: String?
  ) -> [String] {
    var scripts: [String] = []
    scripts.reserveCapacity(scalars.count)
    var start = 0
    while start < scalars.count {
      var end = start + 1
      while end < scalars.count, directions[end] == directions[start] { end += 1 }
      scripts += resolvedScripts(Array(scalars[start..<end]), leadingScript: start == 0 ? leadingScript : nil)
      start = end
    }
    return scripts
  }

  /// The script (an ICU code) `resolvedScripts` gives the Common and Inherited scalars that
  /// start a segment of `scalars` (as given, before tabs become spaces and controls ZWSP): its
  /// first scalar's of another script, else Latin when every scalar HarfBuzz gets is below
  /// U+2000, else Common.
  static func leadingScriptCode(of scalars: UnsafeBufferPointer<UInt32>) -> Int32 {
    var belowU2000 = true
    for scalar in scalars {
      let script = ICUProperties.scriptCode(scalar)
      if !ICUProperties.Script.isCommonOrInherited(script) { return script }
      // (Hard breaks and controls are shaped as U+200B.)
      if scalar >= 0x2000 || UnicodeProperties.isHardBreak(scalar)
        || UnicodeProperties.isZeroWidthControl(scalar)
      {
        belowU2000 = false
      }
    }
    return belowU2000 ? ICUProperties.Script.latin : ICUProperties.Script.common
  }
}
