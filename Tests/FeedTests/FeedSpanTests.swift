import CellSizing
import CollectionLayout
import Feed
import Foundation
import Testing

/// Feed layouts with `"span"` items, stable columns and the list-library shapes (issue #39).
@Suite struct FeedSpanTests {
  /// The sample feed's first `count` items, with `"span"` set on some.
  static func page(_ count: Int, spans: [Int: ItemValue]) -> FeedPage {
    var items = Array(Sample.page.items.prefix(count))
    for (index, span) in spans {
      guard case .success(var item) = items[index] else { continue }
      item.fields["span"] = span
      items[index] = .success(item)
    }
    return FeedPage(source: "page", items: items)
  }

  @Test func spansReachTheItemsTheJSONAndTheSummary() throws {
    let layout = try FeedLayout.waterfall(
      template: Sample.template, pages: [Self.page(20, spans: [1: .number(2), 4: .number(7)])],
      settings: WaterfallSettings(columns: 3), measurer: Sample.measurer)
    #expect(layout.failures.isEmpty)
    #expect(layout.items.map(\.span).filter { $0 > 1 } == [2, 3])
    let wide = layout.items[1]
    // The card is measured at the spanning width (its elements fill it).
    #expect(wide.measurement?.width == wide.frame.width)
    let summary = ReportSummary(layout: layout, columns: 3, layoutSeconds: 0, pictureSeconds: 0, pictures: [])
    #expect(summary.spanningItems == 2)
    #expect(summary.lines().contains("items         20 (2 spanning several columns)"))
    guard case .array(let virtualItems) = layout.tanstackValue(),
      case .array(let overrides) = layout.flashListValue()
    else {
      Issue.record("not arrays")
      return
    }
    #expect(virtualItems.count == 20 && overrides.count == 20)
  }

  @Test(arguments: [
    ItemValue.number(0), .number(-1), .number(2.5), .number(1001), .number(1e300), .string("2"), .null,
    .bool(true), .array([.number(2)]),
  ])
  func aBadSpanFailsThatItemOnly(span: ItemValue) throws {
    let layout = try FeedLayout.waterfall(
      template: Sample.template, pages: [Self.page(10, spans: [3: span])], settings: WaterfallSettings(),
      measurer: Sample.measurer)
    #expect(layout.items.count == 9)
    #expect(layout.failures.count == 1)
    let failure = try #require(layout.failures.first)
    #expect(failure.location == "page:4", "\(failure)")
    #expect(failure.message.hasPrefix("id note-0004: span "), "\(failure)")
  }

  @Test func previousColumnsFromALayoutObject() throws {
    let json = Sample.layout.jsonValue()
    let previous = try PreviousColumns(json: json, source: "shown.json")
    #expect(previous.columnCount == 2 && previous.columns.count == Sample.layout.items.count)
    // An answer of /v1/layout, {"layout": {…}}, reads the same.
    let wrapped = try PreviousColumns(
      json: .object([("layout", json), ("failures", .array([]))]), source: "x")
    #expect(wrapped.columns == previous.columns)
    #expect(throws: RecordError.self) { try PreviousColumns(json: .array([]), source: "x") }
  }
}
