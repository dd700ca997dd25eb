internal import CHarfBuzz

extension NativeFont {
  /// The most soft hyphens in a row HarfBuzz is given. HarfBuzz 6.0 takes time quadratic in the
  /// length of a run of soft hyphens in some fonts (Noto Sans CJK: 20,000 in 0.4 s, 200,000 in a
  /// minute; the other bundled fonts and the other default ignorables are linear). A soft hyphen
  /// is hidden and takes no room, and the glyphs on either side of a run kern across it however
  /// long it is, so a longer run keeps its first soft hyphen in the buffer and leaves the rest
  /// out: they keep width 0, and `shape` gives them the first one's glyph.
  static let maximumSoftHyphenRun = 8

  /// Adds `scalars[range]` to `buffer` as `hb_buffer_add_utf32` does, the whole of `scalars` as
  /// context, each scalar's cluster its offset in `scalars`, but leaving out all but the first
  /// soft hyphen of each run longer than `maximumSoftHyphenRun` (unless the caller knows that
  /// `mayHoldSoftHyphens` is false). Returns the soft hyphens it left out, as ranges of offsets
  /// in `scalars`, ascending, each after the soft hyphen kept at its `lowerBound - 1`.
  @inline(__always) static func addItem(
    _ buffer: OpaquePointer, _ scalars: UnsafeBufferPointer<UInt32>, range: Range<Int>,
    mayHoldSoftHyphens: Bool = true
  ) -> [Range<Int>] {
    guard mayHoldSoftHyphens, range.count > maximumSoftHyphenRun, hasLongSoftHyphenRun(scalars, range: range)
    else {
      hb_buffer_add_utf32(
        buffer, scalars.baseAddress, Int32(scalars.count), UInt32(range.lowerBound), Int32(range.count))
      return []
    }
    let leftOut = softHyphensLeftOut(scalars, range: range)
    addItem(buffer, scalars, range: range, leavingOut: leftOut)
    return leftOut
  }

  private static func hasLongSoftHyphenRun(_ scalars: UnsafeBufferPointer<UInt32>, range: Range<Int>) -> Bool
  {
    var run = 0
    for index in range {
      guard scalars[index] == 0xAD else {
        run = 0
        continue
      }
      run &+= 1
      if run > maximumSoftHyphenRun { return true }
    }
    return false
  }

  /// The soft hyphens `addItem` leaves out of `scalars[range]`: all but the first of each run
  /// longer than `maximumSoftHyphenRun`.
  private static func softHyphensLeftOut(_ scalars: UnsafeBufferPointer<UInt32>, range: Range<Int>)
    -> [Range<Int>]
  {
    var leftOut: [Range<Int>] = []
    var index = range.lowerBound
    while index < range.upperBound {
      guard scalars[index] == 0xAD else {
        index += 1
        continue
      }
      var end = index + 1
      while end < range.upperBound, scalars[end] == 0xAD { end += 1 }
      if end - index > maximumSoftHyphenRun { leftOut.append((index + 1)..<end) }
      index = end
    }
    return leftOut
  }

  /// Adds `scalars[range]` but the offsets of `leftOut` one scalar at a time, with the context
  /// `hb_buffer_add_utf32` would give.
  private static func addItem(
    _ buffer: OpaquePointer, _ scalars: UnsafeBufferPointer<UInt32>, range: Range<Int>,
    leavingOut leftOut: [Range<Int>]
  ) {
    let base = scalars.baseAddress
    let count = Int32(scalars.count)
    // An empty item first: HarfBuzz takes the pre-context from it (the buffer is empty) and
    // marks the buffer's contents as Unicode; the last empty item sets the post-context.
    hb_buffer_add_utf32(buffer, base, count, UInt32(range.lowerBound), 0)
    func add(_ offsets: Range<Int>) {
      for offset in offsets { hb_buffer_add(buffer, scalars[offset], UInt32(offset)) }
    }
    var index = range.lowerBound
    for run in leftOut {
      add(index..<run.lowerBound)
      index = run.upperBound
    }
    add(index..<range.upperBound)
    hb_buffer_add_utf32(buffer, base, count, UInt32(range.upperBound), 0)
  }

  /// `glyphs` with a glyph for each soft hyphen `addItem` left out (`leftOut`, offsets in the
  /// shaped array): the kept soft hyphen's glyph (HarfBuzz's invisible glyph) with no advance,
  /// beside it in glyph order. None where HarfBuzz removed the kept one.
  static func restoringSoftHyphens(
    _ leftOut: [Range<Int>], to glyphs: [ShapedGlyph], base: UInt32, isRightToLeft: Bool
  ) -> [ShapedGlyph] {
    var runAfter: [UInt32: Range<Int>] = [:]
    for run in leftOut { runAfter[UInt32(run.lowerBound - 1) - base] = run }
    var restored: [ShapedGlyph] = []
    restored.reserveCapacity(glyphs.count + leftOut.reduce(0) { $0 + $1.count })
    for glyph in glyphs {
      guard let run = runAfter.removeValue(forKey: glyph.cluster) else {
        restored.append(glyph)
        continue
      }
      let hidden = run.map {
        ShapedGlyph(glyphID: glyph.glyphID, cluster: UInt32($0) - base, xAdvance: 0, xOffset: 0, yOffset: 0)
      }
      if isRightToLeft {
        restored += hidden.reversed()
        restored.append(glyph)
      } else {
        restored.append(glyph)
        restored += hidden
      }
    }
    return restored
  }
}
