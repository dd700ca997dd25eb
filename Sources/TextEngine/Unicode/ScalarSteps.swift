/// A text's scalars eight at a time, for scans that look for scalars most texts do not hold: the
/// last step takes the last eight scalars, overlapping the step before, so no scalar loop is left
/// at the end.
enum ScalarSteps {
  /// Calls `body` with the first index of each step of `codes` (at least eight scalars) whose
  /// scalars `matches`, in order, until `body` returns false.
  ///
  /// - Returns: false when `body` stopped the scan.
  @inline(__always) static func forEachStep(
    of codes: UnsafeBufferPointer<UInt32>, where matches: (SIMD8<UInt32>) -> Bool, then body: (Int) -> Bool
  ) -> Bool {
    let raw = UnsafeRawPointer(codes.baseAddress.unsafelyUnwrapped)
    let last = codes.count &- 8
    var index = 0
    while true {
      if matches(raw.loadUnaligned(fromByteOffset: index &* 4, as: SIMD8<UInt32>.self)), !body(index) {
        return false
      }
      if index == last { return true }
      index = Swift.min(index &+ 8, last)
    }
  }
}
