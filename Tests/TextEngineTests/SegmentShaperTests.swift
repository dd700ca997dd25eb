import Testing

@testable import TextEngine

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

  /// With the bundled chain (CJK SC first, with the basic Greek and Cyrillic letters; Noto Sans
  /// with all of them), a word's letters come from one font: the primary when it has them all,
  /// else the first font that does. Punctuation keeps its own font; words apart are chosen apart.
  static let wordFonts: [(text: String, fonts: [String: String])] = [
    ("Καλημέρα", ["Κ": "Noto Sans", "ρ": "Noto Sans", "έ": "Noto Sans"]),
    ("και", ["κ": "Noto Sans CJK SC", "ι": "Noto Sans CJK SC"]),
    ("και ημέρα,", ["κ": "Noto Sans CJK SC", "η": "Noto Sans", "μ": "Noto Sans", ",": "Noto Sans CJK SC"]),
    ("Привіт", ["П": "Noto Sans", "і": "Noto Sans", "т": "Noto Sans"]),
    ("Привет", ["П": "Noto Sans CJK SC", "е": "Noto Sans CJK SC"]),
    ("中文α字", ["中": "Noto Sans CJK SC", "α": "Noto Sans CJK SC"]),
    ("ї😀", ["ї": "Noto Sans", "😀": "Noto Color Emoji"]),
  ]

  @Test(arguments: wordFonts)
  func aWordsLettersComeFromOneFont(sample: (text: String, fonts: [String: String])) throws {
    let measurer = try Self.measurer.get()
    let clusters = measurer.clusterFonts(sample.text, style: TextStyle())
    for (cluster, family) in sample.fonts {
      let font = clusters.first { $0.text == cluster }?.font
      #expect(font?.familyName == family, "\(cluster) in \(sample.text)")
    }
    // Drawing uses the same fonts as measuring.
    let runs = try measurer.glyphRuns(sample.text, style: TextStyle())
    for run in runs {
      for glyph in run.glyphs {
        let cluster = clusters.first { $0.scalarRange.contains(glyph.cluster) }
        #expect(cluster?.font?.path == run.font.path, "\(sample.text) at \(glyph.cluster)")
      }
    }
  }

  /// Grapheme clusters as scalar ends: the same clusters as Swift's `Character`s, with scalars
  /// outside the BMP (two UTF-16 units for ICU) mapped back to scalar offsets.
  @Test(arguments: [
    "👩‍👩‍👧 and e\u{301}", "🇯🇵🇺🇸x", "1️⃣👍🏽!", "a\u{1F600}b\u{10348}\u{301}c", "ก้ำ 中文", "",
    "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
  ])
  func graphemeBoundariesAreScalarEndsOfCharacters(text: String) throws {
    let shaper = try Self.measurer.get().shaper(weight: .regular, language: "")
    let scalars = text.unicodeScalars.map(\.value)
    let ends = scalars.withUnsafeBufferPointer { shaper.graphemeBoundaries($0) }
    var expected: [Int32] = []
    var end: Int32 = 0
    for character in text {
      end += Int32(character.unicodeScalars.count)
      expected.append(end)
    }
    #expect(ends == expected)
  }

  /// The common path (HarfBuzz shape plans cached per script and direction, executed directly)
  /// gives the same widths as the general path (`hb_shape`) for segments of several scripts in
  /// both directions, shaped in turns so that each cached plan is used after the others.
  @Test func theCommonPathShapesAsTheGeneralPath() throws {
    let shaper = try Self.measurer.get().shaper(weight: .regular, language: "")
    let samples = ["AVATAR Type", "今天天气", "2024", "Привет", "γεια", "AVATAR", "WAVE"]
    var differing: [String] = []
    for _ in 0..<2 {
      for text in samples {
        for isRightToLeft in [false, true] {
          let scalars = text.unicodeScalars.map(\.value)
          let general = scalars.withUnsafeBufferPointer { shaper.shape($0, isRightToLeft: isRightToLeft) }
          var simple: [Double] = []
          let used = scalars.withUnsafeBufferPointer {
            shaper.shapeSimple($0, isRightToLeft: isRightToLeft) { widths, _, _ in simple = Array(widths) }
          }
          guard used else {
            Issue.record("\(text) is not on the common path")
            continue
          }
          if simple != general.graphemeWidthsEm {
            differing.append("\(text) right-to-left: \(isRightToLeft)")
          }
        }
      }
    }
    #expect(differing.isEmpty, "\(differing)")
  }

  /// Shapes `segments` as one batch; the widths of each segment kept, by index.
  static func batchWidths(_ segments: [String], shaper: SegmentShaper) -> [Int: [Double]] {
    let scalars = segments.flatMap { $0.unicodeScalars.map(\.value) }
    var ranges: [SegmentShaper.BatchSegment] = []
    var start: Int32 = 0
    for segment in segments {
      let end = start + Int32(segment.unicodeScalars.count)
      ranges.append(SegmentShaper.BatchSegment(start: start, end: end, hash: 0))
      start = end
    }
    var kept: [Int: [Double]] = [:]
    scalars.withUnsafeBufferPointer { paragraph in
      ranges.withUnsafeBufferPointer { ranges in
        shaper.shapeSimple(batch: ranges, of: paragraph.baseAddress!) { index, widths, ends, _, _ in
          #expect(Array(ends) == (1...widths.count).map(Int32.init))
          kept[index] = Array(widths)
        }
      }
    }
    return kept
  }

  /// Segments shaped side by side in one HarfBuzz call give exactly the widths of shaping each
  /// alone; segments of other scripts, mixed scripts or off the common path are left out.
  @Test func aBatchShapesEachSegmentAsAlone() throws {
    let shaper = try Self.measurer.get().shaper(weight: .regular, language: "")
    let segments = [
      "今", "天", "天", "气", "很", "好，", "word ", "Привет ", "مرحبا ", "γεια ", "a今", "👍", "2024 ", "ひらがな",
      "カタカナ", "мир ", "καλη ", "ひら", "カタ",
    ]
    let kept = Self.batchWidths(segments, shaper: shaper)
    for (index, segment) in segments.enumerated() {
      let scalars = segment.unicodeScalars.map(\.value)
      var alone: [Double]?
      _ = scalars.withUnsafeBufferPointer {
        shaper.shapeSimple($0, isRightToLeft: false) { widths, _, _ in alone = Array(widths) }
      }
      if let widths = kept[index] { #expect(widths == alone, "\(segment)") }
    }
    // Han (with its punctuation), kana, Latin, Cyrillic and Greek are kept; the Arabic word
    // (joining), the mixed segment and the emoji are not.
    #expect(Set(kept.keys) == Set([0, 1, 2, 3, 4, 5, 6, 7, 9, 12, 13, 14, 15, 16, 17, 18]))
    // A script with one segment is left to `shapeSimple` (nothing to share a call with).
    #expect(Self.batchWidths(["word ", "мир ", "今"], shaper: shaper).isEmpty)
  }

  /// Where HarfBuzz flags the joint unsafe to break (kerning across it), neither side is kept.
  @Test func segmentsKernedAcrossTheJointAreLeftOut() throws {
    let shaper = try Self.measurer.get().shaper(weight: .regular, language: "")
    #expect(Self.batchWidths(["T", "o"], shaper: shaper).isEmpty)
    #expect(Self.batchWidths(["I ", "l "], shaper: shaper).count == 2)
  }
}
