import SelfSizingCore

/// A linear relation between two anchors: `first  relation  second × multiplier + constant`
/// (or `first  relation  constant` without a second anchor), with a priority.
public struct Constraint: Sendable, Hashable, CustomStringConvertible {
  /// `=`, `≥` or `≤`.
  public enum Relation: String, Sendable, Hashable {
    /// The two sides are equal.
    case equal = "="
    /// The first side is at least the second.
    case greaterThanOrEqual = "≥"
    /// The first side is at most the second.
    case lessThanOrEqual = "≤"
  }

  /// The constrained anchor.
  public var first: Anchor
  /// How `first` relates to the right-hand side.
  public var relation: Relation
  /// The anchor on the right-hand side, or nil for a constant.
  public var second: Anchor?
  /// Factor applied to `second` (aspect ratios use it).
  public var multiplier: Double
  /// Added to the right-hand side, in points.
  public var constant: Double
  /// `required` constraints must hold; lower ones are preferences.
  public var priority: LayoutPriority
  /// What produced the constraint (a template path such as `stack[1].spacingBefore`), for
  /// error messages; may be empty.
  public var origin: String

  /// A constraint `first relation second × multiplier + constant @ priority`.
  public init(
    _ first: Anchor, _ relation: Relation = .equal, _ second: Anchor? = nil, multiplier: Double = 1,
    constant: Double = 0, priority: LayoutPriority = .required, origin: String = ""
  ) {
    self.first = first
    self.relation = relation
    self.second = second
    self.multiplier = multiplier
    self.constant = constant
    self.priority = priority
    self.origin = origin
  }

  /// The relation as written, e.g. `title.top = cover.bottom × 1 + 8 @1000`.
  public var description: String {
    var rhs = ""
    if let second {
      rhs = second.description
      if multiplier != 1 { rhs += " × \(Self.format(multiplier))" }
      if constant > 0 { rhs += " + \(Self.format(constant))" }
      if constant < 0 { rhs += " − \(Self.format(-constant))" }
    } else {
      rhs = Self.format(constant)
    }
    let suffix = priority.isRequired ? "" : " @\(priority)"
    return "\(first) \(relation.rawValue) \(rhs)\(suffix)"
  }

  static func format(_ value: Double) -> String { NumberFormat.string(value) }
}
