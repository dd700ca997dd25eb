import Testing

@testable import TextEngine

/// Blink's break rules decided in the built-in breaker's pass (the common path) against the same
/// rules applied to the breaker's UAX #14 answers afterwards (the path of text ICU breaks).
@Suite struct WebLineBreaksTests {
  /// Both ways of finding Chromium's opportunities in `text`; nil when ICU must break it.
  static func bothWays(_ text: String) -> (tailored: [Int], rewritten: [Int])? {
    let codes = text.unicodeScalars.map(\.value)
    return codes.withUnsafeBufferPointer { codes -> ([Int], [Int])? in
      let capacity = codes.count + 1
      let base = UnsafeMutablePointer<(end: Int, isHard: Bool)>.allocate(capacity: capacity)
      let tailored = UnsafeMutablePointer<(end: Int, isHard: Bool)>.allocate(capacity: capacity)
      let rewritten = UnsafeMutablePointer<(end: Int, isHard: Bool)>.allocate(capacity: capacity)
      defer { for buffer in [base, tailored, rewritten] { buffer.deallocate() } }
      guard
        let baseCount = LineBreaker.breaks(
          of: codes, into: base, conditionalJapaneseStartersAsIdeographs: true),
        let tailoredCount = WebLineBreaks.withTailoring({ tailoring in
          LineBreaker.breaks(
            of: codes, into: tailored, conditionalJapaneseStartersAsIdeographs: true, tailoring: tailoring)
        })
      else { return nil }
      let rewrittenCount = WebLineBreaks.breaks(
        of: codes, base: UnsafeBufferPointer(start: base, count: baseCount), into: rewritten)
      func encode(_ list: UnsafeMutablePointer<(end: Int, isHard: Bool)>, _ count: Int) -> [Int] {
        (0..<count).map { list[$0].isHard ? -list[$0].end : list[$0].end }
      }
      return (encode(tailored, tailoredCount), encode(rewritten, rewrittenCount))
    }
  }

  /// Text that holds Thai (ICU's dictionaries break it) takes small kana and `ー` as ideographs
  /// too, as the built-in breaker does for text without it: Chromium and SkParagraph break
  /// `インデ|ックス` after Thai as without (ICU's `@lb=normal`; before, ICU's root rules kept
  /// `デッ` together there). Chromium 156's breaks of a fresh multi-script text at 170 px with the
  /// multi-script chain: [16, 27, 38] (the engine gave [15, 26, 37]).
  @Test(arguments: [TextPlatform.web, .flutter])
  func smallKanaBreakAsIdeographsInTextWithThai(platform: TextPlatform) throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: platform)
    let japanese = "特定のインデックスとシステムカタログ"
    let withoutThai = try measurer.lineBreakOpportunities(in: japanese).map(\.offset)
    let withThai = try measurer.lineBreakOpportunities(in: "(มาลบีนาส)" + japanese).map(\.offset)
    #expect(withoutThai.contains(6))  // インデ|ックス
    #expect(withThai.filter { $0 > 10 }.map { $0 - 10 } == withoutThai)
    guard platform == .web else { return }
    let fonts = try FontSelection(regular: MultiscriptCorpusTests.families).resolve()
    let chain = TextMeasurer(regular: fonts.regular, bold: fonts.bold, systemFonts: false, platform: .web)
    let text = "(มาลบีนาส)特定のインデックスとシステムカタログは同時に再インデックス化はできません"
    let prepared = try chain.prepare(text, style: MultiscriptCorpusTests.style)
    #expect(try prepared.layout(width: 170).breaks == [16, 27, 38])
  }

  @Test func theCorporaBreakAlikeBothWays() throws {
    var compared = 0
    for file in ["corpus/feed-visible.jsonl", "corpus/multiscript-visible.jsonl"] {
      for row in try Fixtures.jsonLines(file) {
        let text = row["text"] as! String
        guard let (tailored, rewritten) = Self.bothWays(text) else { continue }
        #expect(tailored == rewritten, "\(row["id"] ?? text)")
        compared += 1
      }
    }
    #expect(compared > 2_000)
  }

  /// A mark after a tab is a grapheme cluster of its own (a tab is Control) and Blink breaks
  /// before it, after a space run with an ideographic space too (Chromium 156 starts a line at
  /// the mark at some width from 8 to 138 px, bundled fonts); both implementations agree.
  @Test func aMarkAfterATabStartsALine() throws {
    for (text, mark) in [
      ("ab \t\u{308}cd", 4), ("1 \u{3000}\t\u{308}.中yIb", 4), ("ab\u{3000}\t\u{308}cd", 4),
    ] {
      let (tailored, rewritten) = try #require(Self.bothWays(text))
      #expect(tailored == rewritten, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
      #expect(tailored.contains(mark), "\(tailored)")
    }
  }

  /// Random strings over the characters Blink's rules look at (spaces, ASCII punctuation and
  /// digits, Latin-1, quotation marks, hyphens) and the ones UAX #14 treats specially (marks,
  /// hard breaks, zero width space, ZWJ, regional indicators), mixed with CJK, letters and
  /// ideographic spaces (whose runs after a space hang whole).
  @Test func randomStringsBreakAlikeBothWays() {
    let alphabet: [UInt32] =
      Array(0x20...0x7E) + [0x09, 0x0A, 0x0D, 0x85, 0xA0, 0xAB, 0xAD, 0xB4, 0xBB, 0xBF, 0xD7, 0xE9]
      + [0x2018, 0x2019, 0x201C, 0x201D, 0x2014, 0x2010, 0x2026, 0x200B, 0x200D, 0x2028, 0x2E02]
      + [0x300C, 0x300D, 0x3002, 0xFF0C, 0x4E2D, 0x6587, 0x3063, 0x30FC, 0x0301, 0x0308, 0x1F1E6]
      + [0x1F600, 0x05D0, 0x0627, 0x0915, 0x060C, 0x060D, 0x0661, 0x2010, 0x2011, 0x2030]
      + [0x05BE, 0x05D1, 0x05B8, 0x3000, 0x3000]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20_000 {
      let length = Int.random(in: 1...12, using: &generator)
      var text = String.UnicodeScalarView()
      for _ in 0..<length {
        text.append(Unicode.Scalar(alphabet.randomElement(using: &generator)!)!)
      }
      let string = String(text)
      guard let (tailored, rewritten) = Self.bothWays(string) else { continue }
      #expect(
        tailored == rewritten, "\(string.unicodeScalars.map { String($0.value, radix: 16) })")
    }
  }
}
