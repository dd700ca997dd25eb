import SelfSizingCore
import Synchronization

/// A bounded, thread-safe cache of shaped segments keyed by the segment's scalars, direction
/// and language (a number the measurer gives each language; HarfBuzz's `locl` forms may differ).
///
/// Entries live in flat pools (scalars, grapheme widths, grapheme ends) indexed by an
/// open-addressing table of 64-bit FNV-1a hashes, so a lookup neither hashes with SipHash nor
/// retains anything, and a hit is read in place under the lock (`withReader`). Each 4-byte slot
/// holds its entry's index and 10 bits of the hash, so probing past other segments (and a
/// miss) reads only the slots, not the entries they point to: in a cache that has outgrown the
/// CPU's caches every entry touched is a memory access.
///
/// The pools are kept small, because a fresh process pays for every page it touches (about
/// 2 µs a page on a virtual machine): an entry is 24 bytes, and grapheme ends are stored only
/// for segments with a grapheme of several scalars (elsewhere grapheme `i` ends at scalar
/// `i + 1`). A segment of more than 65,535 scalars is not cached (it is shaped each time), and
/// a generation also ends when its pools would pass 2^31 scalars (which entries could not index).
///
/// There are two generations: when the young one is full it becomes the old one and the
/// previous old one is dropped, so the cache never holds more than twice its capacity and
/// recently used segments survive (a hit in the old generation is copied into the young one).
final class SegmentCache: Sendable {
  struct Entry {
    /// The hash's lower half: its low bits place the entry's slot, bits 22–31 are the slot's
    /// tag (`SegmentCache.tag`).
    var hashLow: UInt32
    /// Where the segment's scalars start in the scalar pool; its grapheme widths start at the
    /// same index of the width pool.
    var scalarStart: Int32
    /// Where the segment's grapheme ends start in the end pool; -1 when every grapheme is one
    /// scalar (`graphemeCount == scalarCount`) and none are stored.
    var endsStart: Int32
    var scalarCount: UInt16
    var graphemeCount: UInt16
    var trailingWhitespaceGraphemes: UInt16
    var missingGlyphs: UInt16
    /// The language number, and in bits 8–15 the leading script (`languageID(_:leadingScript:)`).
    var languageID: UInt16
    /// The fonts the segment's runs use (`FontMask`; in what was the entry's padding).
    var fontMask: FontMask
  }

  /// A segment's widths as the builder takes them at one font size, before kerning (Chromium's
  /// advances on the web, SkParagraph's bitmap advances on flutter; without letter spacing):
  /// each measurer has caches of its own, so these depend only on the entry and the size.
  struct Sizing {
    /// The font size (points) the widths are for; 0 when none are stored.
    var fontSize: Double
    var contentWidth: Double
    var totalWidth: Double
  }

  /// The most scalars (and graphemes, trailing whitespace graphemes, missing glyphs) a cached
  /// segment has.
  static let largestSegment = 65_535
  /// The most scalars a generation's pools hold (entries index them with `Int32`).
  static let largestPool = Int(Int32.max)
  /// The highest language number an entry holds.
  static let largestLanguageID: Int32 = 255

  /// The number a segment is cached under in language `languageID` when the Common and
  /// Inherited characters it starts with are shaped in the script `leadingScript` (an ICU code
  /// plus one; 0: the script the segment gives them, `SegmentShaper.leadingScriptCode(of:)`),
  /// so that its widths are found only where they are shaped alike.
  @inline(__always) static func languageID(_ languageID: Int32, leadingScript: UInt8) -> Int32 {
    languageID | Int32(leadingScript) << 8
  }

  /// An entry's index (the bits of `indexMask`) and a tag, the hash's bits 22–31; `emptySlot`
  /// when free. (Tables of over 2^22 slots share the tag's lowest bit with the slot's place.)
  typealias Slot = UInt32
  static let emptySlot = Slot.max
  /// The low 22 bits (literal, so that the optimizer folds it into each use).
  static let indexMask: Slot = 0x003F_FFFF
  /// The most entries a generation holds (the highest index stays clear of `emptySlot`).
  static let largestCapacity = 0x003F_FFFF

