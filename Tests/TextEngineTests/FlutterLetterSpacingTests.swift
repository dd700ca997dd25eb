import Testing

@testable import TextEngine

/// Letter spacing on flutter as SkParagraph applies it (`FlutterLetterSpacing`).
@Suite struct FlutterLetterSpacingTests {
  /// A cursive run is unspaced, its spaces too; Common characters join the run they are in.
  @Test func cursiveRunsTakeNoSpacingAtAll() {
    let codes = "ab مرحبا، 12 cd".unicodeScalars.map(\.value)
    #expect(
      codes.withUnsafeBufferPointer { FlutterLetterSpacing.unspacedScalars(of: $0) } == [
        false, false, false, true, true, true, true, true, true, true, true, true, true, false, false,
      ])
  }

  /// Each bidi run has script runs of its own (SkParagraph shapes each bidi region apart): in a
  /// left-to-right paragraph `12` after Arabic is a run at level 2 and ` cd` one at level 0, so
  /// neither joins the Arabic run and both take the spacing.
  @Test func bidiRunsStartScriptRunsOfTheirOwn() throws {
    let codes = "مرحبا، 12 cd".unicodeScalars.map(\.value)
    let levels = try BidiLevels.scalarLevels(codes, isLeftToRight: true)
    #expect(levels == [1, 1, 1, 1, 1, 1, 1, 2, 2, 0, 0, 0])
    #expect(
      codes.withUnsafeBufferPointer {
        FlutterLetterSpacing.unspacedScalars(of: $0, scalarIsRightToLeft: levels.map { $0 & 1 == 1 })
      } == [true, true, true, true, true, true, true, false, false, false, false, false])
  }

  /// SkParagraph leaves every cluster of a cursive run unspaced, its spaces too, in SkShaper's
  /// script runs of each bidi run (`FlutterLetterSpacing`): the same texts break as skia-python
  /// 144's SkParagraph (the fixture's `skia` breaks) on 720, 719 and 720 of the 720 layouts at 0.5,
  /// 1.5 and −0.5 px (717, 716 and 712 with the text's script runs across bidi runs and its
  /// paragraph's direction from its first strong character; 523, 294 and 491 while every cluster
  /// took the spacing).
  @Test func flutterLeavesCursiveRunsUnspacedAsSkParagraph() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .flutter)
    var differing: [String] = []
    for row in try Fixtures.jsonLines("corpus/letter-spacing-cursive.oracles.jsonl") {
      let skia = row["skia"] as! [String: [String: [Int]]]
      for spacing in ["0.5", "1.5", "-0.5"] {
        var style = TextStyle(fontSize: 15, lineHeight: .fixed(21))
        style.letterSpacing = Double(spacing)!
        let prepared = try measurer.prepare(row["text"] as! String, style: style)
        for (width, breaks) in skia[spacing]!
        where try prepared.layout(width: Double(width)!).breaks != breaks {
          differing.append("\(row["id"]!)@\(width)/\(spacing)")
        }
      }
    }
    #expect(differing.sorted() == ["mv01197@150/1.5"])
  }
}
