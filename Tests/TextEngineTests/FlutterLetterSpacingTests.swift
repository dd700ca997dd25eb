import Testing

@testable import TextEngine

/// Letter spacing on flutter as SkParagraph applies it (`FlutterLetterSpacing`).
@Suite struct FlutterLetterSpacingTests {
  /// A cursive run is unspaced, its spaces too; Common characters join the run they are in.
  @Test func cursiveRunsTakeNoSpacingAtAll() {
    let codes = "ab مرحبا، 12 cd".unicodeScalars.map(\.value)
    #expect(
      codes.withUnsafeBufferPointer(FlutterLetterSpacing.unspacedScalars(of:)) == [
        false, false, false, true, true, true, true, true, true, true, true, true, true, false, false,
      ])
  }

  /// SkParagraph leaves every cluster of a cursive run unspaced, its spaces too, in SkShaper's
  /// script runs (`FlutterLetterSpacing`): the same texts break as skia-python 144's SkParagraph
  /// (the fixture's `skia` breaks) on 717, 716 and 712 of the 720 layouts at 0.5, 1.5 and
  /// −0.5 px (523, 294 and 491 while every cluster took the spacing; with the spaces spaced, 693
  /// at 0.5 px).
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
    #expect(
      differing.sorted() == [
        "mv00264@170/-0.5", "mv00272@150/1.5", "mv00282@150/-0.5", "mv00282@170/-0.5", "mv00304@170/-0.5",
        "mv00304@343/0.5", "mv00308@150/-0.5", "mv00346@150/1.5", "mv01135@150/0.5", "mv01151@343/-0.5",
        "mv01169@170/-0.5", "mv01197@150/-0.5", "mv01197@150/1.5", "mv01197@170/0.5", "mv01197@170/1.5",
      ])
  }
}
