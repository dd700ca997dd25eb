/// A min-heap of item indices: the items a stable-column update still has to look at, taken in
/// item order (which is top-to-bottom order within every column).
struct IndexHeap {
  private var storage: [Int32] = []

  var isEmpty: Bool { storage.isEmpty }

  mutating func insert(_ value: Int32) {
    storage.append(value)
    var child = storage.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard storage[child] < storage[parent] else { break }
      storage.swapAt(child, parent)
      child = parent
    }
  }

  /// Removes and returns the smallest index (nil when empty).
  mutating func popMin() -> Int32? {
    guard let last = storage.popLast() else { return nil }
    guard !storage.isEmpty else { return last }
    let smallest = storage[0]
    storage[0] = last
    var parent = 0
    while true {
      let left = 2 * parent + 1
      guard left < storage.count else { break }
      var child = left
      if left + 1 < storage.count && storage[left + 1] < storage[left] { child = left + 1 }
      guard storage[child] < storage[parent] else { break }
      storage.swapAt(child, parent)
      parent = child
    }
    return smallest
  }
}
