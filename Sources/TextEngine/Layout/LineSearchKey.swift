/// What the line finder reads of a segment: where it starts and where its content ends (prefix
/// sums from the start of the text), where its line's content ends, and its paragraph's last
/// segment. `PreparedText.LineKey` holds all four; `PreparedTextBatch.Key` holds the first two
/// for a paragraph (measured on its own) whose every segment after its first has content, where
/// the others follow.
protocol LineSearchKey {
  /// The total width of every segment before this one.
  var start: Double { get }
  /// Where this segment's content ends (the search key).
  var contentEnd: Double { get }
  /// Where the content of the last segment with content at or before this one ends.
  var lineContentEnd: Double { get }
  /// The last segment of this segment's paragraph, `lastSegment` being the text's last.
  func paragraphEnd(textEnd: Int) -> Int
  /// Whether a line from `first` whose content ends here exactly at the limit fits.
  func fitsAtLimit(from first: Self) -> Bool
  /// A line's width from where its content ends less where it starts, as the keys hold them.
  static func lineWidth(_ difference: Double) -> Double
}

extension LineSearchKey {
  @inline(__always) static func lineWidth(_ difference: Double) -> Double { difference }
}

extension PreparedText.LineKey: LineSearchKey {
  @inline(__always) func paragraphEnd(textEnd: Int) -> Int { Int(self.paragraphEnd) }
  @inline(__always) func fitsAtLimit(from first: Self) -> Bool { tieRank >= first.rankedStart }
}

extension PreparedText {
  /// `last` (found by `lastSegment`) or, when the line from `first` ends there exactly at `reach`
  /// and the tie rule says it does not fit, the last segment before it that does.
  @inline(__always) static func decidingTies<Key: LineSearchKey>(
    _ last: Int, in keys: UnsafePointer<Key>, from first: Int, within reach: Double
  ) -> Int {
    var last = last
    while last > first, keys[last].contentEnd == reach, !keys[last].fitsAtLimit(from: keys[first]) {
      last &-= 1
    }
    return last
  }
}
