/// Where Blink adds no letter spacing (`ShapeResultSpacing::ComputeSpacing` under
/// `IgnoreLetterSpacingInCursiveScripts`, `ShapeResult::ApplySpacing`): after a cluster that
/// starts with a character Blink treats as a zero-width space (form feed, carriage return,
/// U+FFFC, a Default_Ignorable_Code_Point: ZWJ, ZWNJ, ZWSP…), and in a run shaped in a cursive
/// script (Arabic, Hanifi Rohingya, Mandaic, Mongolian, N'Ko, Phags-pa, Syriac:
/// ``WebScriptRuns``) after every cluster but a space (U+0020, tab, line feed, no-break space),
/// so that joined letters stay joined. Common characters in such a run (digits, punctuation)
/// take none either. The script runs are the whole text's, whatever bidi items and control
/// characters divide it ("run segmentation needs to operate on the entire string",
/// `HarfBuzzShaper::Shape`).
enum WebLetterSpacing {
  /// For each scalar of `codes`, true when a cluster it starts takes no letter spacing.
  static func unspacedScalars(of codes: UnsafeBufferPointer<UInt32>) -> [Bool] {
    var unspaced = [Bool](repeating: false, count: codes.count)
    var hasCursive = false
    for (index, scalar) in codes.enumerated() {
      if isZeroWidthSpace(scalar) { unspaced[index] = true }
      if !hasCursive, scalar >= 0x0600, ICUProperties.Script.isCursive(ICUProperties.scriptCode(scalar)) {
        hasCursive = true
      }
    }
    // (Most texts have no cursive script: no runs to find.)
    guard hasCursive else { return unspaced }
    var runStart = 0
    for run in WebScriptRuns.runs(of: codes, in: 0..<codes.count) {
      if ICUProperties.Script.isCursive(run.script) {
        for scalar in runStart..<run.end where !isSpace(codes[scalar]) { unspaced[scalar] = true }
      }
      runStart = run.end
    }
    return unspaced
  }

  /// `Character::TreatAsZeroWidthSpace`.
  static func isZeroWidthSpace(_ scalar: UInt32) -> Bool {
    scalar == 0x0C || scalar == 0x0D || scalar == 0xFFFC
      || (scalar >= 0xAD && ICUProperties.isDefaultIgnorable(scalar))
  }

  /// The spaces that take letter spacing in a cursive run (`Character::TreatAsSpace`).
  static func isSpace(_ scalar: UInt32) -> Bool {
    scalar == 0x20 || scalar == 0x09 || scalar == 0x0A || scalar == 0xA0
  }
}
