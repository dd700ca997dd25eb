import Foundation
import Testing

@testable import TextEngine

/// Letter spacing on the web as Blink applies it (`WebLetterSpacing`): none in runs of cursive
/// scripts but after spaces, none after a zero-width space.
@Suite struct WebLetterSpacingTests {
  func unspaced(_ text: String) -> [Bool] {
    text.unicodeScalars.map(\.value).withUnsafeBufferPointer(WebLetterSpacing.unspacedScalars(of:))
  }

  @Test func cursiveRunsTakeSpacingOnlyAfterSpaces() {
    // "ab مرحبا، 12 cd": the Arabic run (letters, comma, digits) but its spaces is unspaced.
    #expect(
      unspaced("ab مرحبا، 12 cd") == [
        false, false, false, true, true, true, true, true, true, false, true, true, false, false, false,
      ])
    // Hebrew is not cursive.
    #expect(!unspaced("שלום עולם").contains(true))
    #expect(!unspaced("plain text").contains(true))
  }

  /// Glyph runs (for drawing) leave the same clusters unspaced: in `مرحبا بالعالم` only the
  /// space takes the 1.5 px.
  @Test func glyphRunsLeaveTheSameClustersUnspaced() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .web)
    func advance(_ spacing: Double) throws -> Double {
      let style = TextStyle(fontSize: 15, letterSpacing: spacing, lineHeight: .fixed(21))
      return try measurer.glyphRuns("مرحبا بالعالم", style: style).flatMap(\.glyphs).map(\.advance).reduce(
        0, +)
    }
    #expect(abs(try advance(1.5) - advance(0) - 1.5) < 1e-9)
  }

  @Test func zeroWidthSpacesTakeNone() {
    #expect(unspaced("a\u{200B}b\u{AD}c\u{FFFC}") == [false, true, false, true, false, true])
  }

  /// The 240 Arabic and Persian texts of `multiscript-visible.jsonl` at 150, 170 and 343 px with
  /// 0.5, 1.5 and −0.5 px letter spacing (`corpus/letter-spacing-cursive.oracles.jsonl`, Chromium
  /// 156, bundled fonts in their order): breaks as Chromium's on all 2,160 layouts (536, 315 and
  /// 519 of the 720 at each spacing broke as Chromium while every cluster took the spacing; the
  /// last, `*.PPD، *` at 170 px, since leading Common characters take Blink's script,
  /// `WebLeadingScripts`). Line widths differ where they differ without spacing too (Chromium's right-to-left
  /// line extents, `Docs/Platforms.md`) and where ICU 78's Script_Extensions differ from the
  /// system ICU's (U+00B7 MIDDLE DOT has Latin and Greek among them in Unicode 16, none in 15, so
  /// Blink's Arabic run ends before it). Both lists exact in
  /// `corpus/letter-spacing-cursive-mismatches.json` (`SELFSIZE_RECORD_LETTER_SPACING_MISMATCHES=1`
  /// rewrites it).
  @Test func arabicAndPersianUnderLetterSpacingBreakAsChromiums() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .web)
    var breaksDiffering: [String] = []
    var widthsDiffering: [String] = []
    var layouts = 0
    for row in try Fixtures.jsonLines("corpus/letter-spacing-cursive.oracles.jsonl") {
      for spacing in ["0.5", "1.5", "-0.5"] {
        var style = TextStyle(fontSize: 15, lineHeight: .fixed(21))
        style.letterSpacing = Double(spacing)!
        let prepared = try measurer.prepare(row["text"] as! String, style: style)
        // One span of the same style leaves the same clusters unspaced.
        let rich = try measurer.prepare([TextSpan(row["text"] as! String, style: style)])
        let chromium = row[spacing] as! [String: [String: Any]]
        let widths = chromium["widths"] as! [String: [Double]]
        for (width, breaks) in (chromium["breaks"] as! [String: [Int]]).sorted(by: { $0.key < $1.key }) {
          layouts += 1
          let name = "\(row["id"]!)@\(width)/\(spacing)"
          let layout = try prepared.layout(width: Double(width)!)
          #expect(
            try rich.layout(width: Double(width)!).lines.dropFirst().map(\.scalarRange.lowerBound)
              == layout.breaks,
            "\(name)")
          guard layout.breaks == breaks else {
            breaksDiffering.append(name)
            continue
          }
          for (index, line) in layout.lines.enumerated()
          where abs(line.width - widths[width]![index]) > 0.0006 {
            widthsDiffering.append("\(name) line \(index)")
          }
        }
      }
    }
    if ProcessInfo.processInfo.environment["SELFSIZE_RECORD_LETTER_SPACING_MISMATCHES"] == "1" {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      try encoder.encode(["breaks": breaksDiffering, "widths": widthsDiffering])
        .write(to: Fixtures.url("corpus/letter-spacing-cursive-mismatches.json"))
      return
    }
    let known = try Fixtures.json("corpus/letter-spacing-cursive-mismatches.json") as! [String: [String]]
    #expect(layouts == 2_160)
    #expect(breaksDiffering == known["breaks"]!)
    #expect(widthsDiffering == known["widths"]!)
  }
}
