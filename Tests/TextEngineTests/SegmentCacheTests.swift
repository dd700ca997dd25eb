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
      widths.withUnsafeBufferPointer { widths in
        ends.withUnsafeBufferPointer { ends in
          cache.insert(
            hash: SegmentCache.hash(scalars, isRightToLeft: false), scalars: scalars, widthsEm: widths,
            ends: ends,
            trailing: 0, missing: 0)
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

  /// Segments whose hashes collide (all 64 bits, only the slot bits, or only the upper half the
  /// slots keep as a tag) are each found with their own widths, and a segment not inserted
  /// whose hash matches one that is is not found.
  @Test func collidingHashesKeepTheirOwnEntries() {
    let cache = SegmentCache(capacity: 100)
    let hashes: [UInt64] = [
      0x1234_5678_0000_0007, 0x1234_5678_0000_0007,  // the same hash
      0x1234_5678_0000_0107,  // the same tag, the same slot in 256
      0x9999_0000_0000_0007,  // another tag, the same slot
      0x1234_5678_0000_0008,  // the same tag, the next slot
    ]
    func scalars(_ number: Int) -> [UInt32] { Array("c\(number)".unicodeScalars.map(\.value)) }
    for (number, hash) in hashes.enumerated() {
      scalars(number).withUnsafeBufferPointer { scalars in
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
}
