/// What a web text holds that Blink lays out by rules of their own, found in one pass over its
/// scalars (eight a step) before it is prepared.
struct WebScalarScan: Hashable, Sendable {
  /// A tab (U+0009): it reaches a tab stop (``WebTabStops``).
  private(set) var hasTab = false
  /// A hyphen where Blink may break after it, but not on a line that starts at it, because
  /// Blink's break iterator starts at each line's start: a hyphen-minus between an ASCII letter
  /// or digit and an ASCII digit (`CVE-2020`, `issuecomment-601`), which at a line's start has no
  /// letter before it and is taken for a minus sign (`LazyLineBreakIterator::Context`); and one
  /// of Unicode 16's hyphens before a letter (`xyz–abc`), word-initial at a line's start (LB20a),
  /// where ICU decides (U+2010…U+2013, and `-` before a letter past U+00FF; the scan does not look
  /// for the other hyphens). Only a word cut between graphemes can start a line there; its line
  /// finder then reads the scalars.
  private(set) var hasLineStartHyphen = false
  /// A soft hyphen (U+00AD): a line ending there ends with a hyphen (``WebSoftHyphens``).
  private(set) var hasSoftHyphen = false

  /// Nothing found (a platform without these rules).
  init() {}

  /// Scans `codes`; for the dashes U+2010…U+2013 too where `looksForDashes` (the text holds
  /// General Punctuation: ``DecodedText/hasGeneralPunctuation``, which decoding finds for free).
  init(_ codes: UnsafeBufferPointer<UInt32>, looksForDashes: Bool = true) {
    guard codes.count >= 8 else {
      note(codes, from: 0, to: codes.count)
      return
    }
    let tabs = SIMD8<UInt32>(repeating: 9)
    let hyphens = SIMD8<UInt32>(repeating: 0x2D)
    // (U+002D and U+00AD alike: the scalar less its 0x80 bit; U+2010…U+2013 less their low bits.)
    let withoutBit7 = SIMD8<UInt32>(repeating: ~0x80)
    guard looksForDashes else {
      _ = ScalarSteps.forEachStep(
        of: codes, where: { any(($0 .== tabs) .| (($0 & withoutBit7) .== hyphens)) },
        then: { start in
          note(codes, from: start, to: start &+ 8)
          return true
        })
      return
    }
    let dashes = SIMD8<UInt32>(repeating: 0x2010)
    let withoutLowBits = SIMD8<UInt32>(repeating: ~3)
    _ = ScalarSteps.forEachStep(
      of: codes,
      where: {
        any(($0 .== tabs) .| (($0 & withoutBit7) .== hyphens) .| (($0 & withoutLowBits) .== dashes))
      },
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
      let scalar = codes[index]
      if scalar == 9 {
        hasTab = true
      } else if scalar == 0xAD {
        hasSoftHyphen = true
      } else if scalar == 0x2D || scalar &- 0x2010 <= 3,
        Self.isHyphenBeforeDigit(at: index, in: codes) || Self.isWordInitialAtLineStart(at: index, in: codes)
      {
        hasLineStartHyphen = true
      }
    }
  }

  /// True when `codes[index]` is a hyphen-minus between an ASCII letter or digit and an ASCII
  /// digit (``hasLineStartHyphen``).
  @inline(__always) static func isHyphenBeforeDigit(at index: Int, in codes: UnsafeBufferPointer<UInt32>)
    -> Bool
  {
    index > 0 && index &+ 1 < codes.count && codes[index] == 0x2D
      && WebLineBreaks.isASCIIAlphanumeric(codes[index &- 1]) && codes[index &+ 1] &- 0x30 < 10
  }

  /// True when `codes[index]` is one of Unicode 16's hyphens with a letter after it that a
  /// line starting at the hyphen keeps with it (LB20a, ``LineBreaker/isUnicode16Hyphen(_:)``):
  /// where ICU decides, not between a hyphen-minus and a letter of U+0000…U+00FF (Blink's pair
  /// table breaks there, ``WebPairTable``). Only the hyphens the scan looks for: `-`, U+2010,
  /// U+2012 and U+2013 (not U+058A, U+05BE, U+1400, U+2E17, U+2E40, U+2E5D, which would cost
  /// every text more compares).
  @inline(__always) static func isWordInitialAtLineStart(at index: Int, in codes: UnsafeBufferPointer<UInt32>)
    -> Bool
  {
    guard index &+ 1 < codes.count else { return false }
    let hyphen = codes[index]
    let next = codes[index &+ 1]
    guard hyphen == 0x2D ? next > 0xFF : hyphen &- 0x2010 <= 3 && hyphen != 0x2011 else { return false }
    return LineBreaker.lineBreakClass(of: next).isIn(LineBreaker.ClassSet.letters)
  }

  /// True when grapheme `grapheme` (of graphemes ending at scalars `ends`) is a hyphen alone
  /// that a line starting with it keeps with what follows in `codes` (``hasLineStartHyphen``).
  /// Out of line: asked only where a line that starts with a cut word's last grapheme overflows,
  /// and inlined it slows every line finder's loop.
  @inline(never) static func joinsAtLineStart(
    grapheme: Int, ends: UnsafeBufferPointer<Int32>, codes: UnsafeBufferPointer<UInt32>
  ) -> Bool {
    let scalar = grapheme == 0 ? 0 : Int(ends[grapheme &- 1])
    return Int(ends[grapheme]) == scalar &+ 1
      && (isHyphenBeforeDigit(at: scalar, in: codes) || isWordInitialAtLineStart(at: scalar, in: codes))
  }
}
