import HTTPTypes
import SelfSizeServer
import Testing

@Suite struct LRUCacheTests {
  @Test func dropsTheLeastRecentlyUsedBeyondTheCount() {
    let cache = LRUCache<Int, String>(maximumCount: 3, maximumBytes: 1_000)
    for key in 1...3 { cache.insert("\(key)", for: key, cost: 1) }
    #expect(cache.value(for: 1) == "1")
    cache.insert("4", for: 4, cost: 1)
    #expect(cache.value(for: 2) == nil)
    #expect(cache.keysByRecency == [4, 1, 3])
    let statistics = cache.statistics
    #expect(statistics.count == 3)
    #expect(statistics.evictions == 1)
    #expect(statistics.hits == 1)
    #expect(statistics.misses == 1)
  }

  @Test(arguments: [(10, [6]), (12, [6, 5]), (4, [4])])
  func staysWithinTheByteBound(maximumBytes: Int, kept: [Int]) {
    let cache = LRUCache<Int, Int>(maximumCount: 100, maximumBytes: maximumBytes)
    for key in 1...6 { cache.insert(key, for: key, cost: key) }
    #expect(cache.keysByRecency == kept)
    #expect(cache.statistics.bytes == kept.reduce(0, +))
    #expect(cache.statistics.bytes <= maximumBytes)
  }

  @Test func replacingAnEntryUpdatesItsCostAndRecency() {
    let cache = LRUCache<String, Int>(maximumCount: 2, maximumBytes: 100)
    cache.insert(1, for: "a", cost: 10)
    cache.insert(2, for: "b", cost: 10)
    cache.insert(3, for: "a", cost: 50)
    #expect(cache.keysByRecency == ["a", "b"])
    #expect(cache.statistics.bytes == 60)
    #expect(cache.value(for: "a") == 3)
  }

  @Test func anEntryLargerThanTheBoundIsNotKept() {
    let cache = LRUCache<Int, Int>(maximumCount: 10, maximumBytes: 5)
    cache.insert(1, for: 1, cost: 6)
    #expect(cache.statistics.count == 0)
    let none = LRUCache<Int, Int>(maximumCount: 0, maximumBytes: 5)
    none.insert(1, for: 1, cost: 1)
    #expect(none.value(for: 1) == nil)
  }

  @Test func makesMissingValuesOnce() {
    let cache = LRUCache<Int, Int>(maximumCount: 10, maximumBytes: 100)
    var made = 0
    for _ in 0..<3 {
      let (value, _) = cache.value(
        for: 7, cost: { _ in 1 },
        make: { () -> Int in
          made += 1
          return 49
        })
      #expect(value == 49)
    }
    #expect(made == 1)
  }

  @Test func manyThreadsKeepItConsistent() async {
    let cache = LRUCache<Int, Int>(maximumCount: 50, maximumBytes: 10_000)
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<8 {
        group.addTask {
          for step in 0..<2_000 {
            let key = (task * 31 + step * 7) % 120
            if let value = cache.value(for: key) {
              #expect(value == key * 2)
            } else {
              cache.insert(key * 2, for: key, cost: 1 + key % 5)
            }
          }
        }
      }
    }
    let statistics = cache.statistics
    #expect(statistics.count <= 50)
    #expect(statistics.count == cache.keysByRecency.count)
    #expect(statistics.hits + statistics.misses == 16_000)
  }
}
