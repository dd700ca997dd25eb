import CellSizing
import Foundation
import TestSupport
import Testing
import TextEngine

/// The code of the catalog's getting-started article, run as written: every `swift` block of
/// `CellSizing.docc/GettingStarted.md` (but the package line) appears verbatim in this file.
@Suite struct GettingStartedTests {
  @Test func articleCodeIsThisFilesCode() throws {
    let (count, missing) = try ArticleCode.blocks(
      ofArticle: "Sources/CellSizing/CellSizing.docc/GettingStarted.md", missingFrom: #filePath)
    #expect(count == 3)
    #expect(missing.isEmpty, "not in this file: \(missing)")
  }

  @Test func describeMeasureAndMeasureAFeed() throws {
    let cover = AspectRule.fields(
      width: "imageWidth", height: "imageHeight", fallback: 0.75, minimum: 0.75, maximum: 1.3333)
    let template = CellTemplate(
      styles: [
        "title": TemplateStyle(fontSize: 15, weight: .bold, lineHeight: .fixed(21), maxLines: 2),
        "meta": TemplateStyle(fontSize: 12, lineHeight: .fixed(17), maxLines: 1),
      ],
      insets: EdgeInsets(top: 0, left: 8, bottom: 10, right: 8), spacing: 8
    ) {
      Element.image("cover", aspect: cover)
      Element.label("title", style: "title", hiddenWhenEmpty: true)
      Element.row("meta", spacing: 6) {
        Element.label("author", style: "meta", width: .fill)
        Element.label("likes", style: "meta", format: "♥ {}", width: .hug)
      }
    }

    let sizer = try CellSizer(template: template, measurer: try BundledFonts.measurer(systemFonts: false))
    let item = CellItem(
      id: "n1",
      fields: [
        "title": .string("在金府银街的背后，应该是由居民楼改建而成。"), "author": .string("Lina"),
        "likes": .number(46), "imageWidth": .number(1200), "imageHeight": .number(900),
      ])

    let cell = try sizer.measure(item, width: 170)
    // cell.height == 200.5: the cover (154 ÷ 1.3333 = 115.503, down to 1/64 pt as Chromium rounds
    // it on the web platform), two title lines, the row, spacing and insets
    let title = cell.frame(named: "title")
    // title?.lineCount == 2, title?.y == 123.5
    let coverHeight = 115.5
    #expect(cell.height == coverHeight + 8 + 42 + 8 + 17 + 10 as Double)
    #expect(title?.lineCount == 2)
    #expect(title?.y == coverHeight + 8)

    let feed = Data(
      """
      {"id": "a", "title": "Hello", "author": "b", "likes": 2}
      {"title": "no id"}
      """.utf8)
    let results = sizer.measure(CellItem.decodeLines(feed), width: 170)
    // results[0] succeeds; results[1] fails: line 2 has no "id"
    #expect(results.count == 2)
    #expect((try? results[0].get()) != nil)
    if case .failure(let error) = results[1] {
      #expect(error.line == 2)
    } else {
      Issue.record("line 2 has no id and must fail")
    }
  }
}
