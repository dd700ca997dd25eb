internal import CShims

/// Hints to the processor about memory soon to be read; they change no result.
enum MemoryHints {
  /// The size of a cache line on the processors this runs on (x86-64 and arm64 servers).
  static let cacheLineBytes = 64

  /// Starts loading the cache line holding `address` for reading, without waiting for it. Any
  /// address will do: a prefetch never faults.
  @inline(__always) static func prefetch(_ address: UnsafeRawPointer) {
    cshims_prefetch(address)
  }
}
