/// The set of Unicode scalars a font's cmap covers, as a bit set over the code space.
struct CoverageSet: Sendable, Hashable {
  private var words: [UInt64] = []

  init() {}

  mutating func insert(_ scalar: UInt32) {
    let word = Int(scalar >> 6)
    if word >= words.count { words.append(contentsOf: repeatElement(0, count: word + 1 - words.count)) }
    words[word] |= 1 << UInt64(scalar & 63)
  }

  func contains(_ scalar: UInt32) -> Bool { Self.contains(scalar, in: words) }

  /// Whether the bit of `scalar` is set in `words` (the set's storage, or a pointer to it).
  @inline(__always) fileprivate static func contains<Words: RandomAccessCollection>(
    _ scalar: UInt32, in words: Words
  ) -> Bool where Words.Element == UInt64, Words.Index == Int {
    let word = Int(scalar >> 6)
    return word < words.count && words[word] & (1 << UInt64(scalar & 63)) != 0
  }

  mutating func formUnion(_ other: CoverageSet) {
    if other.words.count > words.count {
      words.append(contentsOf: repeatElement(0, count: other.words.count - words.count))
    }
    for index in other.words.indices { words[index] |= other.words[index] }
  }

  var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

  /// The set read through a pointer, valid inside `withBits` only: a loop's look-ups then load
  /// no array header.
  struct Bits {
    fileprivate let words: UnsafeBufferPointer<UInt64>

    @inline(__always) func contains(_ scalar: UInt32) -> Bool { CoverageSet.contains(scalar, in: words) }
  }

  /// Runs `body` with the set's bits.
  @inline(__always) func withBits<Result>(_ body: (Bits) -> Result) -> Result {
    words.withUnsafeBufferPointer { body(Bits(words: $0)) }
  }
}
