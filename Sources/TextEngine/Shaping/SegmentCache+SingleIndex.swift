extension SegmentCache {
  /// A direct-mapped index of a generation's left-to-right segments of one scalar: each slot
  /// holds the last such segment whose scalar and language map to it. A segment that lost its
  /// slot to another is still in the table (found by hashing), so the index only saves work.
  enum SingleIndex {
    /// An entry's index (high half) and its key (low half: the scalar, the language number,
    /// and a bit that marks the slot used); `emptySlot` when free.
    typealias Slot = UInt64
    static let emptySlot: Slot = 0
    static let slotCount = 8_192

    /// The key of a segment of one scalar in a language (never 0: bit 31 is set).
    @inline(__always) static func key(_ scalar: UInt32, languageID: Int32) -> UInt32 {
      scalar | UInt32(truncatingIfNeeded: languageID) << 21 | 1 << 31
    }

    /// The slot of a segment of one scalar: ideographs and kana are dense, so the scalar's low
    /// bits spread them.
    @inline(__always) static func slot(_ scalar: UInt32, languageID: Int32) -> Int {
      Int(
        truncatingIfNeeded: (scalar ^ UInt32(truncatingIfNeeded: languageID) &* 0x9E37)
          & UInt32(slotCount - 1))
    }

    /// Notes entry `index` as the segment of `scalar` in its slot (allocating the slots first).
    static func note(_ index: Int, scalar: UInt32, languageID: Int32, in singles: inout [Slot]) {
      if singles.isEmpty { singles = [Slot](repeating: emptySlot, count: slotCount) }
      singles[slot(scalar, languageID: languageID)] =
        Slot(truncatingIfNeeded: index) << 32 | Slot(key(scalar, languageID: languageID))
    }

    /// The entry index noted for `scalar` in its language, or nil.
    @inline(__always) static func index(
      of scalar: UInt32, languageID: Int32, in singles: UnsafeBufferPointer<Slot>
    ) -> Int? {
      guard !singles.isEmpty else { return nil }
      let value = singles[slot(scalar, languageID: languageID)]
      guard UInt32(truncatingIfNeeded: value) == key(scalar, languageID: languageID) else { return nil }
      return Int(truncatingIfNeeded: value >> 32)
    }
  }
}