  /// `hash`'s bits 22–31, where a slot keeps them.
  @inline(__always) static func tag(_ hash: UInt64) -> Slot { Slot(truncatingIfNeeded: hash) & ~indexMask }

  private struct Table {
    /// This generation's number: a new young generation gets the next one, so an entry's index
    /// read under one hold of the lock may be used under a later one while the number holds.
    var generation: UInt64
    var slots: [Slot]
    var entries: [Entry] = []
    var scalars: [UInt32] = []
    /// Grapheme widths, at the indices of their segments' scalars (a segment with fewer
    /// graphemes than scalars leaves the rest of its room unused).
    var widths: [Double] = []
    /// Grapheme ends of the segments that have a grapheme of several scalars.
    var ends: [Int32] = []
    /// Each entry's widths at one font size as the builder takes them (`Sizing`), and its grapheme
    /// widths then, at the indices of `widths`: filled by the first hit at a size. (They grow to
    /// the entries' count when a reader that sizes starts, `withSizingReader`.)
    var sizings: [Sizing] = []
    var sizedWidths: [Double] = []
    /// The left-to-right segments of one scalar, by scalar (direct-mapped, `SingleIndex`): most
    /// segments of CJK text are one ideograph, found here without hashing or probing. Empty
    /// until the first such segment arrives.
    var singles: [SingleIndex.Slot] = []

    /// An empty table. The slots start small and double as entries arrive (kept at most half
    /// full), so a new cache costs a few hundred bytes, not slots for its whole capacity: a
    /// fresh process measuring a few texts touches only the memory they need.
    ///
    /// The pools reserve room for `capacity` entries of `typicalScalars` scalars up front: that
    /// is address space only (the pages are touched as entries arrive), and the pools never
    /// copy themselves into new storage while the generation fills, which would touch every
    /// byte twice (page faults and copies in a fresh process).
    init(reservingFor capacity: Int, generation: UInt64) {
      self.generation = generation
      slots = [Slot](repeating: SegmentCache.emptySlot, count: Self.initialSlotCount)
      let capacity = min(capacity, Self.largestReservation)
      entries.reserveCapacity(capacity)
      scalars.reserveCapacity(capacity * Self.typicalScalars)
      widths.reserveCapacity(capacity * Self.typicalScalars)
      sizings.reserveCapacity(capacity)
      sizedWidths.reserveCapacity(capacity * Self.typicalScalars)
    }

    /// Scalars (and graphemes) per segment the pools reserve room for.
    static let typicalScalars = 4
    /// The most entries reserved for (a larger capacity grows the pools as they fill).
    static let largestReservation = 1 << 16

    static let initialSlotCount = 256

    func index(of hash: UInt64, _ segment: UnsafeBufferPointer<UInt32>, languageID: Int32) -> Int? {
      withReader { $0.index(of: hash, segment, languageID: languageID) }
    }

    /// Runs `body` with raw read access to the table (without its sized widths).
    func withReader<Result>(_ body: (Reader) -> Result) -> Result {
      slots.withUnsafeBufferPointer { slots in
        entries.withUnsafeBufferPointer { entries in
          scalars.withUnsafeBufferPointer { scalars in
            widths.withUnsafeBufferPointer { widths in
              ends.withUnsafeBufferPointer { ends in
                body(
                  Reader(
                    generation: generation, slots: slots, entries: entries, scalars: scalars, widths: widths,
                    ends: ends, singles: UnsafeBufferPointer(start: nil, count: 0), sizings: nil,
                    sizedWidths: nil))
              }
            }
          }
        }
      }
    }

