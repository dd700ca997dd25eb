import Testing

@testable import TextEngine

/// The script SkParagraph shapes a segment's leading Common characters in
/// (``FlutterLeadingScripts``): the script run they continue within their bidi run.
@Suite struct FlutterLeadingScriptsTests {
  let hebrew = UInt8(ICUProperties.scriptCode(0x05E9) + 1)

  /// The leading scripts of `text`'s segments ending at `ends`, the paragraph at level 0 (or,
  /// without `bidi`, every scalar left to right).
  func leadingScripts(_ text: String, segmentEnds ends: [Int], bidi: Bool = true) throws -> [UInt8]? {
    let breaks = ends.map { (end: $0, isHard: false) }
    let codes = text.unicodeScalars.map(\.value)
    let directions =
      bidi ? try BidiLevels.scalarLevels(codes, isLeftToRight: true).map { $0 & 1 == 1 } : []
    return codes.withUnsafeBufferPointer { codes in
      breaks.withUnsafeBufferPointer { breaks in
        directions.withUnsafeBufferPointer {
          FlutterLeadingScripts.leadingScripts(of: codes, segmentEnds: breaks, scalarIsRightToLeft: $0)
        }
      }
    }
  }

  /// `שלום 12`: the digits are a bidi run of their own (level 2), shaped apart, so they do not
  /// continue the Hebrew run; `שלום (12)` keeps the bracket in the Hebrew run (level 1).
  @Test func aBidiRunStartsItsOwnScriptRuns() throws {
    #expect(try leadingScripts("שלום 12", segmentEnds: [5, 7]) == nil)
    #expect(try leadingScripts("שלום 12", segmentEnds: [5, 7], bidi: false) == [0, hebrew])
    #expect(try leadingScripts("שלום (12) שלום", segmentEnds: [5, 10, 14]) == [0, hebrew, 0])
  }
}
