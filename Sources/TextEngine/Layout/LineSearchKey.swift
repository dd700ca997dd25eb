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
  /// The width the keys give the line of whole segments `first...last` of `keys` (`last` the
  /// line's last): the difference of its rounded ends.
  static func keyWidth(in keys: UnsafePointer<Self>, from first: Int, to last: Int) -> Double
  /// Whether the line `first...last` is one LayoutUnit wider than `keyWidth` says (Blink's
  /// `ceil(e − o)`, `LineKey.lineWidth(from:toLineContentEnd:contentTieRank:)`).
  static func isWider(in keys: UnsafePointer<Self>, from first: Int, to last: Int) -> Bool
}

extension LineSearchKey {
  @inline(__always) static func keyWidth(in keys: UnsafePointer<Self>, from first: Int, to last: Int)
    -> Double
  {
    keys[last].lineContentEnd - keys[first].start
  }

  @inline(__always) static func isWider(in keys: UnsafePointer<Self>, from first: Int, to last: Int) -> Bool {
    false
  }
}

extension PreparedText.LineKey: LineSearchKey {
  @inline(__always) func paragraphEnd(textEnd: Int) -> Int { Int(self.paragraphEnd) }
  @inline(__always) func fitsAtLimit(from first: Self) -> Bool { tieRank >= first.rankedStart }

  /// The LayoutUnit grid: the one on which tie ranks are not 0 (the web's positions).
  static let rankedGrid = 0x1p-6

  /// The width of a line of whole segments from the segment keyed `first` whose content ends at
  /// `lineContentEnd`, the content end of a segment whose tie rank is `contentTieRank` (the
  /// line's last segment with content): the difference of their rounded positions, and one grid
  /// unit more when the start was rounded up further than the end. Blink snaps a line's part
  /// of its item as its exact advance rounded up, `ceil(e − o)` (`ShapeResultView::SnappedWidth`
  /// of `ShapeLine`'s result), where the positions give `ceil(e) − ceil(o)`; the ranks are
  /// those roundings. (A line start Blink reshapes, `reshapedStart`, is measured by its
  /// rounding alone, as Chromium does on every such line of the font-size corpus.) Where lengths
  /// are not rounded (no ranks), the difference.
  @inline(__always) static func lineWidth(
    from first: Self, toLineContentEnd lineContentEnd: Double, contentTieRank: Int16
  ) -> Double {
    let width = lineContentEnd - first.start
    return first.startRounding > contentTieRank ? width + rankedGrid : width
  }

  /// Whether the line `first...last` is wider than its keys' difference
  /// (`lineWidth(from:toLineContentEnd:contentTieRank:)`): its last segment with content is the
  /// first of those up to `last` that share `last`'s line content end.
  @inline(__always) static func isWider(in keys: UnsafePointer<Self>, from first: Int, to last: Int) -> Bool {
    // (Most lines end with content.)
    guard keys[last].lineContentEnd == keys[last].contentEnd else {
      return slowIsWider(in: keys, from: first, to: last)
    }
    return keys[first].startRounding > keys[last].tieRank
  }

  /// `isWider(in:from:to:)` past its common case: out of line.
  @inline(never) static func slowIsWider(in keys: UnsafePointer<Self>, from first: Int, to last: Int) -> Bool
  {
    let lineContentEnd = keys[last].lineContentEnd
    var content = last
    while content > first, keys[content &- 1].lineContentEnd == lineContentEnd { content &-= 1 }
    return keys[first].startRounding > keys[content].tieRank
  }
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
