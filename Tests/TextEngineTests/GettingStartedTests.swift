import Foundation
import TestSupport
import Testing
import TextEngine

/// The code of the catalog's getting-started article, run as written: every `swift` block of
/// `TextEngine.docc/GettingStarted.md` (but the package line) appears verbatim in this file.
@Suite struct GettingStartedTests {
  @Test func articleCodeIsThisFilesCode() throws {
    let (count, missing) = try ArticleCode.blocks(
      ofArticle: "Sources/TextEngine/TextEngine.docc/GettingStarted.md", missingFrom: #filePath)
    #expect(count == 3)
    #expect(missing.isEmpty, "not in this file: \(missing)")
  }

  @Test func measureAParagraph() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false)
    let style = TextStyle(fontSize: 15, lineHeight: .fixed(21), maxLines: 2)
    let prepared = try measurer.prepare("今天天气很好，我们去公园吧。带上🐶一起！", style: style)

    let narrow = try prepared.measure(width: 150)
    // narrow.lineCount == 2, narrow.height == 42, narrow.truncated == true
    let wide = try prepared.measure(width: 343)
    // wide.lineCount == 1, wide.height == 21, wide.truncated == false
    #expect(narrow.lineCount == 2 && narrow.height == 42 && narrow.truncated)
    #expect(wide.lineCount == 1 && wide.height == 21 && !wide.truncated)

    let layout = try prepared.layout(width: 150)
    let lines = layout.lines.map { prepared.text(of: $0) }
    // lines == ["今天天气很好，我们去", "公园吧。带上🐶一…"]
    // layout.breaks == [10]: the scalar offset where the second line starts
    #expect(lines == ["今天天气很好，我们去", "公园吧。带上🐶一…"])
    #expect(layout.breaks == [10])
  }

  @Test func useYourOwnFonts() throws {
    let directory = try BundledFonts.directory()
    let chain = try FontChain(paths: [
      "\(directory)/NotoSansCJKsc-Regular.otf", "\(directory)/NotoColorEmoji.ttf",
    ])
    let custom = TextMeasurer(regular: chain, systemFonts: false)
    let height = try custom.prepare("Hello, world", style: TextStyle(fontSize: 17)).measure(width: 320).height
    // height == 25: one line at the natural line height of 17 px on the web (20 + 5: ascent and
    // descent rounded to whole pixels)
    #expect(height == 25)
  }
}
