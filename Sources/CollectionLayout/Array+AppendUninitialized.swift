extension Array where Element: BitwiseCopyable {
  /// Appends `count` elements that `initialize` writes, given a pointer to the array's first
  /// element: it must write the new elements (from the old count on) before anything reads them,
  /// and may read and write the old ones.
  ///
  /// An empty array without room for them is replaced by a fresh buffer of at least `capacity`
  /// elements that is not zero-filled first (a first layout touches each page once); otherwise
  /// the array grows as `append` would and the new elements are `filler` until overwritten.
  mutating func appendUninitialized(
    count: Int, capacity: Int, filler: Element, _ initialize: (UnsafeMutablePointer<Element>) -> Void
  ) {
    guard count > 0 else {
      withUnsafeMutableBufferPointer { buffer in
        if let base = buffer.baseAddress { initialize(base) }
      }
      return
    }
    if isEmpty && self.capacity < count {
      self = Array(unsafeUninitializedCapacity: Swift.max(capacity, count)) { buffer, initialized in
        if let base = buffer.baseAddress { initialize(base) }
        initialized = count
      }
      return
    }
    append(contentsOf: repeatElement(filler, count: count))
    withUnsafeMutableBufferPointer { buffer in
      if let base = buffer.baseAddress { initialize(base) }
    }
  }
}