    /// Runs `body` with raw read access to the table and write access to its sized widths.
    mutating func withSizingReader<Result>(_ body: (Reader) -> Result) -> Result {
      let generation = generation
      // Room for the entries added since the last reader, in one append each (not one an insert).
      if sizings.count < entries.count {
        sizings.append(
          contentsOf: repeatElement(
            Sizing(fontSize: 0, contentWidth: 0, totalWidth: 0), count: entries.count - sizings.count))
        sizedWidths.append(contentsOf: repeatElement(0, count: widths.count - sizedWidths.count))
      }
      // Every pool is reached for writing (the young generation's pools are never shared, so
      // nothing is copied): reading the others while two are written would retain them.
      return sizings.withUnsafeMutableBufferPointer { sizings in
        sizedWidths.withUnsafeMutableBufferPointer { sizedWidths in
          slots.withUnsafeMutableBufferPointer { slots in
            entries.withUnsafeMutableBufferPointer { entries in
              scalars.withUnsafeMutableBufferPointer { scalars in
                widths.withUnsafeMutableBufferPointer { widths in
                  ends.withUnsafeMutableBufferPointer { ends in
                    singles.withUnsafeMutableBufferPointer { singles in
                      body(
                        Reader(
                          generation: generation, slots: UnsafeBufferPointer(slots),
                          entries: UnsafeBufferPointer(entries), scalars: UnsafeBufferPointer(scalars),
                          widths: UnsafeBufferPointer(widths), ends: UnsafeBufferPointer(ends),
                          singles: UnsafeBufferPointer(singles), sizings: sizings.baseAddress,
                          sizedWidths: sizedWidths.baseAddress))
                    }
                  }
                }
              }
            }
          }
        }
      }
    }

    /// Adds a segment (one `SegmentCache.fits` accepts); `segmentEnds` is read only when a
    /// grapheme has several scalars (fewer widths than scalars).
    mutating func insert(
      _ hash: UInt64, scalars segment: UnsafeBufferPointer<UInt32>,
      widths segmentWidths: UnsafeBufferPointer<Double>,
      ends segmentEnds: UnsafeBufferPointer<Int32>, trailing: Int, missing: Int, fontMask: FontMask,
      languageID: Int32
    ) {
      if (entries.count + 1) * 2 > slots.count { growSlots() }
      Self.place(entries.count, hash: hash, in: &slots)
      // (The single index keeps language numbers without a leading script.)
      if segment.count == 1, languageID <= SegmentCache.largestLanguageID,
        hash == SegmentCache.hash(segment, isRightToLeft: false, languageID: languageID)
      {
        SingleIndex.note(entries.count, scalar: segment[0], languageID: languageID, in: &singles)
      }
      let storesEnds = segmentWidths.count < segment.count
      entries.append(
        Entry(
          hashLow: UInt32(truncatingIfNeeded: hash), scalarStart: Int32(scalars.count),
          endsStart: storesEnds ? Int32(ends.count) : -1, scalarCount: UInt16(segment.count),
          graphemeCount: UInt16(segmentWidths.count), trailingWhitespaceGraphemes: UInt16(trailing),
          missingGlyphs: UInt16(missing), languageID: UInt16(languageID), fontMask: fontMask))
      scalars.append(contentsOf: segment)
      widths.append(contentsOf: segmentWidths)
      if storesEnds {
        widths.append(contentsOf: repeatElement(0, count: segment.count - segmentWidths.count))
        ends.append(contentsOf: segmentEnds)
      }
    }

    /// Empties the table as generation `generation`, keeping its memory.
    mutating func empty(asGeneration generation: UInt64) {
      self.generation = generation
      for index in slots.indices { slots[index] = SegmentCache.emptySlot }
      entries.removeAll(keepingCapacity: true)
      scalars.removeAll(keepingCapacity: true)
      widths.removeAll(keepingCapacity: true)
      ends.removeAll(keepingCapacity: true)
      for index in singles.indices { singles[index] = SingleIndex.emptySlot }
      sizings.removeAll(keepingCapacity: true)
      sizedWidths.removeAll(keepingCapacity: true)
    }

    /// Doubles the slots and places every entry again, from the hash's lower half it keeps.
    private mutating func growSlots() {
      var grown = [Slot](repeating: SegmentCache.emptySlot, count: slots.count * 2)
      for (index, entry) in entries.enumerated() {
        Self.place(index, hash: UInt64(entry.hashLow), in: &grown)
      }
      slots = grown
    }

