/// The bidi directions of a text's line-break segments (texts with right-to-left scalars only).
///
/// Clients shape one run per bidi level (Blink: an `InlineItem` per level run, shaped per
/// script and font in it, `inline_items_builder.cc`; SkParagraph: a run per bidi run), so a
/// segment whose scalars change direction — `<b>خيارات`, `(للاستخدام` after Latin text — is
/// shaped in runs of one direction each: Arabic shaped left-to-right picks other glyphs.
struct SegmentDirections {
  /// Per segment: not plainly left-to-right (its first scalar is right-to-left, or its scalars
  /// change direction). Such segments are never kerned across nor shaped in batches.
  let rightToLeft: [Bool]
  /// Per segment: its scalars change direction.
  let isMixed: [Bool]
  /// Per scalar: its bidi level is odd.
  let scalarIsRightToLeft: [Bool]
  /// Where the bidi level changes (scalar offsets, ascending): the starts of Blink's inline items
  /// after the first.
  let itemStarts: [Int32]
  /// Per segment: the script its leading Common characters are shaped in, an ICU code plus one
  /// (0: the segment's own; `PlatformTextRules.leadingScripts(of:segmentEnds:scalarIsRightToLeft:)`);
  /// empty when every segment's is 0.
  var leadingScripts: [UInt8] = []

  /// The ISO 15924 tag of segment `segment`'s leading script, nil for the segment's own.
  func leadingScriptTag(ofSegment segment: Int) -> String? {
    guard !leadingScripts.isEmpty, leadingScripts[segment] != 0 else { return nil }
    return ICUProperties.scriptTag(ofCode: Int32(leadingScripts[segment]) - 1) ?? "Zyyy"
  }

  /// The first segment from `segment` on with a leading script, or `count` (the segments').
  @inline(__always) func nextLeadingScript(from segment: Int, count: Int) -> Int {
    guard !leadingScripts.isEmpty else { return count }
    var next = segment
    while next < count, leadingScripts[next] == 0 { next += 1 }
    return next
  }

  /// `hash` (the segment cache's hash of segment `index`, `count` scalars from scalar `start`,
  /// as right-to-left) with, for a mixed segment, its scalars' directions, which change its
  /// widths. Out of line: only texts with right-to-left scalars get here.
  @inline(never) func hashingDirections(into hash: UInt64, segment index: Int, start: Int, count: Int)
    -> UInt64
  {
    guard isMixed[index] else { return hash }
    var hash = hash
    for offset in 0..<count {
      hash = (hash ^ (scalarIsRightToLeft[start + offset] ? 0x9E37_79B9 : 0x7F4A_7C15)) &* 0x100_0000_01b3
    }
    return hash
  }

  /// Runs `body` with the directions of segment `index`'s scalars when it is mixed, else nil.
  @inline(__always) func withScalarDirections<Result>(
    segment index: Int, start: Int, count: Int, _ body: (UnsafeBufferPointer<Bool>?) -> Result
  ) -> Result {
    guard isMixed[index] else { return body(nil) }
    return scalarIsRightToLeft.withUnsafeBufferPointer {
      body(UnsafeBufferPointer(rebasing: $0[start..<start + count]))
    }
  }
}
