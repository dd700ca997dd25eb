import Synchronization

/// A bounded, thread-safe cache of shaped segments keyed by the segment's scalars and
/// direction.
///
/// Entries live in flat pools (scalars, grapheme widths, grapheme ends) indexed by an
/// open-addressing table of 64-bit FNV-1a hashes, so a lookup neither hashes with SipHash nor
/// retains anything, and a hit is copied straight into the caller's arrays under the lock.
/// There are two generations: when the young one is full it becomes the old one and the
/// previous old one is dropped, so the cache never holds more than twice its capacity and
/// recently used segments survive (a hit in the old generation is copied into the young one).
final class SegmentCache: Sendable {
  /// A cached segment, as seen during a lookup: valid only inside the lookup's closure.
  struct View {
    /// Advance of each grapheme cluster, in ems.
    var graphemeWidthsEm: UnsafeBufferPointer<Double>
    /// Scalar offset (within the segment) where each grapheme cluster ends.
    var graphemeEnds: UnsafeBufferPointer<Int32>
    var trailingWhitespaceGraphemes: Int
    var missingGlyphs: Int
  }

  private struct Entry {
    var hash: UInt64
    var scalarStart: Int32
    var scalarCount: Int32
    var graphemeStart: Int32
    var graphemeCount: Int32
    var trailingWhitespaceGraphemes: Int32
    var missingGlyphs: Int32
  }

  private struct Table {
    var slots: [Int32]
    var entries: [Entry] = []
    var scalars: [UInt32] = []
    var widths: [Double] = []
    var ends: [Int32] = []

    init(capacity: Int) {
      var size = 16
      while size < capacity * 2 { size <<= 1 }
      slots = [Int32](repeating: -1, count: size)
    }

    // `mutating` only so that calls through the inout generations borrow the table in place
    // instead of copying (retaining) its five arrays on every lookup.
    mutating func find(_ hash: UInt64, _ segment: UnsafeBufferPointer<UInt32>) -> Int? {
      let mask = slots.count - 1
      var slot = Int(truncatingIfNeeded: hash) & mask
      while true {
        let index = Int(slots[slot])
        if index < 0 { return nil }
        let entry = entries[index]
        if entry.hash == hash, Int(entry.scalarCount) == segment.count {
          let start = Int(entry.scalarStart)
          var equal = true
          for offset in 0..<segment.count where scalars[start + offset] != segment[offset] {
            equal = false
            break
          }
          if equal { return index }
        }
        slot = (slot + 1) & mask
      }
    }

    mutating func view(_ index: Int, _ body: (View) -> Void) {
      let entry = entries[index]
      let graphemes = Int(entry.graphemeStart)..<Int(entry.graphemeStart + entry.graphemeCount)
      widths.withUnsafeBufferPointer { widths in
        ends.withUnsafeBufferPointer { ends in
          body(
            View(
              graphemeWidthsEm: UnsafeBufferPointer(rebasing: widths[graphemes]),
              graphemeEnds: UnsafeBufferPointer(rebasing: ends[graphemes]),
              trailingWhitespaceGraphemes: Int(entry.trailingWhitespaceGraphemes),
              missingGlyphs: Int(entry.missingGlyphs)))
        }
      }
    }

    mutating func insert(
      _ hash: UInt64, scalars segment: UnsafeBufferPointer<UInt32>,
      widths segmentWidths: UnsafeBufferPointer<Double>,
      ends segmentEnds: UnsafeBufferPointer<Int32>, trailing: Int, missing: Int
    ) {
      let mask = slots.count - 1
      var slot = Int(truncatingIfNeeded: hash) & mask
      while slots[slot] >= 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(entries.count)
      entries.append(
        Entry(
          hash: hash, scalarStart: Int32(scalars.count), scalarCount: Int32(segment.count),
          graphemeStart: Int32(widths.count), graphemeCount: Int32(segmentWidths.count),
          trailingWhitespaceGraphemes: Int32(trailing), missingGlyphs: Int32(missing)))
      scalars.append(contentsOf: segment)
      widths.append(contentsOf: segmentWidths)
      ends.append(contentsOf: segmentEnds)
    }
  }

  private struct Generations {
    var young: Table
    var old: Table
  }

  /// Most segments per generation.
  let capacity: Int
  private let state: Mutex<Generations>

  init(capacity: Int) {
    self.capacity = max(1, capacity)
    state = Mutex(Generations(young: Table(capacity: max(1, capacity)), old: Table(capacity: 1)))
  }

  /// A 64-bit FNV-1a hash of the scalars and the direction.
  static func hash(_ scalars: UnsafeBufferPointer<UInt32>, isRightToLeft: Bool) -> UInt64 {
    var hash: UInt64 = isRightToLeft ? 0x84222325_cbf29ce4 : 0xcbf2_9ce4_8422_2325
    for scalar in scalars {
      hash = (hash ^ UInt64(scalar)) &* 0x100_0000_01b3
    }
    // Final avalanche so that the low bits used for the slot depend on every scalar.
    hash ^= hash >> 33
    hash = hash &* 0xff51_afd7_ed55_8ccd
    hash ^= hash >> 33
    return hash
  }

  /// Runs `body` under the lock with a lookup function: `lookup(hash, scalars, visit)` calls
  /// `visit` with the cached segment and returns true, or returns false on a miss.
  func withLookup<Result>(
    _ body: (_ lookup: (UInt64, UnsafeBufferPointer<UInt32>, (View) -> Void) -> Bool) -> Result
  ) -> Result {
    state.withLock { generations in
      body { hash, scalars, visit in
        if let index = generations.young.find(hash, scalars) {
          generations.young.view(index, visit)
          return true
        }
        if let index = generations.old.find(hash, scalars) {
          var promoted: ShapedSegment?
          generations.old.view(index) { view in
            promoted = ShapedSegment(
              scalars: Array(scalars), graphemeWidthsEm: Array(view.graphemeWidthsEm),
              graphemeEnds: Array(view.graphemeEnds),
              trailingWhitespaceGraphemes: view.trailingWhitespaceGraphemes,
              missingGlyphs: view.missingGlyphs)
            visit(view)
          }
          if let promoted { Self.insert(promoted, hash: hash, into: &generations, capacity: capacity) }
          return true
        }
        return false
      }
    }
  }

  func insert(_ segment: ShapedSegment, hash: UInt64) {
    state.withLock { generations in
      segment.scalars.withUnsafeBufferPointer { scalars in
        if generations.young.find(hash, scalars) == nil {
          Self.insert(segment, hash: hash, into: &generations, capacity: capacity)
        }
      }
    }
  }

  var count: Int { state.withLock { $0.young.entries.count + $0.old.entries.count } }

  func removeAll() {
    state.withLock { $0 = Generations(young: Table(capacity: capacity), old: Table(capacity: 1)) }
  }

  private static func insert(
    _ segment: ShapedSegment, hash: UInt64, into generations: inout Generations, capacity: Int
  ) {
    if generations.young.entries.count >= capacity {
      generations.old = generations.young
      generations.young = Table(capacity: capacity)
    }
    segment.scalars.withUnsafeBufferPointer { scalars in
      segment.graphemeWidthsEm.withUnsafeBufferPointer { widths in
        segment.graphemeEnds.withUnsafeBufferPointer { ends in
          generations.young.insert(
            hash, scalars: scalars, widths: widths, ends: ends, trailing: segment.trailingWhitespaceGraphemes,
            missing: segment.missingGlyphs)
        }
      }
    }
  }
}
