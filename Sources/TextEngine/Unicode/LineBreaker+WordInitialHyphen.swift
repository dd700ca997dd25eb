extension LineBreaker {
  /// True when `scalar` is a hyphen of class HY or HH in Unicode 15.1 (`-`, U+2010).
  @inline(__always) static func isHyphen(_ scalar: UInt32) -> Bool { scalar == 0x2D || scalar == 0x2010 }

  /// True when `scalar` is a hyphen of class HY or HH in Unicode 16, whose HH also holds the
  /// figure and en dashes and the other unambiguous hyphens (U+058A, U+05BE, U+1400, U+2012,
  /// U+2013, U+2E17, U+2E40, U+2E5D): as Chromium 156's ICU keeps them with a letter after them
  /// at a word's start (measured: `xy –abc` and a line that starts `–abc` do not break after
  /// the dash).
  @inline(__always) static func isUnicode16Hyphen(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x2D, 0x058A, 0x05BE, 0x1400, 0x2010, 0x2012, 0x2013, 0x2E17, 0x2E40, 0x2E5D: true
    default: false
    }
  }

  /// Unicode 15.1's LB20a, which ICU 72 lacks: no break after a word-initial hyphen before a
  /// letter, `(sot | BK | CR | LF | NL | SP | ZW | CB | GL) (HY | HH) × (AL | HL)` (`-fPIC`,
  /// `-الداخلي`; `--table`'s second hyphen is not word-initial). True when that rule forbids
  /// the break before `codes[index]`; with `unicode16`, the hyphens are Unicode 16's
  /// (`isUnicode16Hyphen`).
  static func keepsWordInitialHyphen(
    before index: Int, in codes: UnsafeBufferPointer<UInt32>, unicode16: Bool = false
  ) -> Bool {
    guard index >= 1, index < codes.count,
      unicode16 ? isUnicode16Hyphen(codes[index - 1]) : isHyphen(codes[index - 1]),
      lineBreakClass(of: codes[index]).isIn(ClassSet.letters)
    else { return false }
    guard index >= 2 else { return true }
    return lineBreakClass(of: codes[index - 2]).isIn(
      ClassSet.hardBreaks | LineBreakClass.space.bit | LineBreakClass.zeroWidthSpace.bit
        | LineBreakClass.contingentBreak.bit | LineBreakClass.glue.bit)
  }
}

extension LineBreaker {
  /// Unicode 15.1's LB21a, `HL (HY | BA) × [^HL]`, where ICU 72's is `HL (HY | BA) ×`: a hyphen
  /// or maqaf (U+05BE) after a Hebrew letter (and its marks) may be broken after when a Hebrew
  /// letter follows (`ערבית-לטינית`, `שלאָס־הענטל`). True when that rule allows the break before
  /// `codes[index]` that the older one forbids.
  static func breaksHebrewCompound(before index: Int, in codes: UnsafeBufferPointer<UInt32>) -> Bool {
    guard index >= 2, index < codes.count, lineBreakClass(of: codes[index]) == .hebrewLetter,
      lineBreakClass(of: codes[index - 1]).isIn(LineBreakClass.hyphen.bit | LineBreakClass.breakAfter.bit)
    else { return false }
    var letter = index - 2
    while letter > 0, lineBreakClass(of: codes[letter]).isIn(ClassSet.marks) { letter -= 1 }
    return lineBreakClass(of: codes[letter]) == .hebrewLetter
  }
}
