import Testing

@testable import TextEngine

/// SkParagraph's rules that are not line heights: here, when a word too long for any line starts
/// on the line before it (`TextWrapper::lookAhead`'s `tooLongWord`). Expected breaks are
/// skia-python 144's (`skia_lines.py`, Noto Sans alone, 15 px): a word is too long when it is
/// wider than the line without its last cluster (the walk that measures it stops at the
/// cluster a break opportunity follows), and then it fills the line if two of its clusters fit.
struct FlutterTextRulesTests {
  static func lineStarts(_ text: String, width: Double) throws -> [Int] {
    let measurer = try PlatformCorpusTests.measurer(chain: ["Noto Sans"], platform: .flutter)
    let layout = try measurer.layout(
      text, style: TextStyle(fontSize: 15, lineHeight: .fixed(21)), width: width)
    return layout.lines.dropFirst().map(\.scalarRange.lowerBound)
  }

  @Test(arguments: [
    // "authorityKeyIdentifie" fits a 150 px line, so the word is not too long there and waits
    // for the next line; at 100 px it is, and fills the line after "в по ".
    ("сертификатов по authorityKeyIdentifier", 150.0, [16, 37]),
    ("сертификатов по authorityKeyIdentifier", 100.0, [11, 25]),
    // "anonscm.debian.org" (without the "/" a break follows) fits 150 px: the line ends after
    // "https://"; at 100 px the word fills it.
    ("x https://anonscm.debian.org/viewvc/sepwatch/trunk/", 150.0, [10, 28, 45]),
    ("x https://anonscm.debian.org/viewvc/sepwatch/trunk/", 100.0, [14, 26, 36, 45]),
    ("aaaa bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", 100.0, [11, 21, 31, 41]),
  ])
  func aTooLongWordFillsTheLineAsSkParagraphFillsIt(text: String, width: Double, skia: [Int]) throws {
    #expect(try Self.lineStarts(text, width: width) == skia)
  }
}
