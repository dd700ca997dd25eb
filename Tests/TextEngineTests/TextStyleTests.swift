import Testing
import TextEngine

/// The ranges a style's numbers must be in, shared by the CLI, templates and the service: a
/// value outside them is an error naming the field, never an infinite or degenerate result.
@Suite struct TextStyleTests {
  @Test(arguments: [
    (TextStyle(fontSize: 1e308), "fontSize"), (TextStyle(fontSize: 10_001), "fontSize"),
    (TextStyle(lineHeight: .fixed(1e308)), "lineHeight"),
    (TextStyle(lineHeight: .multiple(1e300)), "lineHeight"),
    (TextStyle(lineSpacing: 1e308), "lineSpacing"), (TextStyle(letterSpacing: -1e308), "letterSpacing"),
    (TextStyle(pixelScale: 1e-20), "pixelScale"), (TextStyle(pixelScale: 1e300), "pixelScale"),
    (TextStyle(pixelScale: 0.5), "pixelScale"), (TextStyle(maxLines: -1), "maxLines"),
  ])
  func outOfRangeValuesNameTheirField(style: TextStyle, field: String) {
    let error = #expect(throws: TextError.self) { try style.validate() }
    #expect(error?.code == .invalidStyle)
    #expect(error?.field == field)
    #expect(error?.requirement?.contains("must be") == true)
  }

  @Test(arguments: [
    TextStyle(fontSize: 10_000), TextStyle(fontSize: 0.5), TextStyle(lineHeight: .fixed(1_000_000)),
    TextStyle(letterSpacing: -2), TextStyle(pixelScale: 1), TextStyle(pixelScale: 16),
    TextStyle(pixelScale: 3),
  ])
  func valuesAtTheEdgesAreAccepted(style: TextStyle) throws {
    try style.validate()
  }

  @Test func theLargestStyleStillGivesFiniteHeights() throws {
    let style = TextStyle(fontSize: 10_000, lineHeight: .fixed(1_000_000), lineSpacing: 1_000_000)
    let text = String(repeating: "word ", count: 2_000)
    let layout = try Fixtures.measurer().layout(text, style: style, width: 1)
    #expect(layout.height.isFinite)
    #expect(layout.lineCount == 8_000)  // one letter per line at width 1
  }

  @Test(arguments: [
    "en", "EN", "zh-Hant", "zh_TW", "pt-BR", "sr-Latn-RS", "de-CH-1996", "es-419", "x-private", "i-klingon",
    "en-US-u-ca-gregory", "yue", "tlh",
  ])
  func wellFormedLanguageTagsAreAccepted(language: String) throws {
    try TextStyle(language: language).validate()
  }

  @Test(arguments: [
    "e", "1en", "en-", "-en", "en--US", "en US", "en-US;drop", "zh-Hänt", "en-abcdefghi", "x", "en\0",
    String(repeating: "ab-", count: 30) + "cd",
  ])
  func malformedLanguageTagsNameTheField(language: String) {
    let error = #expect(throws: TextError.self) { try TextStyle(language: language).validate() }
    #expect(error?.code == .invalidStyle)
    #expect(error?.field == "language")
    #expect(error?.requirement?.hasPrefix("must be a BCP 47 language tag") == true)
  }

  @Test func aLongMalformedLanguageIsShortenedInTheMessage() {
    let error = #expect(throws: TextError.self) {
      try TextStyle(language: String(repeating: "ü", count: 100_000)).validate()
    }
    #expect((error?.message.count ?? .max) < 400)
  }
}
