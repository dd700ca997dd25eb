import Synchronization

/// A bounded, thread-safe cache of shaped segments, keyed by the segment's scalars and
/// direction. It holds two generations: when the young one is full it becomes the old one and
/// the previous old one is dropped, so the cache never holds more than twice its capacity and
/// recently used segments survive (a hit in the old generation is promoted).
final class SegmentCache: Sendable {
  struct Key: Hashable, Sendable {
    var hash: UInt64
    var isRightToLeft: Bool
  }

  private struct Generations {
    var young: [Key: [ShapedSegment]] = [:]
    var old: [Key: [ShapedSegment]] = [:]
    var youngCount = 0
  }

  /// Most segments per generation.
  let capacity: Int
  private let state = Mutex<Generations>(Generations())

  init(capacity: Int) {
    self.capacity = max(1, capacity)
  }

  /// A 64-bit FNV-1a hash of the scalars.
  static func hash(_ scalars: UnsafeBufferPointer<UInt32>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for scalar in scalars {
      hash = (hash ^ UInt64(scalar)) &* 0x100_0000_01b3
    }
    return hash
  }

  /// Looks segments up under one lock; `body` receives a lookup function.
  func withLookup<Result>(
    _ body: (_ lookup: (Key, UnsafeBufferPointer<UInt32>) -> ShapedSegment?) -> Result
  ) -> Result {
    state.withLock { generations in
      body { key, scalars in
        if let hit = Self.find(scalars, in: generations.young[key]) { return hit }
        if let hit = Self.find(scalars, in: generations.old[key]) {
          Self.insert(hit, key: key, into: &generations, capacity: capacity)
          return hit
        }
        return nil
      }
    }
  }

  func insert(_ segment: ShapedSegment, key: Key) {
    state.withLock { Self.insert(segment, key: key, into: &$0, capacity: capacity) }
  }

  var count: Int { state.withLock { $0.youngCount + $0.old.values.reduce(0) { $0 + $1.count } } }

  func removeAll() { state.withLock { $0 = Generations() } }

  private static func find(_ scalars: UnsafeBufferPointer<UInt32>, in bucket: [ShapedSegment]?) -> ShapedSegment? {
    guard let bucket else { return nil }
    for candidate in bucket where candidate.scalars.elementsEqual(scalars) { return candidate }
    return nil
  }

  private static func insert(
    _ segment: ShapedSegment, key: Key, into generations: inout Generations, capacity: Int
  ) {
    if generations.youngCount >= capacity {
      generations.old = generations.young
      generations.young = [:]
      generations.youngCount = 0
    }
    generations.young[key, default: []].append(segment)
    generations.youngCount += 1
  }
}
