import Testing

@testable import TextEngine

/// The segment cache's table: slots that grow from a few hundred as entries arrive, and two
/// generations that bound it.
@Suite struct SegmentCacheTests {
  /// Inserts segment `number` (scalars "s<number>", one grapheme `number / 1024` em wide).
  static func insert(_ number: Int, into cache: SegmentCache) {
    let scalars = Array("s\(number)".unicodeScalars.map(\.value))
    scalars.withUnsafeBufferPointer { scalars in
      let widths = [Double(number) / 1024]
      let ends = [Int32(scalars.count)]
      _ = widths.withUnsafeBufferPointer { widths in
        ends.withUnsafeBufferPointer { ends in
          cache.insert(
            hash: SegmentCache.hash(scalars, isRightToLeft: false), scalars: scalars, widthsEm: widths,
            ends: ends, trailing: 0, missing: 0)
        }
      }
    }
  }

  /// The cached width of segment `number`, or nil when the cache does not have it: looked up the
  /// way `prepare` does (the young generation, then the old one, which promotes it).
  static func width(of number: Int, in cache: SegmentCache) -> Double? {
    let scalars = Array("s\(number)".unicodeScalars.map(\.value))
    return scalars.withUnsafeBufferPointer { scalars in
      var width: Double?
      let hash = SegmentCache.hash(scalars, isRightToLeft: false)
      cache.withReader { reader in
        if let entry = reader.find(hash, scalars) { width = reader.graphemeWidthsEm(of: entry).first }
      }
      if width == nil {
        _ = cache.withOldEntry(hash: hash, scalars: scalars) { reader, entry in
          width = reader.graphemeWidthsEm(of: entry).first
        }
      }
      return width
    }
  }

  /// Far more entries than the first slots hold (256): every one is found with its own width
  /// after the slots have doubled several times.
  @Test(arguments: [1, 200, 5_000])
  func everyEntryIsFoundAfterTheSlotsGrow(count: Int) {
    let cache = SegmentCache(capacity: 10_000)
    for number in 0..<count { Self.insert(number, into: cache) }
    #expect(cache.count == count)
    var wrong: [Int] = []
    for number in 0..<count where Self.width(of: number, in: cache) != Double(number) / 1024 {
      wrong.append(number)
    }
    #expect(wrong.isEmpty, "\(wrong.count) of \(count) not found or wrong, first: \(wrong.prefix(5))")
    #expect(Self.width(of: count, in: cache) == nil)
  }

