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
}

extension PreparedText.LineKey: LineSearchKey {
  @inline(__always) func paragraphEnd(textEnd: Int) -> Int { Int(self.paragraphEnd) }
}
