/// `KerningPairs`' cache of the kerning each wide segment loses where it is cut between two
/// graphemes (`KerningPairs.writeCutKerning`), by the segment's scalars and language: a word
/// found here costs one hash and a copy at `prepare`, not a look-up of every pair in it.
///
/// An open-addressing table (linear probing) of entries in flat pools, as `SegmentCache`'s: the
/// scalars are kept to confirm a hit, and only the cuts that lose a kerning are stored. It is
/// emptied (keeping its memory) when it holds `capacity` segments or its pools pass
/// `largestPool` elements; a segment of more than `largestSegment` scalars is not kept (a word
/// that long is rare, and its cuts cost about what shaping it does).
struct SegmentCutTable {
  /// A cut that loses a kerning: the grapheme before it (its index in the segment) and the
  /// kerning lost, in ems (the pair's width shaped together less each shaped alone).
  struct Cut: Sendable, Hashable {
    var grapheme: Int32
    var deltaEm: Double
  }

  private struct Entry {
    var hash: UInt64
    var scalarStart: Int32
    var scalarCount: Int32
    var languageID: Int32
    var cutStart: Int32
    var cutCount: Int32
  }

  /// The most segments held.
  let capacity: Int
  /// The most scalars (and cuts) the pools hold: at most 20 MB.
  static let largestPool = 1 << 20
  /// The most scalars of a segment kept.
  static let largestSegment = 4_096
  private static let emptySlot: Int32 = -1
  private var slots: [Int32] = []
  private var entries: [Entry] = []
  private var scalars: [UInt32] = []
  private var cuts: [Cut] = []

  init(capacity: Int) {
    self.capacity = max(1, capacity)
  }

  var count: Int { entries.count }

  /// Where the cuts of the segment with these scalars, hash (`SegmentCache.hash`) and language
  /// number are (indices for `subscript(cut:)`), or nil when it is not here.
  @inline(__always) func cutIndices(
    forHash hash: UInt64, scalars segment: UnsafeBufferPointer<UInt32>, languageID: Int32
  ) -> Range<Int>? {
    let slotCount = slots.count
    guard slotCount > 0 else { return nil }
    return slots.withUnsafeBufferPointer { slots in
      entries.withUnsafeBufferPointer { entries in
        scalars.withUnsafeBufferPointer { scalars in
          var slot = Int(truncatingIfNeeded: hash) & (slotCount &- 1)
          while true {
            let index = slots[slot]
            if index == Self.emptySlot { return nil }
            let entry = entries[Int(index)]
            if entry.hash == hash, Int(entry.scalarCount) == segment.count, entry.languageID == languageID {
              let start = Int(entry.scalarStart)
              var offset = 0
              while offset < segment.count && scalars[start &+ offset] == segment[offset] { offset &+= 1 }
              if offset == segment.count {
                return Int(entry.cutStart)..<Int(entry.cutStart) &+ Int(entry.cutCount)
              }
            }
            slot = (slot &+ 1) & (slotCount &- 1)
          }
        }
      }
    }
  }

  /// A stored cut (an index from `cutIndices`).
  @inline(__always) subscript(cut index: Int) -> Cut { cuts[index] }

  /// Stores a segment's cuts (a segment stored before is stored again; nothing is lost).
  mutating func store(
    _ segmentCuts: UnsafeBufferPointer<Cut>, forHash hash: UInt64,
    scalars segment: UnsafeBufferPointer<UInt32>,
    languageID: Int32
  ) {
    guard segment.count <= Self.largestSegment else { return }
    if entries.count >= capacity || scalars.count + segment.count > Self.largestPool
      || cuts.count + segmentCuts.count > Self.largestPool
    {
      removeAll()
    }
    if (entries.count + 1) * 2 > slots.count { grow() }
    entries.append(
      Entry(
        hash: hash, scalarStart: Int32(scalars.count), scalarCount: Int32(segment.count),
        languageID: languageID, cutStart: Int32(cuts.count), cutCount: Int32(segmentCuts.count)))
    scalars.append(contentsOf: segment)
    cuts.append(contentsOf: segmentCuts)
    Self.place(Int32(entries.count - 1), hash: hash, in: &slots)
  }

  /// Empties the table, keeping its memory unless told otherwise.
  mutating func removeAll(keepingCapacity: Bool = true) {
    guard keepingCapacity else {
      (slots, entries, scalars, cuts) = ([], [], [], [])
      return
    }
    for slot in slots.indices { slots[slot] = Self.emptySlot }
    entries.removeAll(keepingCapacity: true)
    scalars.removeAll(keepingCapacity: true)
    cuts.removeAll(keepingCapacity: true)
  }

  /// Doubles the slots (at least 64) and places every entry again.
  private mutating func grow() {
    var grown = [Int32](repeating: Self.emptySlot, count: max(64, slots.count * 2))
    for (index, entry) in entries.enumerated() { Self.place(Int32(index), hash: entry.hash, in: &grown) }
    slots = grown
  }

  private static func place(_ index: Int32, hash: UInt64, in slots: inout [Int32]) {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != emptySlot { slot = (slot + 1) & mask }
    slots[slot] = index
  }
}
