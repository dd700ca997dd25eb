/// Blink's tab stops under `white-space: pre-wrap` with `tab-size: 8`: a run of tabs is an inline
/// item of its own, as wide as the distance from where it starts on its line to the next tab
/// stop, then a full tab for each further tab.
///
/// - `Font::TabWidth` (`platform/fonts/font.cc`): the tab width is 8 × the primary font's space
///   advance (`TabSize::GetPixelSize`); the first tab reaches from `position` (the line's
///   LayoutUnit position where the run starts) to the next multiple of it, and one more tab
///   width when that is under half a space.
/// - `ShapeResult::CreateForTabulationCharacters` (`shape_result.cc`): the further tabs of the
///   run are a tab width each, summed in `Float` from `position`; the run's item is that width
///   rounded up to LayoutUnits (`SnappedWidth`, what `LineBreaker` adds to its position).
///
/// The prepared text keeps each tab at width 0 and the text after a run of tabs as a new item
/// (its positions rounded up from its own start, as Blink snaps each item); the line finder adds
/// each run's width where a line holds it (`PreparedText.forEachLine`). A run of tabs hangs at
/// the end of a line, as spaces do.
struct WebTabStops: Hashable, Sendable {
  /// One run of tabs: the segment it is in (a segment may hold several, spaces between them,
  /// and content may follow one in its segment), its first tab's grapheme and how many tabs it
  /// holds.
  struct Run: Hashable, Sendable {
    var segment: Int32
    var grapheme: Int32
    var count: Int32
  }

  /// The tab width (`Float`, as Blink keeps it): 8 × the space advance.
  let tabWidth: Float
  /// Half the space advance: a first tab narrower than this reaches one tab stop further.
  let halfSpaceWidth: Float

  /// The tab stops of a primary font whose space is `spaceWidth` px wide, under `letterSpacing`
  /// px: a tab is 8 spaces with their spacing (`TabSizeWithSpacing`, measured: Chromium 156 at
  /// 1.5 px spacing), the half-space minimum without it.
  init(spaceWidth: Double, letterSpacing: Double = 0) {
    let space = Float(spaceWidth)
    tabWidth = 8 * (space + Float(letterSpacing))
    halfSpaceWidth = space / 2
  }

  /// The width (px, on the LayoutUnit grid) of a run of `count` tabs that starts `position` px
  /// (on the grid) from its line's start.
  func runWidth(at position: Double, count: Int) -> Double {
    guard tabWidth > 0 else { return 0 }
    let start = Float(position)
    var advance = tabWidth - start.truncatingRemainder(dividingBy: tabWidth)
    if advance < halfSpaceWidth { advance += tabWidth }
    var end = start + advance
    for _ in 1..<max(1, count) { end += tabWidth }
    return Double(((end - start) * 64).rounded(.up)) / 64
  }

  /// Where the item after each run of tabs starts (the scalar after the run's last tab), for
  /// runs that something follows; ascending.
  static func itemStarts(afterTabsIn codes: UnsafeBufferPointer<UInt32>) -> [Int32] {
    var starts: [Int32] = []
    for index in 1..<max(1, codes.count) where codes[index &- 1] == 9 && codes[index] != 9 {
      starts.append(Int32(truncatingIfNeeded: index))
    }
    return starts
  }
}
