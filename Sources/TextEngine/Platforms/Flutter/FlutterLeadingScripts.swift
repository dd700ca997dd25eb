/// The script SkParagraph shapes the Common characters that start a segment in: the script of
/// SkShaper's run they continue (`SkUnicodeHbScriptRunIterator`, over the whole text): each
/// character's own script, Common and Inherited characters joining the run they are in, those
/// that lead the text taking the first script after them; no Script_Extensions or bracket pairs
/// (as ``FlutterLetterSpacing``'s runs). It matters only for a font that shapes such characters
/// by script (`Font.shapesCommonCharactersByScript`: Noto Serif CJK gives a digit after Han its
/// Han form, after Latin a proportional one).
enum FlutterLeadingScripts {
  /// For each segment (`segmentEnds`, exclusive scalar ends), 0 when the Common and Inherited
  /// characters it starts with take the script its own shaping gives them
  /// (`SegmentShaper.leadingScriptCode(of:)`), else the script (an ICU code) of SkShaper's run
  /// they continue, plus one; nil when every segment's is 0.
  static func leadingScripts(
    of codes: UnsafeBufferPointer<UInt32>, segmentEnds: UnsafeBufferPointer<(end: Int, isHard: Bool)>
  ) -> [UInt8]? {
    var result: [UInt8]?
    // The script of the run so far; before the first character with a script of its own, that
    // character's (the characters leading the text take the first script after them).
    var runScript =
      codes.lazy.map(ICUProperties.scriptCode).first { !ICUProperties.Script.isCommonOrInherited($0) }
      ?? ICUProperties.Script.common
    var start = 0
    for (segment, end) in segmentEnds.lazy.map(\.end).enumerated() {
      defer { start = end }
      guard start < end else { continue }
      let first = ICUProperties.scriptCode(codes[start])
      if ICUProperties.Script.isCommonOrInherited(first),
        !ICUProperties.Script.isCommonOrInherited(runScript),
        runScript < Int32(UInt8.max),
        runScript != SegmentShaper.leadingScriptCode(of: UnsafeBufferPointer(rebasing: codes[start..<end]))
      {
        if result == nil { result = [UInt8](repeating: 0, count: segmentEnds.count) }
        result![segment] = UInt8(runScript + 1)
      }
      // The run's script after this segment: its last character with a script of its own.
      for scalar in codes[start..<end].reversed() {
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
