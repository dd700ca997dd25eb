import Foundation
import Testing

@testable import TextEngine

/// Glyphs and advances of our shaping against `hb-shape` output for the same font, text,
/// script, direction and language (Tests/Fixtures/hb-shape.json).
@Suite struct ShapingTests {
  struct ShapeCase: CustomTestStringConvertible, Sendable {
    var name: String
    var font: String
    var text: String
    var language: String
    var script: String
    var isRightToLeft: Bool
    var glyphIDs: [UInt32]
    var clusters: [Int]
    var advances: [Double]
    var totalAdvance: Double
    var testDescription: String { name }
  }

  static let cases: [ShapeCase] = {
    let root = try! Fixtures.json("hb-shape.json") as! [String: Any]
    return (root["cases"] as! [[String: Any]]).map { row in
      let glyphs = row["glyphs"] as! [[String: Any]]
      return ShapeCase(
        name: row["name"] as! String, font: row["font"] as! String, text: row["text"] as! String,
        language: row["language"] as! String, script: row["script"] as! String,
        isRightToLeft: row["direction"] as! String == "rtl",
        glyphIDs: glyphs.map { UInt32($0["gid"] as! Int) }, clusters: glyphs.map { $0["cluster"] as! Int },
        advances: glyphs.map { Double($0["xAdvanceUnits"] as! Int) },
        totalAdvance: row["totalAdvanceUnits"] as! Double)
    }
  }()

  /// The cases shaped as one segment (the others hold soft hyphens, after which a line may break).
  static let segmentCases = cases.filter { !$0.name.hasPrefix("soft-hyphen") }
  static let softHyphenCases = cases.filter { $0.name.hasPrefix("soft-hyphen") }

  @Test(arguments: segmentCases)
  func glyphsAndAdvancesMatchHBShape(_ shapeCase: ShapeCase) throws {
    let font = try Font(path: Fixtures.fontsDirectory + "/" + shapeCase.font)
    let measurer = TextMeasurer(regular: try FontChain([font]), platform: .ios)
    let style = TextStyle(fontSize: 15, language: shapeCase.language)
    let runs = try measurer.glyphRuns(shapeCase.text, style: style)
    let glyphs = runs.flatMap(\.glyphs)
    let scale = 15.0 / Double(font.unitsPerEm)
    #expect(glyphs.map(\.glyphID) == shapeCase.glyphIDs)
    #expect(glyphs.map(\.cluster) == shapeCase.clusters)
    #expect(glyphs.count == shapeCase.advances.count)
    for (ours, expected) in zip(glyphs.map(\.advance), shapeCase.advances) {
      #expect(abs(ours - expected * scale) < 1e-9)
    }
    // The measured single-line width is the same sum (no trailing spaces in these cases).
    let prepared = try measurer.prepare(shapeCase.text, style: style)
    #expect(abs(prepared.unconstrainedWidth - shapeCase.totalAdvance * scale) < 1e-9)
  }

