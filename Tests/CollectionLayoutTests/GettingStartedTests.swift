import CollectionLayout
import Foundation
import TestSupport
import Testing

/// The code of the catalog's getting-started article, run as written: every `swift` block of
/// `CollectionLayout.docc/GettingStarted.md` (but the package line) appears verbatim in this file.
@Suite struct GettingStartedTests {
  @Test func articleCodeIsThisFilesCode() throws {
    let (count, missing) = try ArticleCode.blocks(
      ofArticle: "Sources/CollectionLayout/CollectionLayout.docc/GettingStarted.md", missingFrom: #filePath)
    #expect(count == 3)
    #expect(missing.isEmpty, "not in this file: \(missing)")
  }

  @Test func waterfallQueryAndPage() throws {
    let style = WaterfallLayout.SectionStyle(
      columnCount: 2, columnSpacing: 8, lineSpacing: 8, sectionInset: EdgeInsets(all: 8))
    let configuration = WaterfallLayout.Configuration(defaultSection: style)
    let layout = WaterfallLayout(configuration: configuration) { _, indexPath, _ in
      100 + Double(indexPath.item % 3) * 50
    }
    let items = (0..<20).map { LayoutItem(id: ItemID("note-\($0)")) }
    let report = try layout.update(data: CollectionData(sections: [items]), width: 375)
    // report.measured == 20, layout.itemWidth(inSection: 0) == 175.5
    // layout.contentSize == Size(width: 375, height: 1638)
    #expect(report.measured == 20 && layout.itemWidth(inSection: 0) == 175.5)
    #expect(layout.contentSize == Size(width: 375, height: 1638))

    let screen = try layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 375, height: 667))
    // screen.count == 9: the cells that intersect the first 667 points
    let first = try layout.layoutAttributesForItem(at: IndexPath(section: 0, item: 0))
    // first.frame == Rect(x: 8, y: 8, width: 175.5, height: 100), first.column == 0
    #expect(first.frame == Rect(x: 8, y: 8, width: 175.5, height: 100) && first.column == 0)
    #expect(screen.count == 9)

    let page = (20..<40).map { LayoutItem(id: ItemID("note-\($0)")) }
    let appended = try layout.appendItems(page)
    // appended.kind == .loadMore, appended.measured == 20, layout.numberOfItems(inSection: 0) == 40
    #expect(appended.kind == .loadMore && appended.measured == 20 && layout.numberOfItems(inSection: 0) == 40)
  }
}