    /// Puts entry `index` in the first free slot from its hash's (linear probing; `slots` has a
    /// free slot).
    private static func place(_ index: Int, hash: UInt64, in slots: inout [Slot]) {
      let mask = slots.count - 1
      var slot = Int(truncatingIfNeeded: hash) & mask
      while slots[slot] != SegmentCache.emptySlot { slot = (slot + 1) & mask }
      slots[slot] = SegmentCache.tag(hash) | Slot(truncatingIfNeeded: index)
    }
  }

  private struct Generations {
    var young: Table
    var old: Table

    init(capacity: Int, lastGeneration: UInt64) {
      young = Table(reservingFor: capacity, generation: lastGeneration &+ 1)
      old = Table(reservingFor: 0, generation: lastGeneration)
    }

    /// Before an insert of a segment of `scalarCount` scalars: when the young generation holds
    /// `capacity` entries, or its pools would pass `largestPool` scalars, it becomes the old one
    /// (the previous old one is dropped) and a new young one starts.
    mutating func makeRoom(capacity: Int, scalarCount: Int) {
      guard young.entries.count >= capacity || young.scalars.count + scalarCount > SegmentCache.largestPool
      else { return }
      old = young
      young = Table(reservingFor: capacity, generation: old.generation &+ 1)
    }
  }

  /// Most segments per generation.
  let capacity: Int
  private let state: Locked<Generations>

  /// A cache of at most `capacity` segments a generation (at most `largestCapacity`).
  init(capacity: Int) {
    self.capacity = min(max(1, capacity), Self.largestCapacity)
    state = Locked(Generations(capacity: self.capacity, lastGeneration: 0))
  }

  /// A 64-bit FNV-1a hash of the scalars, the direction and the language number.
  @inline(__always) static func hash(
    _ scalars: UnsafeBufferPointer<UInt32>, isRightToLeft: Bool, languageID: Int32 = 0
  ) -> UInt64 {
    var hash: UInt64 =
      (isRightToLeft ? 0x84222325_cbf29ce4 : 0xcbf2_9ce4_8422_2325)
      ^ (UInt64(UInt32(bitPattern: languageID)) &* 0x9E37_79B9_7F4A_7C15)
    for scalar in scalars {
      hash = (hash ^ UInt64(scalar)) &* 0x100_0000_01b3
    }
    // Final avalanche so that the low bits used for the slot depend on every scalar.
    hash ^= hash >> 33
    hash = hash &* 0xff51_afd7_ed55_8ccd
    hash ^= hash >> 33
    return hash
  }

  /// Read access to the young generation, through raw pointers valid only inside
  /// `withReader` (which holds the lock).
  struct Reader {
    /// The generation read (see `entry(at:)`).
    let generation: UInt64
    fileprivate let slots: UnsafeBufferPointer<Slot>
    fileprivate let entries: UnsafeBufferPointer<Entry>
    fileprivate let scalars: UnsafeBufferPointer<UInt32>
    fileprivate let widths: UnsafeBufferPointer<Double>
    fileprivate let ends: UnsafeBufferPointer<Int32>
    /// The left-to-right segments of one scalar (`Table.singles`; empty in a reader without
    /// sized widths, and before the first).
    fileprivate let singles: UnsafeBufferPointer<SingleIndex.Slot>
    /// The sized widths (`Table.sizings`, `Table.sizedWidths`), nil in a reader without them.
    fileprivate let sizings: UnsafeMutablePointer<Sizing>?
    fileprivate let sizedWidths: UnsafeMutablePointer<Double>?

    /// The entry of the segment with these scalars, hash and language number, or nil.
    @inline(__always) func find(
      _ hash: UInt64, _ segment: UnsafeBufferPointer<UInt32>, languageID: Int32 = 0
    ) -> Entry? {
      index(of: hash, segment, languageID: languageID).map { entries[$0] }
    }

    /// The index of the entry of the segment with these scalars, hash and language number, or nil.
    @inline(__always) func index(
      of hash: UInt64, _ segment: UnsafeBufferPointer<UInt32>, languageID: Int32
    ) -> Int? {
      let mask = slots.count &- 1
      let tag = SegmentCache.tag(hash)
      var slot = Int(truncatingIfNeeded: hash) & mask
      while true {
        let value = slots[slot]
        if value == SegmentCache.emptySlot { return nil }
        let index = Int(truncatingIfNeeded: value & SegmentCache.indexMask)
        // The tag stands for the hash (the scalars are compared anyway).
        if value & ~SegmentCache.indexMask == tag, Int(entries[index].scalarCount) == segment.count,
          Int32(entries[index].languageID) == languageID
        {
          let entry = entries[index]
          let start = Int(entry.scalarStart)
          var offset = 0
          while offset < segment.count && scalars[start &+ offset] == segment[offset] { offset &+= 1 }
          if offset == segment.count { return index }
        }
        slot = (slot &+ 1) & mask
      }
    }

