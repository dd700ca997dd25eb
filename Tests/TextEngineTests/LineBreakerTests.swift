import Foundation
import Testing
import TextEngine

/// The built-in UAX #14 breaker against ICU's, and the cases where it hands over to ICU.
@Suite struct LineBreakerTests {
  static let builtIn = Result { try Fixtures.measurer() }
  /// A measurer that breaks lines with ICU's iterator (any non-empty locale does; "en" has the
  /// root rules).
  static let icu = Result {
    TextMeasurer(
      regular: try BundledFonts.regularChain(), bold: try BundledFonts.boldChain(), locale: "en",
      platform: .ios)
  }

  static func offsets(_ measurer: TextMeasurer, _ text: String) throws -> [Int] {
    try measurer.lineBreakOpportunities(in: text).map(\.offset)
  }

  /// Where ICU 72's rules differ from the Unicode 15.0 default that LineBreakTest.txt specifies
  /// (and the built-in breaker follows), ICU never breaking where the default does:
  /// - its "LB 20.09" tailoring: no break after a hyphen that starts the text or follows a
  ///   space, before a letter (`-DLLVM`); Pango and Chromium break there;
  /// - the old pair form of LB25, `IS × NU` and `SY × NU` even when no number precedes
  ///   (`费,68元`, `%.250s`); UAX #14's number expression breaks there, and so does the
  ///   Pango∧SkParagraph answer (99.83 % agreement with the default, 99.24 % with ICU's pairs).
  static func isKnownICUDifference(_ text: String, at offset: Int) -> Bool {
    let scalars = Array(text.unicodeScalars)
    guard offset >= 1, offset < scalars.count else { return false }
    let before = scalars[offset - 1]
    let after = scalars[offset]
    if before == "-" {
      let beforeHyphen = offset >= 2 ? scalars[offset - 2] : nil
      return (beforeHyphen == nil || beforeHyphen == " ") && after.properties.isAlphabetic
    }
    return ",./:;".unicodeScalars.contains(before) && ("0"..."9").contains(after)
  }

  @Test func agreesWithICUOnTheCorpusExceptWhereICUDepartsFromTheDefault() throws {
    let builtIn = try Self.builtIn.get()
    let icu = try Self.icu.get()
    let texts = try Fixtures.jsonLines("corpus/feed-visible.jsonl").map { $0["text"] as! String }
    var differences = 0
    for text in texts {
      let ours = Set(try Self.offsets(builtIn, text))
      let theirs = Set(try Self.offsets(icu, text))
      for offset in ours.symmetricDifference(theirs) {
        #expect(
          Self.isKnownICUDifference(text, at: offset) && ours.contains(offset),
          "offset \(offset) of \(text.debugDescription)")
        differences += 1
      }
    }
    #expect(texts.count == 1024)
    #expect(differences == 25)
  }

  @Test func breaksAfterASpacePrecededHyphenAsPangoAndChromiumDo() throws {
    let text = "Add -DLLVM_ENABLE=OFF"
    #expect(try Self.offsets(Self.builtIn.get(), text) == [4, 5, 21])
    #expect(try Self.offsets(Self.icu.get(), text) == [4, 21])
  }

  @Test(arguments: [
    ("中文，标点。", [1, 3, 4, 6]),  // kinsoku: no break before "，" and "。"
    ("「引用」文字", [2, 4, 5, 6]),  // no break after "「" or before "」"
    ("price $100.00 (USD)", [6, 14, 19]),  // LB25: a number with its prefix stays whole
    ("1,234.56% off", [10, 13]),
    ("🇨🇳🇯🇵🇺🇸", [2, 4, 6]),  // LB30a: flags in pairs of regional indicators
    ("👍🏽👍", [2, 3]),  // LB30b: an emoji modifier stays with its base
    ("a\u{200B}b", [2, 3]),  // LB8: break after a zero width space
    ("a\u{2060}b c", [4, 5]),  // LB11: word joiner
    ("one\r\ntwo\nthree", [5, 9, 14]),  // LB5: CR LF is one hard break
    ("\u{0301}x y", [3, 4]),  // LB10: a leading mark is alphabetic
  ])
  func breaksPerUAX14(text: String, expected: [Int]) throws {
    #expect(try Self.offsets(Self.builtIn.get(), text) == expected)
    #expect(try Self.offsets(Self.icu.get(), text) == expected)
  }

  @Test func hardBreaksAreFlagged() throws {
    let opportunities = try Self.builtIn.get().lineBreakOpportunities(in: "a b\nc\u{2028}d\n")
    #expect(opportunities.map(\.offset) == [2, 4, 6, 8])
    #expect(opportunities.map(\.isMandatory) == [false, true, true, true])
  }

  @Test func thaiTextUsesICUDictionaryBreaking() throws {
    // Thai has no spaces between words; UAX #14 leaves SA to a dictionary, which ICU has.
    let text = "ภาษาไทยง่ายนิดเดียว"
    let ours = try Self.offsets(Self.builtIn.get(), text)
    #expect(ours.count > 2)
    #expect(ours == (try Self.offsets(Self.icu.get(), text)))
  }

  @Test func aLocaleSelectsICUTailoring() throws {
    // Small kana (CJ) are nonstarters by default and under lb=strict, but not under lb=loose.
    let chains = (try BundledFonts.regularChain(), try BundledFonts.boldChain())
    let loose = TextMeasurer(regular: chains.0, bold: chains.1, locale: "ja@lb=loose", platform: .ios)
    #expect(try Self.offsets(Self.builtIn.get(), "あぁい") == [2, 3])
    #expect(try Self.offsets(loose, "あぁい") == [1, 2, 3])
  }
}
