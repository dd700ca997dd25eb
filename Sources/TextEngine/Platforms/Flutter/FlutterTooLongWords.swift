/// Whether SkParagraph begins a word too long for any line on the line before it
/// (`TextWrapper::lookAhead`'s `fTooLongWord`): when the word's clusters that fit there span
/// more than one glyph as `fClusters.endPos() − fClusters.startPos()` counts them, the glyph
/// index (in its run) where the last fitting cluster ends less the one (in its run) where the
/// first starts, in `size_t`. Within one run that is how many glyphs fit; across runs (a font
/// or a script change inside the word: `😱“msgid”和“msgstr`) it is a difference of positions in
/// two runs, and a negative one wraps to a huge number. Runs are SkShaper's: a change of font
/// (the chain's cluster font rule) or of script (``FlutterLetterSpacing``'s script runs) or of
/// direction starts one, and in styled spans a change of size or weight; a cluster is taken as
/// one glyph. A run's direction is its bidi level's (ICU's algorithm over the paragraph at level
/// 0, as SkShaper's bidi iterator for `TextDirection.ltr`: a neutral takes the direction of the
/// text around it, `مرحبا (1545<` puts `(` and `<` in right-to-left runs of their own), and a
/// right-to-left run's glyphs come in visual order (SkParagraph numbers the first cluster in text
/// order last: `Run::iterateThroughClustersInTextOrder`), so a word's first cluster there starts
/// at the run's glyph count less its place less one. A grapheme of no width continues the cluster
/// before it (lam-alef, whose advance its first grapheme holds). One cluster fitting is as many
/// glyphs as HarfBuzz draws it: a scalar each unless they compose into one (`के` fills the line).
/// Where a cluster of several scalars that is not an emoji sequence (a Thai vowel sign: glyphs
/// not counted as one) lies where its glyph count enters the difference, two graphemes fitting
/// decides, as before.
///
/// A cursor: the line finder asks about words in text order, so the runs are found once, going
/// forward.
struct FlutterTooLongWords {
  /// The text's clusters and where their fonts come from: a plain text's view (valid while the
  /// line finder runs) and the chain it was prepared in, or a styled paragraph's arrays with
  /// each cluster's font of its span's chain found by the same rule (-1: a hard break; -2: none),
  /// where a change of span size or weight starts a run too.
  enum Clusters {
    case plain(
      codes: UnsafePointer<UInt32>, graphemeEnds: UnsafeBufferPointer<Int32>,
      graphemeWidths: UnsafeBufferPointer<Double>, chain: UnsafePointer<FontChain?>, rule: ClusterFontRule)
    case spans(
      codes: [UInt32], graphemeEnds: [Int32], graphemeWidths: [Double], graphemeSpans: [Int32],
      styles: [TextStyle], clusterFontIndices: [Int16])
  }

  private let clusters: Clusters
  /// The next grapheme to look at, and the run the graphemes before it end in: its font and
  /// script (Common until a character with a script of its own).
  private var next = 0
  private var runFont: Int?
  private var runScript = ICUProperties.Script.common
  /// The first grapheme of each run found so far (ascending; the last one's run may go on past
  /// `next`) and its bidi level.
  private var runStarts: [Int] = [0]
  private var runLevels: [UInt8] = [0]
  /// The place of each grapheme looked at among its run's clusters: a grapheme of no width after
  /// another of its run continues its cluster (the rest of a ligature, such as lam-alef, whose
  /// advance its first grapheme holds).
  private var clusterIndices: [Int] = []
  /// Each scalar's bidi level, found at the first word asked about in a text with right-to-left
  /// scalars (nil: none, every level 0; or ICU failed and `bidiFailed`).
  private var scalarLevels: [UInt8]?
  private var levelsFound = false
  private var bidiFailed = false
  /// The graphemes looked at whose glyphs are not counted well as one (several scalars, not an
  /// emoji sequence: a Thai vowel sign, an Indic conjunct), ascending.
  private var complexGraphemes: [Int] = []

  /// A cursor over a plain text's view, or nil when the view has no scalars or no chain (the
  /// rule then falls back to two graphemes fitting).
  init?(view: PreparedTextStorage.View, rule: ClusterFontRule) {
    guard let codes = view.codes, let chain = view.fontChain, chain.pointee != nil else { return nil }
    clusters = .plain(
      codes: codes, graphemeEnds: view.graphemeEnds, graphemeWidths: view.graphemeWidths,
      chain: chain, rule: rule)
  }

  /// A cursor over `clusters`.
  init(_ clusters: Clusters) {
    self.clusters = clusters
  }

