/// Runs `body` with the elements `collect` finds, in temporary memory: `collect` writes the
/// elements that fit into the buffer it is given (initializing them) and returns how many there
/// are in all. It is first given 1,024 bytes, which `withUnsafeTemporaryAllocation` always takes
/// from the stack (the usual few elements); when it finds more, it runs again into a buffer of
/// the right size. The elements are deinitialized when `body` returns.
@inline(__always) func withTemporaryCollection<Element, Result>(
  of type: Element.Type, _ collect: (UnsafeMutableBufferPointer<Element>) -> Int,
  _ body: (UnsafeMutableBufferPointer<Element>) -> Result
) -> Result {
  withUnsafeTemporaryAllocation(of: Element.self, capacity: max(1, 1_024 / MemoryLayout<Element>.stride)) {
    small in
    let total = collect(small)
    guard total > small.count else {
      let elements = UnsafeMutableBufferPointer(rebasing: small[..<total])
      defer { _ = elements.deinitialize() }
      return body(elements)
    }
    _ = small.deinitialize()
    return withUnsafeTemporaryAllocation(of: Element.self, capacity: total) { large in
      _ = collect(large)
      defer { _ = large.deinitialize() }
      return body(large)
    }
  }
}
