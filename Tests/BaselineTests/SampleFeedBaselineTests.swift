import Baseline
import CellSizing
import Feed
import Foundation
import SelfSizingResources
import Testing
import TextEngine

/// The sample feed's heights, pinned: the project checks itself the way its users do.
@Suite struct SampleFeedBaselineTests {
  static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Baselines/sample-feed.layout.jsonl").path

  @Test func theSampleFeedKeepsItsHeights() throws {
    let stored = try Baseline(contentsOf: Self.path)
    #expect(stored.provenance.command == "layout" && stored.records.count == 240)
    let measurer = try BundledFonts.measurer()
    let template = try CellTemplate(
      json: Data(contentsOf: URL(fileURLWithPath: try SampleFeed.templatePath())))
    let items = CellItem.decodeLines(try Data(contentsOf: URL(fileURLWithPath: try SampleFeed.itemsPath())))
    let layout = try FeedLayout.waterfall(
      template: template, pages: [FeedPage(source: "feed.jsonl", items: items)],
      settings: WaterfallSettings(),
      measurer: measurer)
    var provenance = stored.provenance
    let current = Baseline(provenance: provenance, records: layout.items.map(BaselineRecord.init(placed:)))
    var comparison = BaselineComparison(baseline: stored, current: current, tolerance: 0.001)
    if !comparison.changes.isEmpty || !comparison.added.isEmpty || !comparison.removed.isEmpty {
      provenance.fonts = try FontFingerprint.fingerprints(of: measurer)
      provenance.libraries = BaselineProvenance.Libraries(LibraryVersions.current)
      comparison.causes = provenance.changes(since: stored.provenance)
    }
    #expect(
      comparison.changes.isEmpty && comparison.added.isEmpty && comparison.removed.isEmpty,
      """
      The sample feed's cards changed:
      \(comparison.report())
      If that is intended, record the baseline again (Tests/Baselines/README.md).
      """)
  }
}
