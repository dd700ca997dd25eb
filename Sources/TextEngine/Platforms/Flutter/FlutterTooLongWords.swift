/// Whether SkParagraph begins a word too long for any line on the line before it
/// (`TextWrapper::lookAhead`'s `fTooLongWord`): when the word's clusters that fit there span
/// more than one glyph as `fClusters.endPos() − fClusters.startPos()` counts them, the glyph
/// index (in its run) where the last fitting cluster ends less the one (in its run) where the
/// first starts, in `size_t`. Within one run that is how many glyphs fit; across runs (a font
/// or a script change inside the word: `😱“msgid”和“msgstr`) it is a difference of positions in
/// two runs, and a negative one wraps to a huge number. Runs are SkShaper's: a change of font
/// (the chain's cluster font rule) or of script (``FlutterLetterSpacing``'s script runs) or of
/// direction starts one; a cluster is taken as one glyph. In text with right-to-left scalars (whose
/// runs' glyphs come in visual order) two graphemes fitting decides, as before.
///
/// A cursor: the line finder asks about words in text order, so the runs are found once, going
/// forward.
struct FlutterTooLongWords {
  private let codes: UnsafePointer<UInt32>
  private let graphemeEnds: UnsafeBufferPointer<Int32>
  private let chain: UnsafePointer<FontChain?>
  private let rule: ClusterFontRule
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

  /// A cursor over `view`'s graphemes, or nil when the view has no scalars or no chain (the
  /// rule then falls back to two graphemes fitting).
  init?(view: PreparedTextStorage.View, rule: ClusterFontRule) {
    guard let codes = view.codes, let chain = view.fontChain, chain.pointee != nil else { return nil }
    self.codes = codes
    self.graphemeEnds = view.graphemeEnds
    self.chain = chain
    self.rule = rule
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
    let chain = self.chain.pointee.unsafelyUnwrapped
    while next <= grapheme {
      let start = next == 0 ? 0 : Int(graphemeEnds[next - 1])
      let cluster = UnsafeBufferPointer(start: codes + start, count: Int(graphemeEnds[next]) - start)
      var startsRun = false
      // (Hard breaks take no font, as in `SegmentShaper.shape`.)
      if !cluster.allSatisfy(UnicodeProperties.isHardBreak) {
        let font = chain.fontIndex(coveringCluster: cluster, rule: rule)
        if next > 0, font != runFont { startsRun = true }
        runFont = font
      }
      for scalar in cluster {
        let script = ICUProperties.scriptCode(scalar)
        let isRightToLeft = BidiLevels.mayBeRightToLeft(scalar)
        if ICUProperties.Script.isCommonOrInherited(script) { continue }
        if isRightToLeft != runIsRightToLeft, next > 0 { startsRun = true }
        if isRightToLeft { sawRightToLeft = true }
        runIsRightToLeft = isRightToLeft
        if script == runScript { continue }
        if !ICUProperties.Script.isCommonOrInherited(runScript) { startsRun = true }
        runScript = script
      }
      if startsRun {
        earlierRunStarts.append(runStart)
        runStart = next
      }
      next += 1
    }
    return grapheme - runStart
  }

  /// True when SkParagraph begins the word of graphemes from `first`, of which `fitting` fit on
  /// the line, on that line.
  mutating func fillsLine(from first: Int, fitting: Int) -> Bool {
    guard fitting > 0 else { return false }
    let start = offset(of: first)
    let end = offset(of: first + fitting - 1) + 1
    if sawRightToLeft { return fitting >= 2 }
    // (`size_t`: a negative difference is huge.)
    return end - start > 1 || end < start
  }
}
