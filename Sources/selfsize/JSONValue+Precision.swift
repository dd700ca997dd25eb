import Foundation
import SelfSizingCore

extension JSONValue {
  /// The value with every number rounded to `decimals` places (half away from zero), for
  /// `--precision`; integers and non-numbers are unchanged.
  func rounded(decimals: Int) -> JSONValue {
    switch self {
    case .number(let value): .number(value.rounded(decimals: decimals))
    case .array(let values): .array(values.map { $0.rounded(decimals: decimals) })
    case .object(let members): .object(members.map { ($0.0, $0.1.rounded(decimals: decimals)) })
    default: self
    }
  }
}

extension Double {
  /// Rounded to `decimals` places (half away from zero); printed by the shortest round-trip
  /// form, `21.72` at 1 decimal prints as `21.7`. Values too large to have a fraction are
  /// unchanged.
  func rounded(decimals: Int) -> Double {
    guard isFinite, abs(self) < 1e15 else { return self }
    let factor = pow(10, Double(decimals))
    let scaled = self * factor
    guard scaled.isFinite, abs(scaled) < 1e17 else { return self }
    let result = scaled.rounded(.toNearestOrAwayFromZero) / factor
    return result == 0 ? 0 : result
  }
}
