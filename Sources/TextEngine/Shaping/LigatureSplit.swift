/// How a ligature's advance is shared among the grapheme clusters it spans, so that a line may
/// end inside it: Blink measures such a line end by reshaping it alone (`ShapingLineBreaker`),
/// so each cluster but the last takes its own glyph's advance (`f` of `fi`: 344 units, not half
/// the ligature's 602) and the last takes the rest.
enum LigatureSplit {
  /// Shares `whole` among `count` parts in order: each part but the last takes its own advance
  /// (`ownAdvance`, or an even share when it has none), never more than is left; the last part
  /// takes the rest. Calls `give(part, share)` for every part.
  @inline(__always) static func share(
    _ whole: Double, among count: Int, ownAdvance: (Int) -> Double?, _ give: (Int, Double) -> Void
  ) {
    let evenShare = whole / Double(count)
    var given = 0.0
    for part in 0..<(count - 1) {
      let share = min(ownAdvance(part) ?? evenShare, whole - given)
      give(part, share)
      given += share
    }
    give(count - 1, whole - given)
  }
}
