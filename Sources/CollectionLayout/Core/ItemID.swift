/// The stable identity of an item: it survives reloads, inserts and moves, and keys the size cache.
public struct ItemID: Sendable, Hashable, Comparable, CustomStringConvertible,
  ExpressibleByStringLiteral, ExpressibleByIntegerLiteral
{
  /// The identity as text (e.g. the `id` of a JSON Lines record).
  public var rawValue: String

  /// Creates an identity from text.
  public init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  /// Creates an identity from a number (its decimal text).
  public init(_ number: Int) {
    self.rawValue = String(number)
  }

  /// An identity from a string literal.
  public init(stringLiteral value: String) {
    self.init(value)
  }

  /// An identity from an integer literal (its decimal digits).
  public init(integerLiteral value: Int) {
    self.init(value)
  }

  /// Orders by the raw string.
  public static func < (lhs: ItemID, rhs: ItemID) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The raw string.
  public var description: String { rawValue }
}