  /// The scalars of grapheme `grapheme` of `clusters` (offsets into the text's scalars).
  private static func scalars(of grapheme: Int, in clusters: Clusters) -> Range<Int> {
    switch clusters {
    case .plain(_, let graphemeEnds, _, _, _):
      (grapheme == 0 ? 0 : Int(graphemeEnds[grapheme - 1]))..<Int(graphemeEnds[grapheme])
    case .spans(_, let graphemeEnds, _, _, _, _):
      (grapheme == 0 ? 0 : Int(graphemeEnds[grapheme - 1]))..<Int(graphemeEnds[grapheme])
    }
  }

  /// The advance of grapheme `grapheme` of `clusters`.
  private static func width(of grapheme: Int, in clusters: Clusters) -> Double {
    switch clusters {
    case .plain(_, _, let graphemeWidths, _, _): graphemeWidths[grapheme]
    case .spans(_, _, let graphemeWidths, _, _, _): graphemeWidths[grapheme]
    }
  }

  /// Calls `body` with the scalars of grapheme `grapheme` of `clusters`.
  private static func withCluster<Result>(
    _ grapheme: Int, of clusters: Clusters, _ body: (UnsafeBufferPointer<UInt32>) -> Result
  ) -> Result {
    let range = scalars(of: grapheme, in: clusters)
    switch clusters {
    case .plain(let codes, _, _, _, _):
      return body(UnsafeBufferPointer(start: codes + range.lowerBound, count: range.count))
    case .spans(let codes, _, _, _, _, _):
      return codes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }
  }

  /// Notes grapheme `next`: whether it starts a run.
  private mutating func startsRun() -> Bool {
    let clusters = clusters
    var changes = false
    switch clusters {
    case .plain(_, _, _, let chain, let rule):
      Self.withCluster(next, of: clusters) { cluster in
        // (Hard breaks take no font, as in `SegmentShaper.shape`.)
        guard !cluster.allSatisfy(UnicodeProperties.isHardBreak) else { return }
        let font = chain.pointee.unsafelyUnwrapped.fontIndex(coveringCluster: cluster, rule: rule)
        changes = next > 0 && font != runFont
        runFont = font
      }
    case .spans(_, _, _, let graphemeSpans, let styles, let clusterFontIndices):
      if next > 0 {
        let span = styles[Int(graphemeSpans[next])]
        let before = styles[Int(graphemeSpans[next - 1])]
        changes = span.fontSize != before.fontSize || span.weight != before.weight
      }
      let index = clusterFontIndices[next]
      if index != -1 {
        let font = index == -2 ? nil : Int(index)
        changes = changes || (next > 0 && font != runFont)
        runFont = font
      }
    }
    return Self.withCluster(next, of: clusters) { changesScript($0) } || changes
  }

  /// Whether grapheme `grapheme` is a cluster of several scalars that is not an emoji sequence.
  private func isComplex(_ grapheme: Int) -> Bool {
    Self.withCluster(grapheme, of: clusters) { $0.count > 1 && !UnicodeProperties.wantsEmojiPresentation($0) }
  }

  /// Whether `cluster` starts a script run (the run's script updated).
  private mutating func changesScript(_ cluster: UnsafeBufferPointer<UInt32>) -> Bool {
    var changes = false
    for scalar in cluster {
      let script = ICUProperties.scriptCode(scalar)
      if ICUProperties.Script.isCommonOrInherited(script) || script == runScript { continue }
      if !ICUProperties.Script.isCommonOrInherited(runScript) { changes = true }
      runScript = script
    }
    return changes
  }

  /// The number of graphemes of the text.
  private var graphemeCount: Int {
    switch clusters {
    case .plain(_, let graphemeEnds, _, _, _): graphemeEnds.count
    case .spans(_, let graphemeEnds, _, _, _, _): graphemeEnds.count
    }
  }

  /// Finds each scalar's direction when the text holds a right-to-left scalar.
  private mutating func findLevels() {
    levelsFound = true
    let codes: [UInt32]
    switch clusters {
    case .plain(let pointer, let graphemeEnds, _, _, _):
      let count = graphemeEnds.last.map { Int($0) } ?? 0
      guard UnsafeBufferPointer(start: pointer, count: count).contains(where: BidiLevels.mayBeRightToLeft)
      else {
        return
      }
      codes = Array(UnsafeBufferPointer(start: pointer, count: count))
    case .spans(let spanCodes, _, _, _, _, _):
      guard spanCodes.contains(where: BidiLevels.mayBeRightToLeft) else { return }
      codes = spanCodes
    }
    scalarLevels = try? BidiLevels.scalarLevels(codes, isLeftToRight: true)
    bidiFailed = scalarLevels == nil
  }

