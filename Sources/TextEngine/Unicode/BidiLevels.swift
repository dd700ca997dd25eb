/// Bidi embedding levels from ICU's implementation of the Unicode Bidirectional Algorithm,
/// reduced to the direction each line-break segment is shaped in.
enum BidiLevels {
  /// True for scalars that can start a right-to-left run (Hebrew, Arabic, Syriac, Thaana, NKo,
  /// their presentation forms, RTL historic scripts) and the explicit RTL formatting marks.
  /// Ordered so that CJK and Latin scalars are answered in a few comparisons.
  @inline(__always) static func mayBeRightToLeft(_ scalar: UInt32) -> Bool {
    if scalar < 0x0590 { return false }
    if scalar <= 0x08FF { return true }
    if scalar < 0x200F { return false }
    if scalar < 0xFB1D { return scalar == 0x200F || scalar == 0x202B || scalar == 0x202E || scalar == 0x2067 }
    if scalar <= 0xFDFF { return true }
    if scalar < 0xFE70 { return false }
    if scalar <= 0xFEFF { return true }
    if scalar < 0x1_0800 { return false }
    return scalar <= 0x1_0FFF || (scalar >= 0x1_E800 && scalar <= 0x1_EFFF)
  }

  /// Where Blink's inline items start after the first (scalar offsets, ascending): the level
  /// runs of a paragraph at level 0 (`direction: ltr`), for text with right-to-left scalars.
  static func itemStarts(of codes: [UInt32], utf16: [UInt16]) throws(TextError) -> [Int32] {
    let items = try BidiParagraph(utf16: utf16, isLeftToRight: true)
    var itemStarts: [Int32] = []
    try items.withLevels { itemLevels in
      var offset = 0
      var previousLevel: UInt8 = 0
      for (index, scalar) in codes.enumerated() {
        let level = itemLevels[offset]
        if index > 0, level != previousLevel { itemStarts.append(Int32(index)) }
        previousLevel = level
        offset += scalar > 0xFFFF ? 2 : 1
      }
    }
    return itemStarts
  }

  /// The bidi level of each of `codes`, the paragraph at level 0 when `isLeftToRight`, else at
  /// its first strong character's direction.
  static func scalarLevels(_ codes: [UInt32], isLeftToRight: Bool) throws(TextError) -> [UInt8] {
    let utf16 = codes.withUnsafeBufferPointer { DecodedText.withUTF16(of: $0) { utf16, _ in Array(utf16) } }
    let bidi = try BidiParagraph(utf16: utf16, isLeftToRight: isLeftToRight)
    return try bidi.withLevels { levels in
      var offset = 0
      return codes.map { scalar in
        defer { offset += scalar > 0xFFFF ? 2 : 1 }
        return levels[offset]
      }
    }
  }

  /// The direction of each segment (ending at `breaks[i].end`): shaped right-to-left when the
  /// bidi level of its first scalar is odd, in runs of one direction when its levels change.
  /// The paragraph is at level 0 when `isLeftToRight` (CSS's `direction: ltr`), else takes its
  /// first strong character's direction.
  static func segmentDirections(
    _ decoded: DecodedText, breaks: UnsafeBufferPointer<(end: Int, isHard: Bool)>, isLeftToRight: Bool
  ) throws(TextError) -> SegmentDirections {
    let utf16 = decoded.makeUTF16()
    let bidi = try BidiParagraph(utf16: utf16, isLeftToRight: isLeftToRight)
    var scalarIsRightToLeft: [Bool] = []
    scalarIsRightToLeft.reserveCapacity(decoded.codes.count)
    var levelChanges: [Int32] = []
    try bidi.withLevels { levels in
      var offset = 0
      var previousLevel: UInt8 = 0
      for (index, scalar) in decoded.codes.enumerated() {
        let level = levels[offset]
        scalarIsRightToLeft.append(level & 1 == 1)
        if isLeftToRight, index > 0, level != previousLevel { levelChanges.append(Int32(index)) }
        previousLevel = level
        offset += scalar > 0xFFFF ? 2 : 1
      }
    }
    // (At level 0 the items are these levels' runs.)
    let itemStarts = isLeftToRight ? levelChanges : try Self.itemStarts(of: decoded.codes, utf16: utf16)
    var rightToLeft: [Bool] = []
    var isMixed: [Bool] = []
    rightToLeft.reserveCapacity(breaks.count)
    isMixed.reserveCapacity(breaks.count)
    var start = 0
    for segment in breaks {
      let first = start < segment.end ? scalarIsRightToLeft[start] : false
      let mixed = scalarIsRightToLeft[start..<segment.end].contains { $0 != first }
      rightToLeft.append(first || mixed)
      isMixed.append(mixed)
      start = segment.end
    }
    return SegmentDirections(
      rightToLeft: rightToLeft, isMixed: isMixed,
      scalarIsRightToLeft: scalarIsRightToLeft, itemStarts: itemStarts)
  }
}
