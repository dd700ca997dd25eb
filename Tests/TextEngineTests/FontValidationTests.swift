import Foundation
import Testing
import TextEngine

/// Fonts whose tables would give negative widths or heights are rejected at load, naming the
/// file and the field (fixtures from Scripts/make-hostile-fonts.py).
@Suite struct FontValidationTests {
  static func path(_ name: String) -> String { Fixtures.url("fonts/\(name).ttf").path }

  @Test(arguments: [
    ("wide-advance", "hmtx.advanceWidth of glyph 0 is 32768"),
    ("wide-advance-lying-hhea", "hmtx.advanceWidth of glyph 0 is 32768"),
    ("inverted-hhea", "hhea.ascender (-800) is below hhea.descender (200)"),
    // (Found by the font fuzz target: a mutated font whose web height came out -338 px.)
    (
      "inverted-typo",
      "OS/2.sTypoAscender (258) is below OS/2.sTypoDescender (28706) with USE_TYPO_METRICS set"
    ),
  ])
  func hostileFontIsRejected(name: String, message: String) {
    let path = Self.path(name)
    #expect {
      _ = try Font(path: path)
    } throws: { error in
      guard let error = error as? FontError else { return false }
      return error.code == .invalidFont && error.path == path && error.message.contains(message)
        && error.description.contains(path)
    }
  }

  /// The same font with sane fields loads and measures positive widths and heights.
  @Test func plainFontMeasuresPositively() throws {
    let font = try Font(path: Self.path("plain"))
    let scale: Double = 15.0 / 2048
    let expectedWidth: Double = 2 * 1200 * scale
    let expectedHeight: Double = (1800 + 400) * scale
    #expect(font.advance(of: "ab", pointSize: 15) == expectedWidth)
    let measurer = TextMeasurer(regular: try FontChain([font]), platform: .ios)
    let layout = try measurer.layout("ab", style: TextStyle(fontSize: 15), width: 1000)
    #expect(layout.lines.map(\.width) == [expectedWidth])
    #expect(layout.height == expectedHeight)
  }

  /// A mutated Hebrew subset (found by the font fuzz target) whose GPOS pulls "שלום" to a
  /// negative advance when shaped right to left: a cluster never takes negative room, so the
  /// line is as wide as its clusters, at least 0, in measure and layout alike.
  @Test func negativeGPOSAdvanceNeverMakesALineNegative() throws {
    let font = try Font(path: Self.path("fuzz-negative-advance"))
    #expect(font.advance(of: "שלום", pointSize: 15) >= 0)
    let measurer = TextMeasurer(regular: try FontChain([font]), systemFonts: false, platform: .ios)
    for text in ["שלום", "ם", "שלום שלום"] {
      let layout = try measurer.layout(text, style: TextStyle(maxLines: 1), width: 40)
      #expect(layout.lines.allSatisfy { $0.width >= 0 }, "\(text): \(layout.lines.map(\.width))")
      let prepared = try measurer.prepare(text, style: TextStyle())
      #expect(prepared.unconstrainedWidth >= 0)
      #expect(try prepared.measure(width: 40).maxLineWidth >= 0)
    }
  }
}