    /// The index of the entry of the left-to-right segment of one scalar `scalar` in this language
    /// when the single index has it (nil may still be in the table: see `SingleIndex`).
    @inline(__always) func singleIndex(of scalar: UInt32, languageID: Int32) -> Int? {
      SingleIndex.index(of: scalar, languageID: languageID, in: singles)
    }

    /// The widths of entry `index` at `fontSize` (grapheme widths, and the segment's content and
    /// total width), when they were stored (`storeSizedWidths`), else nil.
    @inline(__always) func sizedWidths(ofEntryAt index: Int, fontSize: Double)
      -> (widths: UnsafePointer<Double>, sizing: Sizing)?
    {
      guard let sizings, sizings[index].fontSize == fontSize else { return nil }
      return (UnsafePointer(sizedWidths.unsafelyUnwrapped + Int(entries[index].scalarStart)), sizings[index])
    }

    /// Where the widths of entry `index` at a size go, nil in a reader without sized widths; the
    /// widths are written there, then `storeSizing(_:ofEntryAt:)` marks them valid.
    @inline(__always) func sizedWidthsRoom(ofEntryAt index: Int) -> UnsafeMutablePointer<Double>? {
      sizedWidths.map { $0 + Int(entries[index].scalarStart) }
    }

    /// Marks the widths written to `sizedWidthsRoom(ofEntryAt:)` as entry `index`'s at a size.
    @inline(__always) func storeSizing(_ sizing: Sizing, ofEntryAt index: Int) {
      sizings?[index] = sizing
    }

    /// The entry at `index`, an index this generation gave (`index(of:_:languageID:)`) under
    /// this or an earlier hold of the lock: entries are only appended to a generation.
    @inline(__always) func entry(at index: Int) -> Entry { entries[index] }

    /// The grapheme widths (in ems) of an entry.
    @inline(__always) func graphemeWidthsEm(of entry: Entry) -> UnsafeBufferPointer<Double> {
      UnsafeBufferPointer(
        rebasing: widths[Int(entry.scalarStart)..<Int(entry.scalarStart) + Int(entry.graphemeCount)])
    }

    /// The grapheme ends (scalar offsets within the segment) of an entry, or nil when each of
    /// its graphemes is one scalar (grapheme `i` ends at `i + 1`).
    @inline(__always) func graphemeEnds(of entry: Entry) -> UnsafeBufferPointer<Int32>? {
      entry.endsStart < 0
        ? nil
        : UnsafeBufferPointer(
          rebasing: ends[Int(entry.endsStart)..<Int(entry.endsStart) + Int(entry.graphemeCount)])
    }
  }

  /// Runs `body` under the lock with read access to the young generation and write access to
  /// its sized widths. Segments only in the old generation are misses here;
  /// `withOldEntry(hash:scalars:_:)` promotes them.
  func withReader(_ body: (Reader) -> Void) {
    state.withLock { generations in generations.young.withSizingReader(body) }
  }

  /// Runs `body` under the lock with read access to the young and the old generation (nothing
  /// is promoted).
  func withReaders(_ body: (_ young: Reader, _ old: Reader) -> Int) -> Int {
    state.withLock { generations in
      generations.young.withReader { young in generations.old.withReader { old in body(young, old) } }
    }
  }

