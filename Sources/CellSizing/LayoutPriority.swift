/// The priority of a constraint or of an element's content hugging / compression resistance,
/// 1...1000 as in Auto Layout. Only `required` constraints can conflict; lower priorities are
/// preferences.
public struct LayoutPriority: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The value, 1...1000.
  public var rawValue: Int

  /// A priority of `rawValue` (1...1000).
  public init(_ rawValue: Int) {
    self.rawValue = rawValue
  }

  /// 1000: must hold.
  public static let required = LayoutPriority(1000)
  /// 750: UIKit's default compression resistance.
  public static let defaultHigh = LayoutPriority(750)
  /// 250: UIKit's default content hugging.
  public static let defaultLow = LayoutPriority(250)

  /// True for `required`.
  public var isRequired: Bool { rawValue >= 1000 }

  /// Orders priorities by value.
  public static func < (lhs: LayoutPriority, rhs: LayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The value, e.g. `750`.
  public var description: String { "\(rawValue)" }
}
