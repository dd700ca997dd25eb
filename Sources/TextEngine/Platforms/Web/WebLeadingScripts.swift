/// The script Blink shapes the Common characters that start a segment in: the script of the run
/// of the whole text they continue (``WebScriptRuns``; `HarfBuzzShaper::Shape` segments the
/// entire string), where the engine, which shapes each segment on its own, would give them the
/// segment's first script, or Latin.
///
/// It matters where HarfBuzz shapes them otherwise: `*.` after `، ` is in an Arabic run, which
/// HarfBuzz shapes left to right by reversing it into the script's own direction, so Noto Sans
/// CJK's default-script kerning narrows `*.` by 2.31 px that the Latin script leaves alone
/// (`*.PPD، *.ppd.gz`: Chromium 105.063 px). HarfBuzz does not reverse a run that holds a digit
/// (or a regional indicator) and no letter, and Blink's run takes in every character of the
/// script run in the same direction (`InlineNode::ShapeText` shapes adjacent items of one
/// direction together): `مرحبا 2020 *.` keeps its `*.` unkerned, shaped here in the Common
/// script, which HarfBuzz leaves as it is. A segment whose leading characters' script differs
/// is shaped and cached apart (``SegmentCache/languageID(_:leadingScript:)``).
enum WebLeadingScripts {
  /// For each segment (`segmentEnds`, exclusive scalar ends), 0 when the Common and Inherited
  /// characters it starts with (none, or all of it) take the script its own shaping gives them
  /// (`SegmentShaper.leadingScriptCode(of:)`), else the script (an ICU code) they are shaped
  /// in as Blink does, plus one; nil when every segment's is 0. `scalarIsRightToLeft` gives each
  /// scalar's direction (its bidi level is odd).
  static func leadingScripts(
    of codes: UnsafeBufferPointer<UInt32>, segmentEnds: UnsafeBufferPointer<(end: Int, isHard: Bool)>,
    scalarIsRightToLeft: UnsafeBufferPointer<Bool>
  ) -> [UInt8]? {
    var result: [UInt8]?
    var runs: [WebScriptRuns.Run]?
    var run = 0
    var start = 0
    // The last run of one direction looked at, and its answer: the segments in it share it.
    var stretch: (scalars: Range<Int>, keepsItsDirection: Bool) = (0..<0, false)
    for (segment, end) in segmentEnds.lazy.map(\.end).enumerated() {
      defer { start = end }
      guard start < end, ICUProperties.Script.isCommonOrInherited(ICUProperties.scriptCode(codes[start]))
      else {
        continue
      }
      // (The runs are found once a segment starts with a Common character.)
      if runs == nil { runs = WebScriptRuns.runs(of: codes, in: 0..<codes.count) }
      let textRuns = runs.unsafelyUnwrapped
      while run < textRuns.count - 1, textRuns[run].end <= start { run += 1 }
      var script = textRuns[run].script
      let own = SegmentShaper.leadingScriptCode(of: UnsafeBufferPointer(rebasing: codes[start..<end]))
      guard script != own, (0..<Int32(UInt8.max)).contains(script) else { continue }
      if !scalarIsRightToLeft[start], HarfBuzzScripts.isRightToLeft(script) {
        if !stretch.scalars.contains(start) {
          let runStart = run == 0 ? 0 : textRuns[run - 1].end
          stretch = leftToRightStretch(
            codes: codes, around: start, within: runStart..<textRuns[run].end,
            scalarIsRightToLeft: scalarIsRightToLeft)
        }
        if stretch.keepsItsDirection {
          script = ICUProperties.Script.common
          guard script != own else { continue }
        }
      }
      if result == nil { result = [UInt8](repeating: 0, count: segmentEnds.count) }
      result![segment] = UInt8(script + 1)
    }
    return result
  }

  /// Blink's run around the left-to-right scalar `index` (the scalars of script run `scriptRun`
  /// that reach it in its direction, no hard break or tab between), and whether HarfBuzz shapes
  /// it left to right though its script is right to left: it holds a decimal digit or a
  /// regional indicator and no letter.
  static func leftToRightStretch(
    codes: UnsafeBufferPointer<UInt32>, around index: Int, within scriptRun: Range<Int>,
    scalarIsRightToLeft: UnsafeBufferPointer<Bool>
  ) -> (scalars: Range<Int>, keepsItsDirection: Bool) {
    func joins(_ scalar: Int) -> Bool {
      !scalarIsRightToLeft[scalar] && codes[scalar] != 0x09 && !UnicodeProperties.isHardBreak(codes[scalar])
    }
    var low = index
    while low > scriptRun.lowerBound, joins(low - 1) { low -= 1 }
    var high = index
    while high < scriptRun.upperBound, joins(high) { high += 1 }
    var hasNumber = false
    for scalar in codes[low..<high] {
      guard let properties = Unicode.Scalar(scalar)?.properties else { continue }
      switch properties.generalCategory {
      case .decimalNumber: hasNumber = true
      case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
        return (low..<high, false)
      default: if (0x1F1E6...0x1F1FF).contains(scalar) { hasNumber = true }
      }
    }
    return (low..<high, hasNumber)
  }
}
