import Foundation
import Testing

@testable import TextEngine

/// The shaper's common path (one table look-up per scalar, no allocation) against the general
/// path (ICU grapheme clusters, font per cluster, scripts per scalar) on real text.
@Suite struct ShapingPropertyTableTests {
  static let measurer = Result { try Fixtures.measurer() }

  /// The table's scripts are ICU's, code point by code point.
  @Test func scriptsMatchICU() {
    let table = ShapingPropertyTable.basicMultilingualPlane
    #expect(table.count == 0x1_0000)
    var mismatches: [UInt32] = []
    for codePoint in UInt32(0)..<0x1_0000 where !(0xD800..<0xE000).contains(codePoint) {
      let code = ICUProperties.scriptCode(codePoint)
      let entry = table[Int(codePoint)] & ShapingPropertyTable.scriptMask
      if code < 0xFF ? entry != UInt16(code) : entry != 0xFF { mismatches.append(codePoint) }
    }
    #expect(mismatches.isEmpty, "first: \(mismatches.prefix(5))")
    #expect(table[0x41] & ShapingPropertyTable.alone != 0)
    #expect(table[0x0301] & ShapingPropertyTable.alone == 0)  // combining acute: Extend
    #expect(table[0x200D] & ShapingPropertyTable.ignorable != 0)  // ZWJ
    #expect(table[0x231A] & ShapingPropertyTable.emoji != 0)  // watch
    #expect(table[0xAC00] & ShapingPropertyTable.alone == 0)  // Hangul LV
  }

  static let texts: [String] = {
    let feed = (try? Fixtures.jsonLines("corpus/feed-visible.jsonl")) ?? []
    let other = (try? Fixtures.jsonLines("corpus/multiscript-visible.jsonl")) ?? []
    let samples = [
      "tab\there", "a\r\nb", "x\u{0B}y\u{85}z\u{2028}w", "soft\u{AD}hyphen", "ｆｕｌｌ　ｗｉｄｔｈ ２０２６",
      "123, 456!", "«ʼ…»", "Ελληνικά Кириллица עברית العربية", "fi fl ffi", "⌚ ☺ ☺️",
    ]
    return (feed + other).compactMap { $0["text"] as? String } + samples
  }()

  /// Every segment the common path takes gets the general path's widths, ends and trailing
  /// whitespace, bit for bit.
  @Test(arguments: [FontWeight.regular, .bold])
  func commonPathEqualsGeneralPath(weight: FontWeight) throws {
    let measurer = try Self.measurer.get()
    let shaper = measurer.shaper(for: TextStyle(weight: weight))
    var taken = 0
    var segments = 0
    var mismatches: [String] = []
    for text in Self.texts {
      let codes = text.unicodeScalars.map(\.value)
      var start = 0
      for (end, _) in try measurer.lineBreakOpportunities(in: text) {
        defer { start = end }
        segments += 1
        codes[start..<end].withUnsafeBufferPointer { slice in
          let general = shaper.shape(slice, isRightToLeft: false)
          let simple = shaper.shapeSimple(slice, isRightToLeft: false) { widths, ends, trailing in
            if Array(widths) != general.graphemeWidthsEm || Array(ends) != general.graphemeEnds
              || trailing != general.trailingWhitespaceGraphemes || general.missingGlyphs != 0
            {
              mismatches.append(String(String.UnicodeScalarView(slice.compactMap(Unicode.Scalar.init))))
            }
          }
          if simple { taken += 1 }
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.count) segments differ, first: \(mismatches.prefix(5))")
    // The common path is the common case.
    #expect(taken * 10 > segments * 8, "\(taken) of \(segments)")
  }
}