  /// Looks at grapheme `next`: notes whether it is complex and whether it starts a run.
  private mutating func step() {
    if isComplex(next) { complexGraphemes.append(next) }
    let level = scalarLevels?[Self.scalars(of: next, in: clusters).lowerBound] ?? 0
    var startsNewRun = false
    if next == 0 {
      _ = startsRun()
      runLevels[0] = level
    } else if level != runLevels[runLevels.count - 1] {
      // A bidi region of its own, shaped apart: its script runs start again.
      runScript = ICUProperties.Script.common
      _ = startsRun()
      startsNewRun = true
    } else {
      startsNewRun = startsRun()
    }
    if startsNewRun {
      runStarts.append(next)
      runLevels.append(level)
    }
    clusterIndices.append(
      next == 0 || startsNewRun
        ? 0 : clusterIndices[next - 1] + (Self.width(of: next, in: clusters) == 0 ? 0 : 1))
    next += 1
  }

  /// The run (an index into `runStarts`) grapheme `grapheme` is in.
  private mutating func run(of grapheme: Int) -> Int {
    while next <= grapheme { step() }
    var low = 0
    var high = runStarts.count
    while low < high {
      let middle = (low + high) / 2
      if runStarts[middle] <= grapheme { low = middle + 1 } else { high = middle }
    }
    return low - 1
  }

  /// The grapheme after the last of run `run`.
  private mutating func end(ofRun run: Int) -> Int {
    while run + 1 == runStarts.count, next < graphemeCount { step() }
    return run + 1 < runStarts.count ? runStarts[run + 1] : graphemeCount
  }

  /// Where the glyph of grapheme `grapheme` starts and ends in its run, and the graphemes whose
  /// glyph counts those places depend on (before it in a left-to-right run, after it in a
  /// right-to-left one, whose glyphs come in visual order).
  private mutating func glyphPlace(of grapheme: Int) -> (start: Int, end: Int, dependsOn: Range<Int>) {
    let run = run(of: grapheme)
    let runStart = runStarts[run]
    let offset = clusterIndices[grapheme]
    guard runLevels[run] & 1 == 1 else { return (offset, offset + 1, runStart..<grapheme) }
    let runEnd = end(ofRun: run)
    let count = clusterIndices[runEnd - 1] + 1
    return (count - 1 - offset, count - offset, grapheme + 1..<runEnd)
  }

  /// True when a grapheme of `complexGraphemes` lies in `low...high`.
  private func hasComplexGrapheme(from low: Int, through high: Int) -> Bool {
    var lower = 0
    var upper = complexGraphemes.count
    while lower < upper {
      let middle = (lower + upper) / 2
      if complexGraphemes[middle] < low { lower = middle + 1 } else { upper = middle }
    }
    return lower < complexGraphemes.count && complexGraphemes[lower] <= high
  }

  /// True when SkParagraph begins the word of graphemes from `first`, of which `fitting` fit on
  /// the line, on that line.
  mutating func fillsLine(from first: Int, fitting: Int) -> Bool {
    guard fitting > 0 else { return false }
    if !levelsFound { findLevels() }
    // One cluster fits: its glyphs decide, one for a cluster of one scalar or of scalars that
    // compose into one (HarfBuzz's normalizer), else a glyph a scalar at least (a base and its
    // marks, a consonant and its vowel sign: `के` fills the line).
    if fitting == 1 {
      return !bidiFailed && isComplex(first)
        && !Self.withCluster(first, of: clusters, HarfBuzzNormalization.composesToOneScalar)
    }
    let last = first + fitting - 1
    let (start, _, firstDependsOn) = glyphPlace(of: first)
    let (_, end, lastDependsOn) = glyphPlace(of: last)
    let firstRun = run(of: first)
    let lastRun = run(of: last)
    let counted: Bool
    if runLevels[firstRun] & 1 == 0 && runLevels[lastRun] & 1 == 0 {
      counted = !hasComplexGrapheme(from: runStarts[firstRun], through: last)
    } else if firstRun == lastRun {
      // (In one right-to-left run the difference is less the glyphs between the two clusters:
      // it depends on no glyph count but that of a cluster alone on the line.)
      counted = true
    } else {
      // (Where the first cluster starts depends on the glyphs beside it, not its own; where the
      // last ends, on its own too.)
      counted =
        !hasComplexGrapheme(from: firstDependsOn.lowerBound, through: firstDependsOn.upperBound - 1)
        && !hasComplexGrapheme(
          from: min(lastDependsOn.lowerBound, last), through: max(last, lastDependsOn.upperBound - 1))
    }
    if bidiFailed || !counted { return fitting >= 2 }
    // (`size_t`: a negative difference is huge.)
    return end - start > 1 || end < start
  }
}
