import Baseline
import CellSizing
import Feed
import Foundation
import SelfSizingResources
import Testing
import TextEngine

/// The sample feed's heights, pinned: the project checks itself the way its users do.
@Suite struct SampleFeedBaselineTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Baselines")

  /// The commands (from the repository root) that record the two baselines again.
  static let recordLayout =
    "swift run selfsize layout --template Examples/note-card.template.json --items Examples/feed.jsonl --write-baseline Tests/Baselines/sample-feed.layout.jsonl"
  static let recordMeasure =
    "swift run selfsize measure --template Examples/note-card.template.json --items Examples/feed.jsonl --width 170 --width 343 --write-baseline Tests/Baselines/sample-feed.measure.jsonl"

  /// `comparison` with the causes filled in from this run's fonts and libraries when
  /// something moved (the test builds its records with the stored provenance).
  static func explained(_ comparison: BaselineComparison, stored: Baseline, measurer: TextMeasurer) throws
    -> BaselineComparison
  {
    var comparison = comparison
    guard !comparison.changes.isEmpty || !comparison.added.isEmpty || !comparison.removed.isEmpty else {
      return comparison
    }
    var provenance = stored.provenance
    provenance.fonts = try FontFingerprint.fingerprints(of: measurer)
    provenance.libraries = BaselineProvenance.Libraries(LibraryVersions.current)
    comparison.causes = provenance.changes(since: stored.provenance)
    return comparison
  }

  @Test func theSampleFeedKeepsItsLayout() throws {
    let path = Self.folder.appendingPathComponent("sample-feed.layout.jsonl").path
    let stored = try Baseline(contentsOf: path)
    #expect(stored.provenance.command == "layout" && stored.records.count == 240)
    let measurer = try BundledFonts.measurer()
    let template = try CellTemplate(
      json: Data(contentsOf: URL(fileURLWithPath: try SampleFeed.templatePath())))
    let items = CellItem.decodeLines(try Data(contentsOf: URL(fileURLWithPath: try SampleFeed.itemsPath())))
    let layout = try FeedLayout.waterfall(
      template: template, pages: [FeedPage(source: "feed.jsonl", items: items)],
      settings: WaterfallSettings(),
      measurer: measurer)
    let current = Baseline(
      provenance: stored.provenance, records: layout.items.map(BaselineRecord.init(placed:)))
    let comparison = try Self.explained(
      BaselineComparison(baseline: stored, current: current, tolerance: 0.001), stored: stored,
      measurer: measurer)
    #expect(
      comparison.changes.isEmpty && comparison.added.isEmpty && comparison.removed.isEmpty,
      """
      The sample feed's cards changed:
      \(comparison.report())
      If that is intended, look at the pictures (add --baseline \(path) --diff-report /tmp/moved to \
      the command below instead of --write-baseline), then record the baseline again and commit it \
      with the change:
        \(Self.recordLayout)
      """)
  }

  @Test func theSampleFeedKeepsItsCardHeights() throws {
    let path = Self.folder.appendingPathComponent("sample-feed.measure.jsonl").path
    let stored = try Baseline(contentsOf: path)
    #expect(stored.provenance.command == "measure" && stored.records.count == 480)
    let measurer = try BundledFonts.measurer()
    let template = try CellTemplate(
      json: Data(contentsOf: URL(fileURLWithPath: try SampleFeed.templatePath())))
    let job = MeasureJob(sizer: try CellSizer(template: template, measurer: measurer), widths: [170, 343])
    var records: [BaselineRecord] = []
    var warnings: [RecordError] = []
    var styles: [String: TextStyle] = [:]
    for item in CellItem.decodeLines(try Data(contentsOf: URL(fileURLWithPath: try SampleFeed.itemsPath()))) {
      records += try job.baselineRecords(for: try item.get(), warnings: &warnings, styles: &styles)
    }
    #expect(Set(styles.keys) == ["title", "author", "likes"])
    let comparison = try Self.explained(
      BaselineComparison(
        baseline: stored, current: Baseline(provenance: stored.provenance, records: records), tolerance: 0.001
      ),
      stored: stored, measurer: measurer)
    #expect(
      comparison.changes.isEmpty && comparison.added.isEmpty && comparison.removed.isEmpty,
      """
      The sample feed's card heights changed:
      \(comparison.report())
      If that is intended, look at the pictures (add --baseline \(path) --diff-report /tmp/moved to \
      the command below instead of --write-baseline), then record the baseline again and commit it \
      with the change:
        \(Self.recordMeasure)
      """)
  }
}
