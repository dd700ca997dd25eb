/// The range a whole-number input may take (line limits, columns, priorities): the template
/// reader, the service and the command line accept or refuse a count the same way, with the
/// same message.
public struct CountRange: Sendable, Hashable {
  /// The smallest value.
  public var lowerBound: Int
  /// The largest value.
  public var upperBound: Int
  /// What a special value means, for messages (`0 = unlimited`), or empty.
  public var note: String

  /// Creates the range `lowerBound...upperBound`.
  public init(_ lowerBound: Int, to upperBound: Int, note: String = "") {
    self.lowerBound = lowerBound
    self.upperBound = upperBound
    self.note = note
  }

  /// Line limits (`maxLines`, `--max-lines`): 0 (unlimited) to 2,147,483,647.
  public static let lineLimit = CountRange(0, to: Int(Int32.max), note: "0 = unlimited")
  /// Layout priorities (hugging, compression resistance): 1 to 1000, as UIKit's.
  public static let priority = CountRange(1, to: 1000)
  /// Waterfall columns: 1 to 1000.
  public static let columns = CountRange(1, to: 1000)
  /// The columns an item spans (`"span"`): 1 to 1000, as many as a waterfall can have; a span
  /// above the layout's column count covers every column.
  public static let span = CountRange(1, to: 1000)
  /// Page sizes and other counts of items: 1 to 2,147,483,647.
  public static let itemCount = CountRange(1, to: Int(Int32.max))

  /// What the range asks for, as a phrase after a name: `must be a whole number from 0 to
  /// 2147483647 (0 = unlimited)`.
  public var requirement: String {
    "must be a whole number from \(lowerBound) to \(upperBound)\(note.isEmpty ? "" : " (\(note))")"
  }

  /// The count `value` stands for, when it is a whole number in the range (`1e3` and `1000.0`
  /// are 1000).
  public func count(_ value: Double) -> Int? {
    guard value.isFinite, value == value.rounded(), value >= Double(lowerBound), value <= Double(upperBound)
    else { return nil }
    return Int(value)
  }

  /// Nil when `value` is in the range; otherwise the phrase to put after the value's name:
  /// `-1 is out of range: must be a whole number from 0 to 2147483647 (0 = unlimited)`.
  public func violation(_ value: Double) -> String? {
    count(value) == nil ? "\(NumberFormat.string(value)) is out of range: \(requirement)" : nil
  }

  /// Nil when `value` is in the range; otherwise the phrase of ``violation(_:)-(Double)``.
  public func violation(_ value: Int) -> String? {
    contains(value) ? nil : "\(value) is out of range: \(requirement)"
  }

  /// Whether `value` is in the range (a check without the message, for hot paths).
  @inlinable public func contains(_ value: Int) -> Bool { value >= lowerBound && value <= upperBound }
}