  /// After a miss in the young generation: calls `body` under the lock with the young generation
  /// and the entry of the segment with these scalars when the old generation has it (promoted
  /// into the young one); returns false, without calling `body`, when it does not.
  ///
  /// The young generation is not searched again: should another thread have added the segment
  /// since the miss, it is added twice, with the same widths, which costs room but never a
  /// wrong answer. Every miss would otherwise search the young generation once more.
  func withOldEntry(
    hash: UInt64, scalars: UnsafeBufferPointer<UInt32>, languageID: Int32 = 0, _ body: (Reader, Entry) -> Void
  ) -> Bool {
    state.withLock { generations in
      guard let index = generations.old.index(of: hash, scalars, languageID: languageID) else { return false }
      // Read in place from the old table (kept alive here should `makeRoom` drop it).
      let old = generations.old
      generations.makeRoom(capacity: capacity, scalarCount: scalars.count)
      old.withReader { reader in
        let entry = reader.entry(at: index)
        generations.young.insert(
          hash, scalars: scalars, widths: reader.graphemeWidthsEm(of: entry),
          ends: reader.graphemeEnds(of: entry) ?? UnsafeBufferPointer(start: nil, count: 0),
          trailing: Int(entry.trailingWhitespaceGraphemes), missing: Int(entry.missingGlyphs),
          fontMask: entry.fontMask, languageID: languageID)
      }
      generations.young.withReader { reader in body(reader, reader.entries[reader.entries.count - 1]) }
      return true
    }
  }

  /// Whether an entry can hold a segment of these counts and this language number (a longer
  /// segment is shaped each time instead).
  @inline(__always) static func fits(
    scalarCount: Int, graphemeCount: Int, trailing: Int, missing: Int, languageID: Int32
  ) -> Bool {
    scalarCount <= largestSegment && graphemeCount <= scalarCount && trailing <= largestSegment
      && missing <= largestSegment && 0 <= languageID && languageID <= Int32(UInt16.max)
  }

  /// Caches a segment shaped just now, given in scratch space, after a miss (as
  /// `withOldEntry(hash:scalars:_:)` says, a race with another thread may add it twice).
  ///
  /// - Returns: false, caching nothing, when the segment does not `fit`.
  @discardableResult func insert(
    hash: UInt64, scalars: UnsafeBufferPointer<UInt32>, widthsEm: UnsafeBufferPointer<Double>,
    ends: UnsafeBufferPointer<Int32>, trailing: Int, missing: Int, fontMask: FontMask = .primary,
    languageID: Int32 = 0
  ) -> Bool {
    guard
      Self.fits(
        scalarCount: scalars.count, graphemeCount: widthsEm.count, trailing: trailing, missing: missing,
        languageID: languageID)
    else { return false }
    state.withLock { generations in
      generations.makeRoom(capacity: capacity, scalarCount: scalars.count)
      generations.young.insert(
        hash, scalars: scalars, widths: widthsEm, ends: ends, trailing: trailing, missing: missing,
        fontMask: fontMask, languageID: languageID)
    }
    return true
  }

  /// Caches a segment shaped just now, after a miss (see
  /// `insert(hash:scalars:widthsEm:ends:trailing:missing:languageID:)`).
  @discardableResult func insert(_ segment: ShapedSegment, hash: UInt64, languageID: Int32 = 0) -> Bool {
    segment.scalars.withUnsafeBufferPointer { scalars in
      segment.graphemeWidthsEm.withUnsafeBufferPointer { widths in
        segment.graphemeEnds.withUnsafeBufferPointer { ends in
          insert(
            hash: hash, scalars: scalars, widthsEm: widths, ends: ends,
            trailing: segment.trailingWhitespaceGraphemes,
            missing: segment.missingGlyphs, fontMask: segment.fontMask, languageID: languageID)
        }
      }
    }
  }

  var count: Int { state.withLock { $0.young.entries.count + $0.old.entries.count } }

  /// Drops every entry; with `keepingCapacity`, the tables keep their memory (the next texts
  /// shape into memory already touched), else it is freed.
  func removeAll(keepingCapacity: Bool = false) {
    state.withLock { [capacity] in
      // The numbers go on, so that no index read before stands for an entry of the new tables.
      let last = $0.young.generation
      if keepingCapacity {
        $0.old.empty(asGeneration: last &+ 1)
        $0.young.empty(asGeneration: last &+ 2)
      } else {
        $0 = Generations(capacity: capacity, lastGeneration: last)
      }
    }
  }
}
