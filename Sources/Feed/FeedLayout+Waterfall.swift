public import CellSizing
public import CollectionLayout
public import TextEngine

extension FeedLayout {
  /// Lays out feed pages in a waterfall whose item heights come from the template cell.
  ///
  /// Pages are applied in order, as a feed's data source receives them: the first page is the
  /// initial data; a later page whose first item has the same id as the data's first item is a
  /// refresh (it replaces the data); any other page is a load-more (appended). Each update goes
  /// through ``WaterfallLayout/applyPage(_:toSection:rule:)`` with the identity rule, so a
  /// load-more measures only its new items and a refresh measures only changed ones; the counts
  /// are in ``pages``.
  ///
  /// Lines that failed to decode, items that fail to bind to the template and items whose id is
  /// already in the data are reported in ``failures`` and left out; an item whose height cannot
  /// be solved at the column width is reported and laid out with height 0. Nothing else is
  /// dropped.
  ///
  /// - Parameter progress: called after each measurement with (items measured, items given).
  /// - Throws: `CellSizingError` for an invalid template or unknown font; ``LayoutError`` for
  ///   invalid settings (columns < 1, negative spacing, …).
  public static func waterfall(
    template: CellTemplate, pages: [FeedPage], settings: WaterfallSettings, measurer: TextMeasurer,
    progress: ((Int, Int) -> Void)? = nil
  ) throws -> FeedLayout {
    let sizer = try CellSizer(template: template, measurer: measurer)
    let store = CellStore()
    let total = pages.reduce(0) { $0 + $1.items.count }
    let layout = WaterfallLayout(configuration: settings.configuration) { item, _, width in
      guard let cell = store.cells[item.id.rawValue] else {
        throw CellSizingError(.missingID, at: "", "no prepared cell")
      }
      store.measured += 1
      progress?(store.measured, total)
      return try cell.measure(width: width).height
    }
    try settings.configuration.validate()
    var failures: [FeedFailure] = []
    var summaries: [PageSummary] = []
    var data: [LayoutItem] = []
    var ids = Set<String>()
    var isFirst = true
    for page in pages.flatMap({ $0.split(size: settings.pageSize) }) {
      var fresh: [(CellItem, PreparedCell)] = []
      for result in page.items {
        switch result {
        case .failure(let error):
          failures.append(FeedFailure(location: page.source, message: error.description))
        case .success(let item):
          do throws(CellSizingError) {
            fresh.append((item, try sizer.prepare(item)))
          } catch {
            failures.append(FeedFailure(location: page.source, message: error.description))
          }
        }
      }
      let isRefresh = !isFirst && fresh.first.map { $0.0.id } == data.first?.id.rawValue
      if isRefresh {
        data = []
        ids = []
      }
      for (item, cell) in fresh {
        guard ids.insert(item.id).inserted else {
          failures.append(
            FeedFailure(
              location: "\(page.source): \(item.locationDescription)",
              message: "duplicate id \"\(item.id)\"; the item is already in the feed"))
          continue
        }
        store.cells[item.id] = cell
        data.append(LayoutItem(id: ItemID(item.id), revision: item.hashValue))
      }
      let report: LayoutUpdateReport
      if isFirst {
        report = try layout.update(data: CollectionData(sections: [data]), width: settings.collectionWidth)
      } else {
        report = try layout.applyPage(data, toSection: 0, rule: .identityPrefix)
      }
      isFirst = false
      for diagnostic in report.diagnostics {
        failures.append(
          FeedFailure(
            location: diagnostic.itemID.map { "item \"\($0)\"" } ?? page.source, message: diagnostic.message))
      }
      summaries.append(
        PageSummary(
          source: page.source,
          kind: isRefresh && report.kind != .refresh
            ? "refresh/\(report.kind.rawValue)" : report.kind.rawValue,
          items: report.itemCount, measured: report.measured, placed: report.placed))
    }
    if pages.isEmpty {
      try layout.update(data: CollectionData(sections: [[]]), width: settings.collectionWidth)
    }
    return assemble(
      layout, settings: settings, sizer: sizer, store: store, pages: summaries, failures: failures)
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
          column: attributes.column, frame: attributes.frame, cell: cell, measurement: measurement))
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
      template: sizer.template)
  }
}

/// The prepared cells by item id, shared with the height provider closure.
private final class CellStore {
  var cells: [String: PreparedCell] = [:]
  var measured = 0
}
