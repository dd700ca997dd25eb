/// Eight bytes at once in a `UInt64`: the classic word tricks that let the JSON reader and
/// writer skip over runs of ordinary bytes instead of testing them one by one.
enum ByteWord {
  static let ones: UInt64 = 0x0101_0101_0101_0101
  static let highBits: UInt64 = 0x8080_8080_8080_8080

  /// Whether any byte of `word` is below `limit` (`limit` ≤ 0x80).
  @inline(__always) static func hasByte(below limit: UInt8, in word: UInt64) -> Bool {
    (word &- UInt64(limit) &* ones) & ~word & highBits != 0
  }

  /// Whether any byte of `word` equals `byte`.
  @inline(__always) static func hasByte(_ byte: UInt8, in word: UInt64) -> Bool {
    let difference = word ^ (UInt64(byte) &* ones)
    return (difference &- ones) & ~difference & highBits != 0
  }

  /// Whether any byte of `word` is a control character, `"` or `\`: what a JSON string's
  /// plain run cannot hold.
  @inline(__always) static func hasJSONStringSpecial(_ word: UInt64) -> Bool {
    hasByte(below: 0x20, in: word) || hasByte(UInt8(ascii: "\""), in: word)
      || hasByte(UInt8(ascii: "\\"), in: word)
  }
}
