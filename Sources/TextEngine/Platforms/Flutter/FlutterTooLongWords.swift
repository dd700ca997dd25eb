/// Whether SkParagraph begins a word too long for any line on the line before it
/// (`TextWrapper::lookAhead`'s `fTooLongWord`): when the word's clusters that fit there span
/// more than one glyph as `fClusters.endPos() − fClusters.startPos()` counts them, the glyph
/// index (in its run) where the last fitting cluster ends less the one (in its run) where the
/// first starts, in `size_t`. Within one run that is how many glyphs fit; across runs (a font
/// or a script change inside the word: `😱“msgid”和“msgstr`) it is a difference of positions in
/// two runs, and a negative one wraps to a huge number. Runs are SkShaper's: a change of font
/// (the chain's cluster font rule) or of script (``FlutterLetterSpacing``'s script runs) or of
/// direction starts one, and in styled spans a change of size or weight; a cluster is taken as
/// one glyph. In text with right-to-left scalars (whose runs' glyphs come in visual order), and
/// where a cluster of several scalars that is not an emoji sequence (a Thai vowel sign: glyphs
/// not counted as one) lies between the word's first run's start and its last fitting cluster,
/// two graphemes fitting decides, as before.
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
      chain: UnsafePointer<FontChain?>, rule: ClusterFontRule)
    case spans(
      codes: [UInt32], graphemeEnds: [Int32], graphemeSpans: [Int32], styles: [TextStyle],
      clusterFontIndices: [Int16])
  }

  private let clusters: Clusters
  /// The next grapheme to look at, and the run the graphemes before it end in: its first
  /// grapheme, font, script (Common until a character with a script of its own) and direction.
  private var next = 0
  private var runStart = 0
  /// The first graphemes of the runs before the current one, ascending.
  private var earlierRunStarts: [Int] = []
  private var runFont: Int?
  private var runScript = ICUProperties.Script.common
  private var runIsRightToLeft = false
  /// True once a right-to-left scalar was looked at: glyphs of right-to-left runs come in visual
  /// order, which this count does not model (two graphemes fitting decides instead).
  private var sawRightToLeft = false
  /// The graphemes looked at whose glyphs are not counted well as one (several scalars, not an
  /// emoji sequence: a Thai vowel sign, an Indic conjunct), ascending: where one lies between a
  /// word's first run's start and its last fitting cluster, two graphemes fitting decides.
  private var complexGraphemes: [Int] = []

  /// A cursor over a plain text's view, or nil when the view has no scalars or no chain (the
  /// rule then falls back to two graphemes fitting).
  init?(view: PreparedTextStorage.View, rule: ClusterFontRule) {
    guard let codes = view.codes, let chain = view.fontChain, chain.pointee != nil else { return nil }
    clusters = .plain(codes: codes, graphemeEnds: view.graphemeEnds, chain: chain, rule: rule)
  }

  /// A cursor over `clusters`.
  init(_ clusters: Clusters) {
    self.clusters = clusters
  }

  /// Calls `body` with the scalars of grapheme `grapheme` of `clusters`.
  private static func withCluster<Result>(
    _ grapheme: Int, of clusters: Clusters, _ body: (UnsafeBufferPointer<UInt32>) -> Result
  ) -> Result {
    switch clusters {
    case .plain(let codes, let graphemeEnds, _, _):
      let start = grapheme == 0 ? 0 : Int(graphemeEnds[grapheme - 1])
      return body(UnsafeBufferPointer(start: codes + start, count: Int(graphemeEnds[grapheme]) - start))
    case .spans(let codes, let graphemeEnds, _, _, _):
      let start = grapheme == 0 ? 0 : Int(graphemeEnds[grapheme - 1])
      return codes.withUnsafeBufferPointer {
        body(UnsafeBufferPointer(rebasing: $0[start..<Int(graphemeEnds[grapheme])]))
      }
    }
  }

  /// Notes grapheme `next`: whether it starts a run.
  private mutating func startsRun() -> Bool {
    let clusters = clusters
    var changes = false
    switch clusters {
    case .plain(_, _, let chain, let rule):
      Self.withCluster(next, of: clusters) { cluster in
        // (Hard breaks take no font, as in `SegmentShaper.shape`.)
        guard !cluster.allSatisfy(UnicodeProperties.isHardBreak) else { return }
        let font = chain.pointee.unsafelyUnwrapped.fontIndex(coveringCluster: cluster, rule: rule)
        changes = next > 0 && font != runFont
        runFont = font
      }
    case .spans(_, _, let graphemeSpans, let styles, let clusterFontIndices):
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

  /// Whether `cluster` starts a script run or a run of another direction (the run's script and
  /// direction updated).
  private mutating func changesScript(_ cluster: UnsafeBufferPointer<UInt32>) -> Bool {
    var changes = false
    for scalar in cluster {
      let script = ICUProperties.scriptCode(scalar)
      if ICUProperties.Script.isCommonOrInherited(script) { continue }
      let isRightToLeft = BidiLevels.mayBeRightToLeft(scalar)
      if isRightToLeft != runIsRightToLeft, next > 0 { changes = true }
      if isRightToLeft { sawRightToLeft = true }
      runIsRightToLeft = isRightToLeft
      if script == runScript { continue }
      if !ICUProperties.Script.isCommonOrInherited(runScript) { changes = true }
      runScript = script
    }
    return changes
  }

  /// The run offset (graphemes since its run's first) of `grapheme`.
  private mutating func offset(of grapheme: Int) -> Int {
    guard grapheme >= runStart else {
      // (A grapheme looked at before: the last run start at or before it.)
      var low = 0
      var high = earlierRunStarts.count
      while low < high {
        let middle = (low + high) / 2
        if earlierRunStarts[middle] <= grapheme { low = middle + 1 } else { high = middle }
      }
      return grapheme - (low == 0 ? 0 : earlierRunStarts[low - 1])
    }
    while next <= grapheme {
      if isComplex(next) { complexGraphemes.append(next) }
      if startsRun() {
        earlierRunStarts.append(runStart)
        runStart = next
      }
      next += 1
    }
    return grapheme - runStart
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
    let start = offset(of: first)
    let last = first + fitting - 1
    let end = offset(of: last) + 1
    if sawRightToLeft || hasComplexGrapheme(from: first - start, through: last) { return fitting >= 2 }
    // (`size_t`: a negative difference is huge.)
    return end - start > 1 || end < start
  }
}
