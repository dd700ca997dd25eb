#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Double {
  /// Rounded to `decimals` places (half away from zero); printed by the shortest round-trip
  /// form, `21.72` at 1 decimal prints as `21.7`. Values too large to have a fraction, and
  /// values so large that scaling them would overflow, are unchanged.
  public func rounded(decimals: Int) -> Double {
    guard isFinite, abs(self) < 1e15 else { return self }
    let factor = pow(10, Double(decimals))
    let scaled = self * factor
    guard scaled.isFinite, abs(scaled) < 1e17 else { return self }
    let result = scaled.rounded(.toNearestOrAwayFromZero) / factor
    return result == 0 ? 0 : result
  }
}
