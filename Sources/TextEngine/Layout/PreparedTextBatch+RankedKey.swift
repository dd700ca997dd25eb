extension PreparedTextBatch {
  /// A compact key of a text whose lengths are on the LayoutUnit grid (the web), with its tie
  /// rule in its values: `start` less the segment's ranked start (`LineKey.rankedStart`) and
  /// `contentEnd` less its tie rank (`LineKey.tieRank`), in units of `rankUnit`.
  ///
  /// Where the keys are exact (positions whole 1/65536 px under `largestPosition`, limits whole
  /// 1/64 px), a line's content end and its reach (the limit past its start) differ by at least
  /// 1/65536 px or not at all, and the ranks move them by under 2^-17 px: the encoded content
  /// end is within the encoded reach exactly when the line fits by `decidingTies`, so the search
  /// alone decides ties, without reading the ranks. A line's width comes back to its 1/65536 px.
  struct RankedKey: LineSearchKey {
    var start: Double
    var contentEnd: Double

    /// What one unit of a tie rank moves a key (ranks are under 2^15).
    static let rankUnit = 0x1p-32
    /// Keys at or past this many points are kept in full keys: under it, a position on the
    /// 1/65536 px grid less ranks in `rankUnit`s is exact in a `Double`.
    static let largestPosition = 0x1p19

    @inline(__always) var lineContentEnd: Double { contentEnd }
    @inline(__always) func paragraphEnd(textEnd: Int) -> Int { textEnd }
    @inline(__always) func fitsAtLimit(from first: Self) -> Bool { true }

    /// The width the keys give the line `first...last`, back on the 1/65536 px grid: adding
    /// 1.5 × 2^36 leaves a number whose last bit is 1/65536, so the sum rounds to it (for widths
    /// under 2^35 points).
    @inline(__always) static func keyWidth(in keys: UnsafePointer<Self>, from first: Int, to last: Int)
      -> Double
    {
      ((keys[last].contentEnd - keys[first].start) + 0x1.8p36) - 0x1.8p36
    }

    /// Whether the line `first...last` is a LayoutUnit wider than `keyWidth`, as
    /// `LineKey.isWider(in:from:to:)` has it: where the rounding in `keyWidth` took something
    /// off, the start's rank was above the end's (a reshaped start, whose flag would be in its
    /// rank, keeps its text on the full keys).
    @inline(__always) static func isWider(in keys: UnsafePointer<Self>, from first: Int, to last: Int) -> Bool
    {
      let difference = keys[last].contentEnd - keys[first].start
      return difference > (difference + 0x1.8p36) - 0x1.8p36
    }

    /// `key` encoded, as a `Key` (the two share their layout), or nil when it cannot be: a
    /// length off the 1/65536 px grid or past `largestPosition`, a line start that a line
    /// measures wider than its keys (`LineKey.widerFirstItemPart`), or a reshaped one
    /// (`LineKey.reshapedStart`, which `isWider` could not tell from a rank).
    static func encoded(_ key: PreparedText.LineKey) -> Key? {
      func isExact(_ value: Double) -> Bool {
        abs(value) < largestPosition && (value * 65536).rounded(.towardZero) == value * 65536
      }
      guard isExact(key.start), isExact(key.contentEnd),
        key.startTieRank & (PreparedText.LineKey.widerFirstItemPart | PreparedText.LineKey.reshapedStart) == 0
      else { return nil }
      return Key(
        start: key.start - Double(key.rankedStart) * rankUnit,
        contentEnd: key.contentEnd - Double(key.tieRank) * rankUnit)
    }
  }
}
