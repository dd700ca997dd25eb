public import CellSizing
import CollectionLayout
import Dispatch
import SelfSizingCore
import Synchronization
public import TextEngine

extension FeedLayout {
  /// Lays out feed pages in a waterfall whose item heights come from the template cell.
  ///
  /// Pages are applied in order, as a feed's data source receives them: the first page is the
  /// initial data; a later page is a refresh (it replaces the data) when its first item is the
  /// data's first item, or when it starts with items that are not in the data and then repeats
  /// the data's head (a pull-to-refresh: new items on top of the feed's first ones); any other
  /// page is a load-more (appended). With ``WaterfallSettings/Pagination/identity`` each update
  /// goes through ``WaterfallLayout/applyPage(_:toSection:rule:)`` with the identity rule, so a
  /// load-more measures only its new items and a refresh only new or changed ones; with
  /// ``WaterfallSettings/Pagination/count`` it uses the count rule (data of at most a page is
  /// measured again entirely). The counts are in ``pages``.
  ///
  /// An item's `"span"` (a whole number of columns, 1 to 1000; 1 when absent) makes it cover
  /// that many adjacent columns (all of them when it exceeds the column count), measured at their
  /// width. With ``WaterfallSettings/stableColumns`` an item already in the feed keeps its column
  /// through refreshes (and, with ``WaterfallSettings/previousColumns``, the column the client
  /// shows it in); a page whose columns could not be kept has the kind `…/columns-reset`.
  ///
  /// Lines that failed to decode, items that fail to bind to the template, items with a bad
  /// `"span"`, items whose id is already in the data and, when `strict`, items with missing
  /// glyphs are reported in ``failures`` and left out; an item whose height cannot be solved at the column width is
  /// reported and laid out with height 0. Nothing else is dropped.
  ///
  /// - Parameters:
  ///   - strict: items with glyphs no font has (see ``MissingGlyphReport``) are failures, left
  ///     out of the layout like any item that fails to bind; without it they are laid out.
  ///   - jobs: threads that prepare (shape) and measure a page's new items before placement;
  ///     the result is the same for any number.
  ///   - sizer: prepares the items through its cache, so that laying out one feed at several
  ///     widths shapes each item once (give it the same `template` and `measurer`, and a
  ///     ``CellSizer/cacheCapacity`` of at least the feed's item count); nil: a sizer of this
  ///     call's own, without the cache.
  ///   - progress: called after each measurement with (items measured, items given).
  /// - Throws: `CellSizingError` for an invalid template or unknown font; ``LayoutError`` for
  ///   invalid settings (columns < 1, negative spacing, …).
  public static func waterfall(
    template: CellTemplate, pages: [FeedPage], settings: WaterfallSettings, measurer: TextMeasurer,
    strict: Bool = false, jobs: Int = 1, sizer shared: CellSizer? = nil, progress: ((Int, Int) -> Void)? = nil
  ) throws -> FeedLayout {
    let sizer = try shared ?? CellSizer(template: template, measurer: measurer)
    let store = CellStore()
    let total = pages.reduce(0) { $0 + $1.items.count }
    let layout = WaterfallLayout(configuration: settings.configuration) { item, _, width in
      guard let cell = store.cells[item.id.rawValue] else {
        throw CellSizingError(.missingID, at: "", "no prepared cell")
      }
      store.measured += 1
      progress?(store.measured, total)
      let height: Double
      if let (measuredWidth, measured) = store.heights[item.id.rawValue], measuredWidth == width {
        height = measured
      } else {
        height = try cell.measure(width: width).height
      }
      guard let scale = settings.pixelScale else { return height }
      return (height * scale).rounded(.up) / scale
    }
    try settings.configuration.validate()
    if let kind = settings.sectionBackground { try layout.registerDecorationKind(kind) }
    if settings.stableColumns, let previous = settings.previousColumns {
      layout.keepColumns(
        Dictionary(uniqueKeysWithValues: previous.columns.map { (ItemID($0.key), $0.value) }),
        columnCount: previous.columnCount)
    }
    var rule = PaginationRule.identityPrefix
    if settings.pagination == .count {
      guard let pageSize = settings.pageSize else {
        throw LayoutError(.invalidPage, "the count rule needs a page size")
      }
      rule = .countBased(pageSize: pageSize)
    }
    var failures: [FeedFailure] = []
    var summaries: [PageSummary] = []
    var data: [LayoutItem] = []
    var ids = Set<String>()
    var isFirst = true
    for page in pages.flatMap({ $0.split(size: settings.pageSize) }) {
      var fresh: [(CellItem, PreparedCell)] = []
      let prepared = prepareInParallel(
        page.items, sizer: sizer, cached: shared != nil, width: settings.itemWidth, jobs: jobs)
      for (offset, (result, outcome)) in zip(page.items, prepared).enumerated() {
        switch (result, outcome) {
        case (.failure(let error), _), (_, .failure(let error)):
          failures.append(error.feedFailure(in: page.source))
        case (.success(let item), .success(let (cell, height))):
          if let error = Self.spanError(of: item) {
            // Items without a line (a service request's) are named by their index in the page.
            failures.append(
              item.line == nil
                ? FeedFailure(
                  location: "\(page.source)[\(offset)]",
                  message: RecordError(.measurement, error.message, id: item.id).description)
                : error.feedFailure(in: page.source))
            continue
          }
          if strict, let error = MissingGlyphReport.error(for: cell, measurer: measurer) {
            failures.append(
              FeedFailure(
                location: error.line.map { "\(page.source):\($0)" } ?? page.source, message: error.description
              ))
            continue
          }
          fresh.append((item, cell))
          if let height, let width = settings.itemWidth { store.heights[item.id] = (width, height) }
        }
      }
      let isRefresh = !isFirst && Self.isRefresh(fresh.map(\.0.id), of: data, ids: ids)
      if isRefresh {
        data = []
        ids = []
      }
      for (item, cell) in fresh {
        guard ids.insert(item.id).inserted else {
          failures.append(
            CellSizingError(
              .missingID, at: "", "duplicate id \"\(item.id)\"; the item is already in the feed",
              itemID: item.id,
              line: item.line
            ).feedFailure(in: page.source))
          continue
        }
        store.cells[item.id] = cell
        data.append(
          LayoutItem(id: ItemID(item.id), revision: Self.revision(of: item), span: Self.span(of: item)))
      }
      let report: LayoutUpdateReport
      if isFirst {
        report = try layout.update(data: CollectionData(sections: [data]), width: settings.collectionWidth)
      } else {
        report = try layout.applyPage(data, toSection: 0, rule: rule)
      }
      isFirst = false
      for diagnostic in report.diagnostics {
        failures.append(
          FeedFailure(
            location: diagnostic.itemID.map { "item \"\($0)\"" } ?? page.source, message: diagnostic.message))
      }
      var kind =
        isRefresh && report.kind != .refresh ? "refresh/\(report.kind.rawValue)" : report.kind.rawValue
      if !report.columnsReset.isEmpty { kind += "/columns-reset" }
      summaries.append(
        PageSummary(
          source: page.source,
          kind: kind,
          items: report.itemCount, measured: report.measured, placed: report.placed))
    }
    if pages.isEmpty {
      try layout.update(data: CollectionData(sections: [[]]), width: settings.collectionWidth)
    }
    return assemble(
      layout, settings: settings, sizer: sizer, store: store, pages: summaries, failures: failures)
  }

