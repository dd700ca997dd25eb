extension PreparedText {
  /// Where the pieces of a word cut between graphemes start and end on the LayoutUnit grid (the
  /// web, `PreparedTextStorage.View.snapsCutWordTails`): Blink measures a line's part of an item
  /// as the snapped position of its end less that of its start (`SnappedWidth`), positions
  /// rounded up from the item's start.
  ///
  /// Read only where a line ends inside the word (and at its content's end), so the loop that
  /// fits the word's graphemes keeps its few registers.
  struct CutWordPositions {
    /// A rounded position and how far it was rounded up (1/65536 px): the segment's start and
    /// `startTieRank`, or where a bidi item starts inside the word (rounded in the item before).
    private var base: (position: Double, rank: Int16)
    /// The grapheme the current piece starts at, and the exact advance from `base` to it.
    private var pieceStart: Int
    private var pieceOffset = 0.0
    private let grid: Double
    /// The bidi items' start graphemes (ascending), and the next one not yet passed.
    private let items: UnsafeBufferPointer<Int32>
    private var nextItem: Int

    /// The positions in the segment keyed `key` whose first grapheme is `first`; `items` are the
    /// bidi item starts, none before `items[searchFrom]` at or after `first`.
    init(key: LineKey, first: Int, grid: Double, items: UnsafeBufferPointer<Int32>, searchFrom: Int = 0) {
      base = (key.start, key.startRounding)
      pieceStart = first
      self.grid = grid
      self.items = items
      var next = searchFrom
      while next < items.count, Int(items[next]) < first { next += 1 }
      nextItem = next
    }

    /// The first bidi item start not yet passed (a later segment's search may start there).
    var nextItemIndex: Int { nextItem }

    /// Where grapheme `grapheme` starts, `lead` past the current piece's start (every width a
    /// whole number of 1/65536 px, so sums are exact), and how far it was rounded up; `widths`
    /// are the text's grapheme widths. Graphemes are asked for in ascending order.
    @inline(__always) mutating func position(
      ofGrapheme grapheme: Int, lead: Double, widths: UnsafeBufferPointer<Double>
    ) -> (
      position: Double, rank: Int16
    ) {
      while nextItem < items.count, Int(items[nextItem]) <= grapheme {
        // A bidi item starts here: its positions are rounded up from its start, which is where
        // the item before puts it, rounded.
        var advance = 0.0
        for index in pieceStart..<Int(items[nextItem]) { advance += widths[index] }
        base = (Self.rounded(pieceOffset + advance, from: base, grid: grid).position, 0)
        pieceOffset = -advance
        nextItem += 1
      }
      return Self.rounded(pieceOffset + lead, from: base, grid: grid)
    }

    /// Starts the next piece at `grapheme`, `lead` past the current piece's start.
    mutating func startPiece(atGrapheme grapheme: Int, lead: Double) {
      pieceOffset += lead
      pieceStart = grapheme
    }

    /// How much wider a piece of a cut word that starts at `piece` (its rounded position and
    /// how far it was rounded up) in a bidi item and goes on past the item's end, `part` (the
    /// exact advance from the piece's start to the item's end) after its start, is than the
    /// difference of its rounded ends: Blink snaps the piece's part of that item as its advance
    /// rounded up (`ceil(F − o)`), one grid unit more than `ceil(F) − ceil(o)` at most (as
    /// `LineKey.widerFirstItemPart` for a line from a segment's start).
    static func widening(
      ofPartOf part: Double, from piece: (position: Double, rank: Int16), grid: Double
    ) -> Double {
      let positions = rounded(part, from: piece, grid: grid).position - piece.position
      return max(0, part.roundedUp(toMultipleOf: grid) - positions)
    }

    /// `widening(ofPartOf:from:grid:)` for the piece of graphemes `start..<end` of `view`, when
    /// a bidi item starts inside it or at its end, else 0. Reads
    /// the piece's graphemes up to that item's start. Out of line: bidi text only.
    @inline(never) static func widening(
      ofPieceFrom start: Int, to end: Int, at piece: (position: Double, rank: Int16),
      in view: PreparedTextStorage.View, grid: Double
    ) -> Double {
      guard let itemEnd = view.itemStart(after: start), itemEnd <= end else { return 0 }
      var part = 0.0
      for grapheme in start..<itemEnd { part += view.graphemeWidths[grapheme] }
      return widening(ofPartOf: part, from: piece, grid: grid)
    }

    /// Where the point `offset` past `base` lies on the grid and how far it was rounded up: the
    /// exact position of `base` is its position less its rank.
    @inline(__always) static func rounded(
      _ offset: Double, from base: (position: Double, rank: Int16), grid: Double
    ) -> (position: Double, rank: Int16) {
      let mask = Int64(grid * 65536) - 1
      let units = (offset * 65536).exactInteger - Int64(base.rank)
      let roundedUnits = (units + mask) & ~mask
      return (base.position + Double(roundedUnits) * 0x1p-16, Int16(truncatingIfNeeded: roundedUnits - units))
    }
  }
}
