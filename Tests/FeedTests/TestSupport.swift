import CellSizing
import Feed
import Foundation
import SelfSizingResources
import TextEngine

/// The default report's inputs and layout, computed once for all tests.
enum Sample {
  static let measurer = try! BundledFonts.measurer()
  static let template = try! CellTemplate(
    json: Data(contentsOf: URL(fileURLWithPath: try! SampleFeed.templatePath())))
  static let feedData = try! Data(contentsOf: URL(fileURLWithPath: try! SampleFeed.itemsPath()))
  static let page = FeedPage(source: "feed.jsonl", items: CellItem.decodeLines(feedData))
  static let layout = try! FeedLayout.waterfall(
    template: template, pages: [page], settings: WaterfallSettings(), measurer: measurer)
}

extension Sample {
  /// Lines `range` of the sample feed as a page.
  static func page(_ range: Range<Int>, source: String = "page") -> FeedPage {
    FeedPage(source: source, items: Array(page.items[range]))
  }
}
