/// A platform's changes to UAX #14's break opportunities, decided by `LineBreaker` as it decides
/// each position (one pass over the text, not a second one over the engine's answers).
protocol LineBreakTailoring {
  /// False for UAX #14 as it is (`isBreakAllowed` is never asked).
  static var tailors: Bool { get }

  /// The BMP class table to break with: the engine's (with CJ scalars as ideographs), with
  /// `LineBreakPropertyTable.tailoredFlag` set on the scalars next to which the tailoring may
  /// decide differently; nil for the engine's own table.
  var propertyTable: UnsafePointer<UInt8>? { get }

  /// The tailored answer for a position before scalar `index` of `codes` (`current`, after
  /// `last`), where UAX #14's is `engineAllows`. Asked where `current` or `last` is flagged and
  /// the position is not after a hard break.
  func isBreakAllowed(
    before index: Int, current: UInt32, last: UInt32, in codes: UnsafeBufferPointer<UInt32>,
    engineAllows: Bool
  ) -> Bool
}

/// UAX #14 as it is.
struct UntailoredLineBreaks: LineBreakTailoring {
  static var tailors: Bool { false }
  var propertyTable: UnsafePointer<UInt8>? { nil }

  @inline(__always) func isBreakAllowed(
    before index: Int, current: UInt32, last: UInt32, in codes: UnsafeBufferPointer<UInt32>,
    engineAllows: Bool
  ) -> Bool { engineAllows }
}