  /// The columns an item spans: its `"span"`, 1 when absent (see ``spanError(of:)``).
  static func span(of item: CellItem) -> Int {
    guard case .number(let number)? = item["span"] else { return 1 }
    return CountRange.span.count(number) ?? 1
  }

  /// The error of an item whose `"span"` is not a whole number from 1 to 1000 (0, negative,
  /// fractional, a string, null, a huge number…), naming its line and id; nil when it is fine.
  static func spanError(of item: CellItem) -> CellSizingError? {
    let problem: String
    switch item["span"] {
    case nil: return nil
    case .number(let number)?:
      guard let violation = CountRange.span.violation(number) else { return nil }
      problem = "span \(violation)"
    case let other?:
      problem = "span \(CountRange.span.requirement) (columns); got \(other.typeName)"
    }
    return CellSizingError(.invalidField, at: "", problem, itemID: item.id, line: item.line)
  }

  /// The item's content as a revision: its fields, not where it was read (the same item on
  /// another line of another page is the same revision, so its cached height is reused).
  static func revision(of item: CellItem) -> Int {
    var hasher = Hasher()
    hasher.combine(item.id)
    hasher.combine(item.fields)
    return hasher.finalize()
  }

  /// Whether a page with `page` ids is a refresh of `data` (whose ids are `ids`): it starts with
  /// the data's first id, or with ids not in the data followed by the data's head (at least its
  /// first item, then as many of the following as the page has).
  static func isRefresh(_ page: [String], of data: [LayoutItem], ids: Set<String>) -> Bool {
    guard let head = data.first?.id.rawValue, let first = page.first else { return false }
    if first == head { return true }
    guard let start = page.firstIndex(of: head), page[..<start].allSatisfy({ !ids.contains($0) }) else {
      return false
    }
    return zip(page[start...], data).allSatisfy { $0 == $1.id.rawValue }
  }

