import CellSizing
import CollectionLayout
import Feed
import Foundation
import Testing

@Suite struct FeedLayoutTests {
  @Test func defaultReportLaysOutEveryItem() {
    let layout = Sample.layout
    #expect(layout.items.count == 240)
    #expect(layout.failures.isEmpty)
    #expect(layout.pages.count == 1)
    #expect(layout.pages[0].measured == 240)
    #expect(layout.columnHeights.count == 2)
    #expect(layout.contentSize.width == 375)
    #expect(abs(layout.contentSize.height - (layout.columnHeights.max()! + 8)) < 1e-9)
    // Two columns of (375 - 8 - 8 - 8) / 2 = 175.5 points.
    for item in layout.items {
      #expect(item.frame.width == 175.5)
      #expect(item.frame.minX == 8 || item.frame.minX == 191.5)
      #expect(item.column == (item.frame.minX == 8 ? 0 : 1))
      #expect(abs(item.frame.height - (item.measurement?.height ?? -1)) < 1e-9)
    }
    #expect(layout.columnFrames.count == 2)
  }

  @Test func jsonHasTheContractKeysInOrder() throws {
    let json = Sample.layout.jsonValue()
    guard case .object(let members) = json else {
      Issue.record("not an object")
      return
    }
    #expect(
      Array(members.map(\.0).prefix(6)) == [
        "contentSize", "columnHeights", "items", "supplementary", "decorations", "pages",
      ])
    let parsed = try #require(
      try JSONSerialization.jsonObject(with: Data(json.serialized().utf8)) as? [String: Any])
    let items = try #require(parsed["items"] as? [[String: Any]])
    #expect(items.count == 240)
    #expect(Set(items[0].keys) == ["id", "section", "item", "column", "span", "frame", "missingGlyphs"])
    #expect(items.allSatisfy { $0["missingGlyphs"] as? Int == 0 })
    #expect((items[0]["frame"] as? [Double])?.count == 4)
    let pages = try #require(parsed["pages"] as? [[String: Any]])
    #expect(pages.first?["items"] as? Int == 240)
    #expect(pages.first?["measured"] as? Int == 240)
  }

  @Test func csvHasAHeaderAndOneRowPerItem() {
    let lines = Sample.layout.csv().split(separator: "\r\n")
    #expect(lines.first == "id,section,item,column,x,y,width,height")
    #expect(lines.count == 241)
    #expect(lines[1].hasPrefix("note-0001,0,0,0,8,8,175.5,"))
  }

  @Test func pagesMeasureOnlyTheirNewItemsAndARefreshMeasuresNothingCached() throws {
    let layout = try FeedLayout.waterfall(
      template: Sample.template,
      pages: [
        Sample.page(0..<50, source: "p1"), Sample.page(50..<80, source: "p2"),
        Sample.page(0..<20, source: "p3"),
      ],
      settings: WaterfallSettings(), measurer: Sample.measurer)
    #expect(layout.pages.map(\.items) == [50, 80, 20])
    #expect(layout.pages.map(\.measured) == [50, 30, 0])
    #expect(layout.pages[1].kind == "loadMore")
    #expect(layout.pages[2].kind.hasPrefix("refresh"))
    #expect(layout.items.map(\.id) == (1...20).map { String(format: "note-%04d", $0) })
  }

  @Test func pageSizeSplitsAFileIntoPages() throws {
    var settings = WaterfallSettings()
    settings.pageSize = 100
    let layout = try FeedLayout.waterfall(
      template: Sample.template, pages: [Sample.page], settings: settings, measurer: Sample.measurer)
    #expect(layout.pages.map(\.items) == [100, 200, 240])
    #expect(layout.pages.map(\.measured) == [100, 100, 40])
    #expect(layout.measuredCount == 240)
    // Paginated or not, the frames are the same.
    #expect(layout.items.map(\.frame) == Sample.layout.items.map(\.frame))
  }

  @Test func badItemsAreReportedAndTheRestLaidOut() throws {
    let text = """
      {"id": "a", "title": "Hello", "author": "x", "likes": 1}
      {"id": "b", "title": "Broken"
      {"title": "no id"}
      {"id": "c", "title": "World", "likes": 2}
      {"id": "a", "title": "Again", "author": "y", "likes": 3}
      {"id": "d", "title": "fine", "author": "z", "likes": 4, "imageWidth": "wide", "imageHeight": 3}
      """
    let page = FeedPage(source: "bad.jsonl", items: CellItem.decodeLines(Data(text.utf8)))
    let layout = try FeedLayout.waterfall(
      template: Sample.template, pages: [page], settings: WaterfallSettings(), measurer: Sample.measurer)
    #expect(layout.items.map(\.id) == ["a"])
    let messages = layout.failures.map(\.description)
    #expect(messages.count == 5, "\(messages)")
    #expect(messages.contains { $0.hasPrefix("bad.jsonl:2: invalid JSON") })
    #expect(messages.contains { $0 == #"bad.jsonl:3: missing field "id""# })
    #expect(messages.contains { $0.hasPrefix("bad.jsonl:4: id c: author") })
    #expect(messages.contains { $0.contains("duplicate id \"a\"") })
    #expect(messages.contains { $0.contains("imageWidth") })
  }

  @Test func emptyFeedGivesAnEmptyLayout() throws {
    let layout = try FeedLayout.waterfall(
      template: Sample.template, pages: [FeedPage(source: "empty", items: [])], settings: WaterfallSettings(),
      measurer: Sample.measurer)
    #expect(layout.items.isEmpty)
    #expect(layout.contentSize.height.isFinite)
    #expect(!layout.jsonValue().serialized().contains("null"))
  }

  @Test func invalidSettingsThrow() {
    var settings = WaterfallSettings()
    settings.columns = 0
    #expect(throws: LayoutError.self) {
      try FeedLayout.waterfall(
        template: Sample.template, pages: [], settings: settings, measurer: Sample.measurer)
    }
  }

  /// The default circle: 20 cells on a circle in 375×667, centre (h/3.5, w/1.5), radius
  /// min(w, h)/2.5, computed here independently.
  @Test func circleDefaults() throws {
    let layout = try FeedLayout.circle(size: Size(width: 375, height: 667), count: 20)
    #expect(layout.items.count == 20)
    #expect(layout.contentSize == Size(width: 375, height: 667))
    let cx = 667 / 3.5
    let cy = 375 / 1.5
    let radius = 375 / 2.5
    for (index, item) in layout.items.enumerated() {
      let angle = 2 * Double.pi * Double(index) / 20
      #expect(abs(item.frame.midX - (cx + radius * cos(angle))) < 1e-9)
      #expect(abs(item.frame.midY - (cy + radius * sin(angle))) < 1e-9)
      #expect(item.column == nil)
      #expect(item.id == "\(index)")
    }
    let decoration = try #require(layout.decorations.first)
    #expect(abs(decoration.frame.midX - cx) < 1e-9 && abs(decoration.frame.midY - cy) < 1e-9)
    #expect(decoration.frame.size == Size(width: 150, height: 30))
    #expect(decoration.zIndex < 0)
  }

  @Test func summaryNumbersMatchTheLayout() {
    let summary = ReportSummary(
      layout: Sample.layout, columns: 2, layoutSeconds: 0.5, pictureSeconds: 0.25, pictures: [])
    #expect(summary.items == Sample.layout.items.count)
    #expect(summary.measured == 240)
    #expect(summary.errors == 0)
    #expect(summary.contentSize == Sample.layout.contentSize)
    let lines = summary.lines()
    #expect(lines.contains("items         240"))
    #expect(lines.contains("measured      240 items in 1 page"))
    #expect(lines.contains { $0.hasPrefix("time          0.75 s") })
  }
}
