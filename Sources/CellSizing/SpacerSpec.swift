/// Empty space: a fixed length along its stack (height in the card, width in a row), or in a
/// row, the remaining width.
public struct SpacerSpec: Sendable, Hashable {
  /// The length in points; nil fills the remaining width of a row.
  public var length: Double?

  /// A spacer of `length` points (nil: fill, rows only).
  public init(length: Double?) {
    self.length = length
  }
}