  private static func assemble(
    _ layout: WaterfallLayout, settings: WaterfallSettings, sizer: CellSizer, store: CellStore,
    pages: [PageSummary], failures: [FeedFailure]
  ) -> FeedLayout {
    var items: [PlacedItem] = []
    for attributes in layout.allItemAttributes() {
      let id = attributes.itemID?.rawValue ?? ""
      let cell = store.cells[id]
      let measurement = attributes.frame.width > 0 ? try? cell?.measure(width: attributes.frame.width) : nil
      items.append(
        PlacedItem(
          id: id, section: attributes.indexPath.section, item: attributes.indexPath.item,
          column: attributes.column, frame: attributes.frame, cell: cell, measurement: measurement,
          span: attributes.span))
    }
    var columnFrames: [Rect] = []
    if let itemWidth = layout.itemWidth(inSection: 0), let section = layout.frame(ofSection: 0) {
      let top = section.minY + settings.insets.top
      for (column, bottom) in layout.columnHeights(inSection: 0).enumerated() {
        let x = settings.insets.left + Double(column) * (itemWidth + settings.columnSpacing)
        columnFrames.append(Rect(x: x, y: top, width: itemWidth, height: max(0, bottom - top)))
      }
    }
    let supplementary = layout.allSupplementaryAttributes().map(PlacedElement.init)
    let decorations = layout.allDecorationAttributes().map(PlacedElement.init)
    return FeedLayout(
      kind: .waterfall,
      collectionSize: Size(width: settings.collectionWidth, height: layout.contentSize.height),
      contentSize: layout.contentSize, columnHeights: layout.columnHeights, columnFrames: columnFrames,
      items: items, supplementary: supplementary, decorations: decorations, pages: pages, failures: failures,
      template: sizer.template, platform: sizer.measurer.platform)
  }
}

/// The prepared cells by item id, shared with the height provider closure.
private final class CellStore {
  var cells: [String: PreparedCell] = [:]
  /// Heights measured ahead of placement, with the width they were measured at.
  var heights: [String: (Double, Double)] = [:]
  var measured = 0
}

/// Prepares every decoded item (through the sizer's cache when `cached`; and measures it at
/// `width` when given) on `jobs` threads; the results are in item order and the same for any
/// number of threads.
private func prepareInParallel(
  _ items: [Result<CellItem, CellSizingError>], sizer: CellSizer, cached: Bool, width: Double?, jobs: Int
) -> [Result<(PreparedCell, Double?), CellSizingError>] {
  @Sendable func prepare(_ result: Result<CellItem, CellSizingError>) -> Result<
    (PreparedCell, Double?), CellSizingError
  > {
    guard case .success(let item) = result else { return .failure(CellSizingError(.invalidJSON, at: "", "")) }
    do throws(CellSizingError) {
      let cell = try cached ? sizer.preparedCell(for: item) : sizer.prepare(item)
      // A cell that cannot be solved at this width is measured again during placement, which reports it.
      let height = width.flatMap { try? cell.measure(width: $0).height }
      return .success((cell, height))
    } catch {
      return .failure(error)
    }
  }
  guard jobs > 1, items.count > 1 else { return items.map(prepare) }
  let chunkCount = min(items.count, jobs * 8)
  let chunks = Locked(
    [[Result<(PreparedCell, Double?), CellSizingError>]?](repeating: nil, count: chunkCount))
  DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
    let range = (items.count * chunk / chunkCount)..<(items.count * (chunk + 1) / chunkCount)
    let results = items[range].map(prepare)
    chunks.withLock { $0[chunk] = results }
  }
  return chunks.withLock { $0.flatMap { $0! } }
}