  /// Runs of soft hyphens longer than `NativeFont.maximumSoftHyphenRun` reach HarfBuzz as one
  /// soft hyphen (HarfBuzz 6.0 is quadratic in such a run in Noto Sans CJK): the glyphs still
  /// match `hb-shape` given the whole run, one hidden glyph a soft hyphen, kerning across it, in
  /// either direction; and the widths each scalar takes add up to the same advance.
  @Test(arguments: softHyphenCases)
  func longSoftHyphenRunsShapeAsHBShapeDoes(_ shapeCase: ShapeCase) throws {
    let font = try Font(path: Fixtures.fontsDirectory + "/" + shapeCase.font)
    let scalars = shapeCase.text.unicodeScalars.map(\.value)
    #expect(scalars.count(where: { $0 == 0xAD }) > NativeFont.maximumSoftHyphenRun)
    let glyphs = font.shape(
      scalars, range: 0..<scalars.count,
      properties: RunProperties(
        scriptTag: shapeCase.script, isRightToLeft: shapeCase.isRightToLeft, language: shapeCase.language))
    #expect(glyphs.map(\.glyphID) == shapeCase.glyphIDs)
    #expect(glyphs.map { Int($0.cluster) } == shapeCase.clusters)
    #expect(glyphs.map { Double($0.xAdvance) } == shapeCase.advances)

    var widths = [Double](repeating: 0, count: scalars.count)
    let scriptCode = UInt8(ICUProperties.scriptCode(scalars[0]))
    scalars.withUnsafeBufferPointer { scalars in
      widths.withUnsafeMutableBufferPointer { widths in
        font.addAdvances(
          scalars, range: 0..<scalars.count, scriptCode: scriptCode, isRightToLeft: shapeCase.isRightToLeft,
          language: shapeCase.language, to: widths.baseAddress!)
      }
    }
    #expect(abs(widths.reduce(0, +) * Double(font.unitsPerEm) - shapeCase.totalAdvance) < 1e-9)
    for (scalar, width) in zip(scalars, widths) where scalar == 0xAD { #expect(width == 0) }
  }

  @Test(arguments: [
    ("👨‍👩‍👧‍👦", 1), ("👍🏽", 1), ("🇨🇳", 1), ("1️⃣", 1), ("❤️", 1), ("🏳️‍🌈", 1), ("😀😀", 2),
  ])
  func emojiSequencesStayInTheEmojiFont(text: String, clusters: Int) throws {
    let measurer = try Fixtures.measurer()
    let runs = try measurer.glyphRuns(text, style: TextStyle(fontSize: 15))
    #expect(runs.allSatisfy { $0.font.hasColorGlyphs })
    let prepared = try measurer.prepare(text, style: TextStyle(fontSize: 15))
    // Every fully-qualified emoji is one glyph of advance 2550 units at 2048 upem.
    #expect(abs(prepared.unconstrainedWidth - Double(clusters) * 2550 * 15 / 2048) < 1e-9)
    #expect(prepared.missingGlyphs == 0)
  }

  @Test func fallbackIsChosenPerGraphemeCluster() throws {
    let measurer = try Fixtures.measurer()
    let runs = try measurer.glyphRuns("好👍🏽ok", style: TextStyle(fontSize: 15))
    #expect(runs.map { $0.font.hasColorGlyphs } == [false, true, false])
  }

  @Test func missingCharactersAreCountedAndNotZeroWidth() throws {
    let measurer = try Fixtures.measurer()
    // U+10FFFD (private use) and U+0F00 (Tibetan) are in no bundled font.
    let prepared = try measurer.prepare("a\u{10FFFD}\u{0F00}b", style: TextStyle(fontSize: 15))
    #expect(prepared.missingGlyphs == 2)
    let plain = try measurer.prepare("ab", style: TextStyle(fontSize: 15))
    #expect(prepared.unconstrainedWidth > plain.unconstrainedWidth + 2 * 5)
  }

  @Test func letterSpacingIsAddedPerGraphemeCluster() throws {
    let measurer = try Fixtures.measurer()
    let text = "Hi👨‍👩‍👧‍👦好"
    let plain = try measurer.prepare(text, style: TextStyle(fontSize: 15))
    let spaced = try measurer.prepare(text, style: TextStyle(fontSize: 15, letterSpacing: 2))
    #expect(abs(spaced.unconstrainedWidth - plain.unconstrainedWidth - 4 * 2) < 1e-9)
  }

  /// A negative letter spacing takes a cluster's advance down to 0 at most: in the prepared
  /// widths (so `measure` and `layout` still agree) and in the glyph runs, which add up to the
  /// measured width.
  @Test(arguments: [-1.0, -5, -40])
  func negativeLetterSpacingTakesAClusterDownToZeroAtMost(letterSpacing: Double) throws {
    let measurer = try Fixtures.measurer()
    let text = "Hi好il W"
    let style = TextStyle(fontSize: 15, letterSpacing: letterSpacing)
    let plain = try measurer.prepare(text, style: TextStyle(fontSize: 15))
    let spaced = try measurer.prepare(text, style: style)
    let plainWidths = plain.withView { Array($0.graphemeWidths) }
    let expected = plainWidths.reduce(0) { $0 + max(0, $1 + letterSpacing) }
    let widths = spaced.withView { Array($0.graphemeWidths) }
    #expect(widths.allSatisfy { $0 >= 0 })
    #expect(widths.contains(0) == plainWidths.contains { $0 + letterSpacing <= 0 })
    #expect(abs(widths.reduce(0, +) - expected) < 1e-9)
    let runs = try measurer.glyphRuns(text, style: style)
    let drawn = runs.flatMap(\.glyphs).reduce(0) { $0 + $1.advance }
    #expect(abs(drawn - widths.reduce(0, +)) < 1e-9)
    #expect(spaced.ellipsisWidth >= 0)
  }

  /// A fuzzer's finding: 122 zero-width NULs at −16 pt spacing made a segment −1,909 pt wide, and
  /// `measure` (prefix sums) and `layout` then disagreed on truncation, with a line of −1,501 pt.
  @Test(arguments: [128, 65, 217.6])
  func zeroWidthClustersWithNegativeSpacingMeasureAsTheyLayOut(width: Double) throws {
    let style = TextStyle(
      fontSize: 64.5, letterSpacing: -16, lineSpacing: 1, maxLines: 1, pixelScale: 4)
    let text =
      "Ti\u{1EBF}ng *Ving Vi\u{1EC7}t " + String(repeating: "\u{0}", count: 122)
      + "c\u{1EC7}t c\u{F3} d\u{1EA5}ng \u{151}i\u{FFFD}"
    let prepared = try Fixtures.measurer().prepare(text, style: style)
    let measurement = try prepared.measure(width: width)
    let layout = try prepared.layout(width: width)
    #expect(measurement.lineCount == layout.lineCount)
    #expect(measurement.truncated == layout.truncated)
    #expect(measurement.height == layout.height)
    #expect(layout.lines.allSatisfy { $0.width >= 0 })
  }

  @Test func concurrentPreparationGivesIdenticalResults() async throws {
    let measurer = TextMeasurer(regular: try BundledFonts.regularChain(), platform: .ios)
    let texts = (0..<64).map { "第\($0)条 feed card 🎉 text number \($0) with 汉字 and words" }
    let style = TextStyle(fontSize: 15)
    let serial = try texts.map { try measurer.prepare($0, style: style).layout(width: 120) }
    measurer.removeCachedSegments()
    let parallel = try await withThrowingTaskGroup(of: (Int, TextLayout).self) { group in
      for (index, text) in texts.enumerated() {
        group.addTask { (index, try measurer.prepare(text, style: style).layout(width: 120)) }
      }
      var results = [TextLayout?](repeating: nil, count: texts.count)
      for try await (index, layout) in group { results[index] = layout }
      return results.map { $0! }
    }
    #expect(parallel == serial)
  }
}
