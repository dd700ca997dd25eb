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
