/// Where SkParagraph adds no letter spacing: after any cluster of a run shaped in a cursive
/// script (Arabic, Hanifi Rohingya, Mandaic, Mongolian, N'Ko, Phags-pa, Syriac;
/// `Run::isCursiveScript`), its spaces too (Blink spaces those). Its runs are SkShaper's script
/// runs (`SkUnicodeHbScriptRunIterator`): each character's own script, Common and Inherited
/// characters joining the run they are in (those that lead the text take the first script after
/// them), without Script_Extensions or bracket pairs; each bidi run has runs of its own
/// (`OneLineShaper` shapes each bidi region apart), its leading Common characters taking its
/// first script.
enum FlutterLetterSpacing {
  /// For each scalar of `codes`, true when a cluster it starts takes no letter spacing;
  /// `scalarIsRightToLeft`, each scalar's direction where the text has right-to-left ones.
  static func unspacedScalars(of codes: UnsafeBufferPointer<UInt32>, scalarIsRightToLeft: [Bool]? = nil)
    -> [Bool]
  {
    var unspaced = [Bool](repeating: false, count: codes.count)
    var runStart = 0
    var runScript = ICUProperties.Script.common
    func endRun(at end: Int) {
      guard ICUProperties.Script.isCursive(runScript) else { return }
      for scalar in runStart..<end { unspaced[scalar] = true }
    }
    for (index, scalar) in codes.enumerated() {
      if let scalarIsRightToLeft, index > 0, scalarIsRightToLeft[index] != scalarIsRightToLeft[index - 1] {
        endRun(at: index)
        runStart = index
        runScript = ICUProperties.Script.common
      }
      let script = ICUProperties.scriptCode(scalar)
      if script == runScript || script <= ICUProperties.Script.inherited { continue }
      if runScript <= ICUProperties.Script.inherited {
        runScript = script
        continue
      }
      endRun(at: index)
      runStart = index
      runScript = script
    }
    endRun(at: codes.count)
    return unspaced
  }
}
