import Testing
import TextEngine

/// Over-long grapheme clusters (a base and thousands of combining marks) are cut into pieces of
/// at most 31 scalars, UAX #15's stream-safe bound, so shaping them stays linear; ordinary
/// clusters are untouched.
@Suite struct SegmentShaperTests {
  static let measurer = Result { try Fixtures.measurer() }

  static func text(base: Character, mark: Unicode.Scalar, count: Int) -> String {
    String(base) + String(String.UnicodeScalarView(repeatElement(mark, count: count)))
  }

  static let cases: [(base: Character, mark: Unicode.Scalar)] = [("a", "\u{0301}"), ("ก", "\u{0E31}")]

  @Test(arguments: cases, [0, 29, 30, 31, 61, 62, 100, 1_000])
  func longClustersAreShapedInPieces(sample: (base: Character, mark: Unicode.Scalar), marks: Int) throws {
    let measurer = try Self.measurer.get()
    let text = Self.text(base: sample.base, mark: sample.mark, count: marks)
    let runs = try measurer.glyphRuns(text, style: TextStyle())
    let scalars = marks + 1
    #expect(runs.count == (scalars + 30) / 31)
    // Each piece's glyphs belong to its own 31 scalars.
    for (index, run) in runs.enumerated() {
      for glyph in run.glyphs {
        #expect(glyph.cluster / 31 == index)
      }
    }
  }

  @Test(arguments: cases)
  func longClusterFitsOnOneLineWhenWide(sample: (base: Character, mark: Unicode.Scalar)) throws {
    let measurer = try Self.measurer.get()
    let text = Self.text(base: sample.base, mark: sample.mark, count: 1_000)
    let prepared = try measurer.prepare(text, style: TextStyle())
    let layout = try prepared.layout(width: .infinity)
    #expect(layout.lines.count == 1)
    #expect(layout.lines[0].scalarRange == 0..<1_001)
    #expect(layout.lines[0].width > 0)
    // Every scalar is counted once whether or not a bundled font covers the script.
    #expect(prepared.missingGlyphs == 0 || prepared.missingGlyphs == 1_001)
  }

  @Test(arguments: cases)
  func narrowWidthBreaksOnlyBetweenPieces(sample: (base: Character, mark: Unicode.Scalar)) throws {
    let measurer = try Self.measurer.get()
    let text = Self.text(base: sample.base, mark: sample.mark, count: 200)
    let layout = try measurer.layout(text, style: TextStyle(), width: 1)
    #expect(layout.lines.count > 1)
    for line in layout.lines {
      #expect(line.scalarRange.lowerBound % 31 == 0)
    }
    #expect(layout.lines.last?.scalarRange.upperBound == 201)
  }

  /// Emoji ZWJ sequences and other real clusters stay whole.
  @Test(arguments: ["👨‍👩‍👧‍👦", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "é̃̂", "กั"])
  func ordinaryClustersStayWhole(text: String) throws {
    let measurer = try Self.measurer.get()
    let layout = try measurer.layout(text, style: TextStyle(), width: 1)
    #expect(layout.lines.count == 1)
  }
}
