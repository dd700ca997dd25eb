/// Which fonts of a chain a piece of text is set in: bit `i` for the chain's font `i` (the
/// primary font is bit 0), and one bit, `othersBit`, for fonts past the fifteenth and installed
/// fallback faces. Two bytes, so a cached segment carries it in what was padding.
struct FontMask: Sendable, Hashable {
  var rawValue: UInt16

  /// No font.
  init() { rawValue = 0 }

  init(rawValue: UInt16) { self.rawValue = rawValue }

  /// The mask of one font: the chain's font `index`, or `othersBit` for an index past the
  /// fifteenth or nil (a font outside the chain).
  init(fontAt index: Int?) {
    rawValue = 0
    insert(fontAt: index)
  }

  /// The primary font alone.
  static let primary = FontMask(rawValue: 1)

  /// The bit of every font that has none of its own.
  static let othersBit = 15

  /// Adds a font (see `init(fontAt:)`).
  mutating func insert(fontAt index: Int?) {
    let bit = index.map { min($0, Self.othersBit) } ?? Self.othersBit
    rawValue |= 1 << UInt16(bit)
  }

  @inline(__always) mutating func formUnion(_ other: FontMask) { rawValue |= other.rawValue }

  /// True when it holds more than one font.
  @inline(__always) var hasSeveral: Bool { rawValue & (rawValue &- 1) != 0 }
}
