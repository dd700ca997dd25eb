extension Array where Element: BitwiseCopyable {
  /// Appends `count` elements that `initialize` writes, given the array's whole buffer (the old
  /// elements, then the new ones): it must write every new element before anything reads it, and
  /// may read and write the old ones.
  ///
  /// An empty array without room for them is replaced by a fresh buffer of at least `capacity`
  /// elements that is not zero-filled first (a first layout touches each page once); otherwise
  /// the array grows as `append` would and the new elements are `filler` until overwritten.
  mutating func appendUninitialized(
    count: Int, capacity: Int, filler: Element,
    _ initialize: (UnsafeMutableBufferPointer<Element>) -> Void
  ) {
    if isEmpty && self.capacity < count {
      self = Array(unsafeUninitializedCapacity: Swift.max(capacity, count)) { buffer, initialized in
        initialize(UnsafeMutableBufferPointer(rebasing: buffer[..<count]))
        initialized = count
      }
      return
    }
    if count > 0 { append(contentsOf: repeatElement(filler, count: count)) }
    withUnsafeMutableBufferPointer { buffer in initialize(buffer) }
  }
}
