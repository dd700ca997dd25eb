/// The script SkParagraph shapes the Common characters that start a segment in: the script of
/// SkShaper's run they continue (`SkUnicodeHbScriptRunIterator`, over each bidi run, which
/// `OneLineShaper` shapes apart): each character's own script, Common and Inherited characters
/// joining the run they are in, those that lead a bidi run taking the first script after them in
/// it; no Script_Extensions or bracket pairs (as ``FlutterLetterSpacing``'s runs). It matters only for a font that shapes such characters
/// by script (`Font.shapesCommonCharactersByScript`: Noto Serif CJK gives a digit after Han its
/// Han form, after Latin a proportional one).
enum FlutterLeadingScripts {
  /// For each segment (`segmentEnds`, exclusive scalar ends), 0 when the Common and Inherited
  /// characters it starts with take the script its own shaping gives them
  /// (`SegmentShaper.leadingScriptCode(of:)`), else the script (an ICU code) of SkShaper's run
  /// they continue, plus one; nil when every segment's is 0. `scalarIsRightToLeft`: each
  /// scalar's direction (empty: all left to right).
  static func leadingScripts(
    of codes: UnsafeBufferPointer<UInt32>, segmentEnds: UnsafeBufferPointer<(end: Int, isHard: Bool)>,
    scalarIsRightToLeft: UnsafeBufferPointer<Bool>
  ) -> [UInt8]? {
    var result: [UInt8]?
    // The first script of its own from `index` to the end of its bidi run.
    func firstScript(from index: Int) -> Int32 {
      var index = index
      let isRightToLeft = scalarIsRightToLeft.isEmpty ? false : scalarIsRightToLeft[index]
      while index < codes.count, scalarIsRightToLeft.isEmpty || scalarIsRightToLeft[index] == isRightToLeft {
        let script = ICUProperties.scriptCode(codes[index])
        if !ICUProperties.Script.isCommonOrInherited(script) { return script }
        index += 1
      }
      return ICUProperties.Script.common
    }
    // The script of the run so far; where a bidi run starts, its first script of its own (the
    // characters leading a bidi run take the first script after them).
    var runScript = codes.isEmpty ? ICUProperties.Script.common : firstScript(from: 0)
    var start = 0
    for (segment, end) in segmentEnds.lazy.map(\.end).enumerated() {
      defer { start = end }
      guard start < end else { continue }
      if start > 0, !scalarIsRightToLeft.isEmpty, scalarIsRightToLeft[start] != scalarIsRightToLeft[start - 1]
      {
        runScript = firstScript(from: start)
      }
      let first = ICUProperties.scriptCode(codes[start])
      if ICUProperties.Script.isCommonOrInherited(first),
        !ICUProperties.Script.isCommonOrInherited(runScript),
        runScript < Int32(UInt8.max),
        runScript != SegmentShaper.leadingScriptCode(of: UnsafeBufferPointer(rebasing: codes[start..<end]))
      {
        if result == nil { result = [UInt8](repeating: 0, count: segmentEnds.count) }
        result![segment] = UInt8(runScript + 1)
      }
      // The run's script after this segment: its last character with a script of its own, the
      // runs of each bidi run it holds starting again.
      for index in start + 1..<end
      where !scalarIsRightToLeft.isEmpty && scalarIsRightToLeft[index] != scalarIsRightToLeft[index - 1] {
        runScript = firstScript(from: index)
      }
      let lastRunStart =
        scalarIsRightToLeft.isEmpty
        ? start
        : (start..<end).last { $0 == start || scalarIsRightToLeft[$0] != scalarIsRightToLeft[$0 - 1] }
          ?? start
      for scalar in codes[lastRunStart..<end].reversed() {
        let script = ICUProperties.scriptCode(scalar)
        if !ICUProperties.Script.isCommonOrInherited(script) {
          runScript = script
          break
        }
      }
    }
    return result
  }
}
