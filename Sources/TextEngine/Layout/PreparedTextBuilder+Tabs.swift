extension PreparedTextBuilder {
  /// Takes every tab's width out of the written segments (the web: a run of tabs is as wide as
  /// its line position makes it, `WebTabStops`) and returns the runs of tabs by segment.
  ///
  /// A segment may hold several runs (spaces between them), each an item of its own in Blink.
  static func removeTabWidths(
    _ contents: PreparedTextStorage.Contents, count segmentCount: Int, codes: UnsafeBufferPointer<UInt32>
  ) -> [WebTabStops.Run] {
    var runs: [WebTabStops.Run] = []
    let widths = contents.graphemeWidths
    let ends = contents.graphemeEnds
    for index in 0..<segmentCount {
      let segment = contents.segments[index]
      let first = Int(segment.graphemeStart)
      var previousIsTab = false
      for grapheme in first..<first + Int(segment.graphemeCount) {
        let start = grapheme == 0 ? 0 : Int(ends[grapheme - 1])
        guard codes[start] == 9 else {
          previousIsTab = false
          continue
        }
        let width = widths[grapheme]
        widths[grapheme] = 0
        contents.segments[index].totalWidth -= width
        if grapheme < first + Int(segment.contentGraphemeCount) {
          contents.segments[index].contentWidth -= width
        }
        if previousIsTab {
          runs[runs.count - 1].count += 1
        } else {
          runs.append(
            WebTabStops.Run(
              segment: Int32(truncatingIfNeeded: index), grapheme: Int32(truncatingIfNeeded: grapheme),
              count: 1))
        }
        previousIsTab = true
      }
    }
    return runs
  }
}
