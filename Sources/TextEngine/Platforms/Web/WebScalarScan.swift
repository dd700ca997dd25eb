/// What a web text holds that Blink lays out by rules of their own, found in one pass over its
/// scalars (eight a step) before it is prepared.
struct WebScalarScan: Hashable, Sendable {
  /// A tab (U+0009): it reaches a tab stop (``WebTabStops``).
  private(set) var hasTab = false
  /// A hyphen-minus between an ASCII letter or digit and an ASCII digit (`CVE-2020`,
  /// `issuecomment-601`), where Blink may break after the hyphen, but not on a line that starts
  /// at it: Blink's break iterator starts at each line's start, so the hyphen it starts with has
  /// no letter before it and is taken for a minus sign (`LazyLineBreakIterator::Context`). Only a
  /// word cut between graphemes can start a line there; its line finder then reads the scalars.
  private(set) var hasHyphenBeforeDigit = false
  /// A soft hyphen (U+00AD): a line ending there ends with a hyphen (``WebSoftHyphens``).
  private(set) var hasSoftHyphen = false

  /// Nothing found (a platform without these rules).
  init() {}

  /// Scans `codes`.
  init(_ codes: UnsafeBufferPointer<UInt32>) {
    guard codes.count >= 8 else {
      note(codes, from: 0, to: codes.count)
      return
    }
    let tabs = SIMD8<UInt32>(repeating: 9)
    let hyphens = SIMD8<UInt32>(repeating: 0x2D)
    // (U+002D and U+00AD alike: the scalar less its 0x80 bit.)
    let withoutBit7 = SIMD8<UInt32>(repeating: ~0x80)
    _ = ScalarSteps.forEachStep(
      of: codes, where: { any(($0 .== tabs) .| (($0 & withoutBit7) .== hyphens)) },
      then: { start in
        note(codes, from: start, to: start &+ 8)
        return true
      })
  }

  /// Notes what scalars `start..<end` of `codes` hold. Out of line: most texts have neither.
  @inline(never) private mutating func note(
    _ codes: UnsafeBufferPointer<UInt32>, from start: Int, to end: Int
  ) {
    for index in start..<end {
      if codes[index] == 9 {
        hasTab = true
      } else if codes[index] == 0xAD {
        hasSoftHyphen = true
      } else if Self.isHyphenBeforeDigit(at: index, in: codes) {
        hasHyphenBeforeDigit = true
      }
    }
  }

  /// True when `codes[index]` is a hyphen-minus between an ASCII letter or digit and an ASCII
  /// digit (``hasHyphenBeforeDigit``).
  @inline(__always) static func isHyphenBeforeDigit(at index: Int, in codes: UnsafeBufferPointer<UInt32>)
    -> Bool
  {
    index > 0 && index &+ 1 < codes.count && codes[index] == 0x2D
      && WebLineBreaks.isASCIIAlphanumeric(codes[index &- 1]) && codes[index &+ 1] &- 0x30 < 10
  }

  /// True when grapheme `grapheme` (of graphemes ending at scalars `ends`) is a hyphen-minus
  /// alone between an ASCII letter or digit and an ASCII digit of `codes`.
  @inline(__always) static func isHyphenBeforeDigit(
    grapheme: Int, ends: UnsafeBufferPointer<Int32>, codes: UnsafeBufferPointer<UInt32>
  ) -> Bool {
    let scalar = grapheme == 0 ? 0 : Int(ends[grapheme &- 1])
    return Int(ends[grapheme]) == scalar &+ 1 && isHyphenBeforeDigit(at: scalar, in: codes)
  }
}