  /// With a small capacity the young generation rolls over: the cache never holds more than
  /// twice its capacity, and the most recent entries survive.
  @Test func generationsBoundTheCache() {
    let cache = SegmentCache(capacity: 300)
    for number in 0..<2_000 { Self.insert(number, into: cache) }
    #expect(cache.count <= 600)
    for number in 1_900..<2_000 { #expect(Self.width(of: number, in: cache) == Double(number) / 1024) }
    #expect(Self.width(of: 0, in: cache) == nil)
  }

  /// Segments whose hashes collide (all 64 bits, only the slot bits, or only the tag, bits
  /// 22–31, that a slot keeps) are each found with their own widths, and a segment not
  /// inserted whose hash matches one that is is not found.
  @Test func collidingHashesKeepTheirOwnEntries() {
    let cache = SegmentCache(capacity: 100)
    let hashes: [UInt64] = [
      0x1234_5678_1240_0007, 0x1234_5678_1240_0007,  // the same hash
      0x9876_5432_1240_0107,  // the same tag, the same slot in 256
      0x1234_5678_2480_0007,  // another tag, the same slot
      0x1234_5678_1240_0008,  // the same tag, the next slot
    ]
    func scalars(_ number: Int) -> [UInt32] { Array("c\(number)".unicodeScalars.map(\.value)) }
    for (number, hash) in hashes.enumerated() {
      _ = scalars(number).withUnsafeBufferPointer { scalars in
        [Double(number)].withUnsafeBufferPointer { widths in
          [Int32(scalars.count)].withUnsafeBufferPointer { ends in
            cache.insert(hash: hash, scalars: scalars, widthsEm: widths, ends: ends, trailing: 0, missing: 0)
          }
        }
      }
    }
    for (number, hash) in hashes.enumerated() {
      let width = scalars(number).withUnsafeBufferPointer { scalars in
        var width: Double?
        cache.withReader { reader in
          if let entry = reader.find(hash, scalars) { width = reader.graphemeWidthsEm(of: entry).first }
        }
        return width
      }
      #expect(width == Double(number), "segment \(number)")
    }
    let absent = scalars(99).withUnsafeBufferPointer { scalars in
      var found = false
      cache.withReader { found = $0.find(hashes[0], scalars) != nil }
      return found
    }
    #expect(!absent)
  }

  /// A fresh process pays for every page the cache touches: an entry stays 24 bytes and a slot 4.
  @Test func entriesAndSlotsStaySmall() {
    #expect(MemoryLayout<SegmentCache.Entry>.stride == 24)
    #expect(MemoryLayout<SegmentCache.Slot>.stride == 4)
  }

  /// Inserts `scalars` as one segment with these grapheme ends (widths 1, 2, 3, ... em) and
  /// reads it back as `prepare` does, promoting it from the old generation when it is there.
  static func roundTrip(_ scalars: [UInt32], ends: [Int32], cache: SegmentCache, insert: Bool = true)
    -> (widths: [Double], ends: [Int32]?)?
  {
    scalars.withUnsafeBufferPointer { scalars in
      let hash = SegmentCache.hash(scalars, isRightToLeft: false)
      if insert {
        let widths = ends.indices.map { Double($0 + 1) }
        _ = widths.withUnsafeBufferPointer { widths in
          ends.withUnsafeBufferPointer { ends in
            cache.insert(hash: hash, scalars: scalars, widthsEm: widths, ends: ends, trailing: 0, missing: 0)
          }
        }
      }
      var found: (widths: [Double], ends: [Int32]?)?
      func read(_ reader: SegmentCache.Reader, _ entry: SegmentCache.Entry) {
        found = (Array(reader.graphemeWidthsEm(of: entry)), reader.graphemeEnds(of: entry).map { Array($0) })
      }
      cache.withReader { reader in
        if let entry = reader.find(hash, scalars) { read(reader, entry) }
      }
      if found == nil { _ = cache.withOldEntry(hash: hash, scalars: scalars) { read($0, $1) } }
      return found
    }
  }

  /// Ends are kept only for segments with a grapheme of several scalars; elsewhere grapheme `i`
  /// ends at `i + 1`. Both kinds read back with their own widths, before and after a promotion
  /// from the old generation (which rebuilds the ends it did not keep).
  @Test(arguments: [false, true])
  func graphemeEndsAreKeptOnlyWhereAGraphemeHasSeveralScalars(promoted: Bool) {
    let cache = SegmentCache(capacity: 4)
    let plain: [UInt32] = [0x61, 0x62, 0x63]  // "abc"
    let combining: [UInt32] = [0x65, 0x301, 0x78, 0x1F44D, 0x1F3FD]  // "é" "x" "👍🏽"
    #expect(Self.roundTrip(plain, ends: [1, 2, 3], cache: cache)! == ([1, 2, 3], nil))
    #expect(Self.roundTrip(combining, ends: [2, 3, 5], cache: cache)! == ([1, 2, 3], [2, 3, 5]))
    if promoted {
      // Four more entries fill the young generation: the two above are now in the old one.
      for number in 0..<4 { Self.insert(number, into: cache) }
    }
    let plainAgain = Self.roundTrip(plain, ends: [], cache: cache, insert: false)
    #expect(plainAgain?.widths == [1, 2, 3])
    #expect(plainAgain?.ends == nil)
    let combiningAgain = Self.roundTrip(combining, ends: [], cache: cache, insert: false)
    #expect(combiningAgain?.widths == [1, 2, 3])
    #expect(combiningAgain?.ends == [2, 3, 5])
  }

  /// An entry's widths at a size are read back at that size only, and an entry promoted from the
  /// old generation starts without them.
  @Test func sizedWidthsAreKeptForOneSize() {
    let cache = SegmentCache(capacity: 4)
    let scalars: [UInt32] = [0x61, 0x62, 0x63]
    _ = Self.roundTrip(scalars, ends: [1, 2, 3], cache: cache)
    func sized(at fontSize: Double, store: [Double]? = nil) -> [Double]? {
      scalars.withUnsafeBufferPointer { scalars in
        var found: [Double]?
        cache.withReader { reader in
          guard
            let index = reader.index(
              of: SegmentCache.hash(scalars, isRightToLeft: false), scalars, languageID: 0)
          else { return }
          if let store {
            reader.sizedWidthsRoom(ofEntryAt: index)!.update(from: store, count: store.count)
            reader.storeSizing(
              SegmentCache.Sizing(fontSize: fontSize, contentWidth: store.reduce(0, +), totalWidth: 9),
              ofEntryAt: index)
          }
          if let (widths, sizing) = reader.sizedWidths(ofEntryAt: index, fontSize: fontSize) {
            found =
              Array(UnsafeBufferPointer(start: widths, count: 3)) + [sizing.contentWidth, sizing.totalWidth]
          }
        }
        return found
      }
    }
    #expect(sized(at: 15) == nil)
    #expect(sized(at: 15, store: [1.5, 2.5, 3.5]) == [1.5, 2.5, 3.5, 7.5, 9])
    #expect(sized(at: 15) == [1.5, 2.5, 3.5, 7.5, 9])
    #expect(sized(at: 16) == nil)
    // Four more entries fill the young generation: the segment is promoted from the old one.
    for number in 0..<4 { Self.insert(number, into: cache) }
    #expect(Self.roundTrip(scalars, ends: [], cache: cache, insert: false)?.widths == [1, 2, 3])
    #expect(sized(at: 15) == nil)
  }

  /// Segments of one scalar, left to right, are found through the single index as through the
  /// hash, in their own language; one whose slot another took, one right-to-left and one of
  /// several scalars are found through the hash only; emptying the cache empties the index.
  @Test func oneScalarSegmentsAreIndexedByScalar() {
    let cache = SegmentCache(capacity: 100)
    func insert(_ scalars: [UInt32], rightToLeft: Bool = false, languageID: Int32 = 0, width: Double) {
      scalars.withUnsafeBufferPointer { scalars in
        _ = [width].withUnsafeBufferPointer { widths in
          cache.insert(
            hash: SegmentCache.hash(scalars, isRightToLeft: rightToLeft, languageID: languageID),
            scalars: scalars,
            widthsEm: widths, ends: UnsafeBufferPointer(start: nil, count: 0), trailing: 0, missing: 0,
            languageID: languageID)
        }
      }
    }
    func indexed(_ scalar: UInt32, languageID: Int32 = 0) -> Double? {
      var width: Double?
      cache.withReader { reader in
        if let index = reader.singleIndex(of: scalar, languageID: languageID) {
          width = reader.graphemeWidthsEm(of: reader.entry(at: index)).first
        }
      }
      return width
    }
    let slots = UInt32(SegmentCache.SingleIndex.slotCount)
    insert([0x4E00], width: 1)
    insert([0x4E00], languageID: 3, width: 2)
    insert([0x05D0], rightToLeft: true, width: 3)
    insert([0x4E00 + slots], width: 4)  // the slot of U+4E00 in language 0
    insert([0x4E01, 0x4E02], width: 5)
    #expect(indexed(0x4E00) == nil)
    #expect(indexed(0x4E00 + slots) == 4)
    #expect(indexed(0x4E00, languageID: 3) == 2)
    #expect(indexed(0x05D0) == nil)
    #expect(indexed(0x4E01) == nil)
    #expect(indexed(0x4E02) == nil)
    // The entry that lost its slot is still found by its hash.
    [UInt32(0x4E00)].withUnsafeBufferPointer { scalars in
      cache.withReader { reader in
        let index = reader.index(of: SegmentCache.hash(scalars, isRightToLeft: false), scalars, languageID: 0)
        #expect(index.map { reader.graphemeWidthsEm(of: reader.entry(at: $0)).first } == 1)
      }
    }
    cache.removeAll(keepingCapacity: true)
    #expect(indexed(0x4E00 + slots) == nil)
    #expect(indexed(0x4E00, languageID: 3) == nil)
  }

  /// A segment longer than an entry can describe (65,535 scalars) is not cached: the insert
  /// says so and the cache stays as it was.
  @Test func aSegmentTooLongForAnEntryIsNotCached() {
    let cache = SegmentCache(capacity: 10)
    let count = SegmentCache.largestSegment + 1
    let scalars = [UInt32](repeating: 0x61, count: count)
    let inserted = scalars.withUnsafeBufferPointer { scalars in
      [Double](repeating: 0.5, count: count).withUnsafeBufferPointer { widths in
        (1...Int32(count)).map { $0 }.withUnsafeBufferPointer { ends in
          cache.insert(
            hash: SegmentCache.hash(scalars, isRightToLeft: false), scalars: scalars, widthsEm: widths,
            ends: ends,
            trailing: 0, missing: 0)
        }
      }
    }
    #expect(!inserted)
    #expect(cache.count == 0)
    #expect(
      Self.roundTrip(Array(scalars.prefix(count - 1)), ends: (1...Int32(count - 1)).map { $0 }, cache: cache)?
        .widths.count == count - 1)
    #expect(cache.count == 1)
  }

  /// The capacity a generation may have stops where a slot's index bits end.
  @Test func capacityIsBoundedByTheSlotsIndexBits() {
    #expect(SegmentCache(capacity: .max).capacity == SegmentCache.largestCapacity)
    #expect(SegmentCache(capacity: 0).capacity == 1)
  }
}
