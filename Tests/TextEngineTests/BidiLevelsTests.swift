import Testing

@testable import TextEngine

/// The directions segments are shaped in and Blink's bidi items, from ICU's levels.
@Suite struct BidiLevelsTests {
  /// The directions of `text`'s segments, split after each of `ends` (scalar offsets).
  private func directions(_ text: String, segmentEnds ends: [Int], isLeftToRight: Bool = false) throws
    -> SegmentDirections
  {
    let breaks = ends.map { (end: $0, isHard: false) }
    return try breaks.withUnsafeBufferPointer {
      try BidiLevels.segmentDirections(DecodedText(text), breaks: $0, isLeftToRight: isLeftToRight)
    }
  }

  /// `ب *. a`: in a paragraph its first strong character makes right to left, the neutrals
  /// between the Arabic and the Latin letter take the paragraph's direction (UAX #9 N2); in a
  /// left-to-right one (CSS's `direction: ltr`, the web's) they are left to right, and the items
  /// are those levels' runs.
  @Test func aLeftToRightParagraphKeepsNeutralsAfterArabicLeftToRight() throws {
    let firstStrong = try directions("\u{0628} *. a", segmentEnds: [2, 5, 6])
    #expect(firstStrong.scalarIsRightToLeft == [true, true, true, true, true, false])
    #expect(firstStrong.rightToLeft == [true, true, false])
    let leftToRight = try directions("\u{0628} *. a", segmentEnds: [2, 5, 6], isLeftToRight: true)
    #expect(leftToRight.scalarIsRightToLeft == [true, false, false, false, false, false])
    #expect(leftToRight.rightToLeft == [true, false, false])
    #expect(leftToRight.isMixed == [true, false, false])
    #expect(leftToRight.itemStarts == [1])
  }

  /// A left-to-right paragraph with a Hebrew word: the word is one item and the space after it,
  /// between right-to-left and left-to-right letters, takes the paragraph's level (UAX #9 N2), so
  /// the Hebrew segment is mixed.
  @Test func hebrewWordInLatinText() throws {
    let result = try directions("abc \u{05D0}\u{05D1}\u{05D2} def", segmentEnds: [4, 8, 11])
    #expect(result.itemStarts == [4, 7])
    #expect(result.rightToLeft == [false, true, false])
    #expect(result.isMixed == [false, true, false])
    #expect(
      result.scalarIsRightToLeft == [
        false, false, false, false, true, true, true, false, false, false, false,
      ])
  }

  /// Digits after Arabic letters are Arabic numbers (W2) at level 2 of a right-to-left
  /// paragraph: every scalar starts an item of its own, and the digits are not right-to-left.
  @Test func arabicNumbersAlternateLevels() throws {
    let result = try directions("\u{0628}1\u{0628}1", segmentEnds: [4])
    #expect(result.itemStarts == [1, 2, 3])
    #expect(result.isMixed == [true])
    #expect(result.scalarIsRightToLeft == [true, false, true, false])
  }

  /// A supplementary scalar takes two UTF-16 units: the levels stay aligned with the scalars
  /// after it.
  @Test func levelsStayAlignedAfterSupplementaryScalars() throws {
    let result = try directions("\u{1F600}a\u{05D0}", segmentEnds: [3])
    #expect(result.itemStarts == [2])
    #expect(result.scalarIsRightToLeft == [false, false, true])
  }

  /// One segment of 40,000 scalars alternating Latin and Arabic letters (40,000 level runs):
  /// levels, items, shaping and layout take time linear in the runs (each used to walk all the
  /// runs or graphemes before it), on both verified platforms, and every run is measured.
  @Test func manyLevelRunsInOneSegment() throws {
    let text = String(repeating: "a\u{0628}", count: 20_000)
    let result = try directions(text, segmentEnds: [40_000])
    #expect(result.itemStarts.count == 39_999)
    for platform in [TextPlatform.web, .flutter] {
      let measurer = try PlatformCorpusTests.measurer(
        chain: ["Noto Sans", "Noto Sans Arabic"], platform: platform)
      let layout = try measurer.layout(
        text, style: TextStyle(fontSize: 15, lineHeight: .fixed(20)), width: 300)
      #expect(layout.lines.count > 100)
      #expect(layout.lines.allSatisfy { $0.width > 0 && $0.width <= 300 + PreparedText.fitTolerance })
      #expect(layout.lines.last?.scalarRange.upperBound == 40_000)
    }
  }
}
