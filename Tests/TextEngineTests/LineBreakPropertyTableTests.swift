import Testing

@testable import TextEngine

/// The BMP line-break table compiled into the package, against ICU asked per code point.
@Suite struct LineBreakPropertyTableTests {
  @Test func compiledTableMatchesICUPerCodePoint() {
    let table = LineBreakPropertyTable.basicMultilingualPlane
    #expect(table.count == 0x1_0000)
    var mismatches: [UInt32] = []
    for codePoint in 0..<UInt32(0x1_0000)
    where table[Int(codePoint)] != LineBreakPropertyTable.entry(codePoint) {
      mismatches.append(codePoint)
    }
    #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(10).map { String($0, radix: 16) })")
  }

  /// Every class fits below the flag bits, and the web's table is the engine's (CJ as
  /// ideographs) with its flag on exactly the scalars Blink's rules look at.
  @Test func flagsLeaveTheClassesAlone() {
    let mask = LineBreakPropertyTable.classMask
    #expect(LineBreakClass.allCases.allSatisfy { $0.rawValue & ~mask == 0 })
    let engine = LineBreakPropertyTable.basicMultilingualPlaneWithConditionalJapaneseStartersAsIdeographs
    let web = WebLineBreaks.propertyTable
    #expect(web.count == engine.count)
    var flagged = 0
    for scalar in 0..<0x1_0000 {
      #expect(web[scalar] & ~LineBreakPropertyTable.tailoredFlag == engine[scalar])
      if web[scalar] & LineBreakPropertyTable.tailoredFlag != 0 { flagged += 1 }
    }
    // U+0000…U+00FF but ASCII letters and digits, the hyphens, dashes and quotation marks of
    // U+2010…U+203A, U+2E02…U+2E21, the Arabic commas, the maqaf, the ideographic space, and
    // Unicode 16's other hyphens (U+058A, U+1400, U+2E40, U+2E5D).
    #expect(flagged == 0x100 - 62 + 0x2B + 0x20 + 2 + 1 + 1 + 4)
  }

  @Test(arguments: [
    (UInt32(0x41), LineBreakClass.alphabetic), (0x20, .space), (0x4E00, .ideographic),
    (0x3002, .closePunctuation),
    (0xFF08, .openPunctuationWide), (0x28, .openPunctuation), (0x0301, .combiningMark),
    (0x200D, .zeroWidthJoiner),
  ])
  func knownClasses(codePoint: UInt32, expected: LineBreakClass) {
    #expect(
      LineBreaker.lineBreakClass(LineBreakPropertyTable.basicMultilingualPlane[Int(codePoint)]) == expected)
  }

  @Test func thaiIsComplexContext() {
    let entry = LineBreakPropertyTable.basicMultilingualPlane[0x0E01]
    #expect(entry & LineBreakPropertyTable.complexContextFlag != 0)
  }
}
