extension WaterfallLayout {
  /// Lays out `data` at collection width `width`, redoing only what changed since the last
  /// layout.
  ///
  /// The data is compared with the placed items by identity and revision: layout restarts at
  /// the first item that differs (items before it keep their frames), and sections after it are
  /// placed again (with their heights reused). Heights come from the items' previous heights when
  /// the same item sits at the same index, then from the size cache, and only then from the
  /// height provider. A width change lays out everything again using the cache for that width.
  ///
  /// - Throws: ``LayoutError`` for an invalid configuration or width. Per-item height failures
  ///   are not thrown; they are in the report's `diagnostics`.
  @discardableResult
  public func update(data: CollectionData, width: Double) throws(LayoutError)
    -> LayoutUpdateReport
  {
    try configuration.validate()
    guard width.isFinite && width >= 0 else {
      throw LayoutError(.invalidBounds, "collection width \(width); must be finite and not negative")
    }
    if let background = configuration.sectionBackgroundKind {
      try decorationKinds.validate(background, "section background of the waterfall layout")
    }
    var run = Run(itemCount: data.totalItemCount)
    let oldWidth = collectionWidth
    let kind: LayoutUpdateReport.Kind
    let start: IndexPath?
    if needsFullLayout || oldWidth != width || sections.isEmpty {
      kind = oldWidth == nil ? .initial : (oldWidth != width ? .widthChange : .refresh)
      start = data.totalItemCount > 0 || !data.sections.isEmpty ? IndexPath(section: 0, item: 0) : nil
    } else if let change = firstDifference(from: data) {
      start = change
      kind = classify(change: change, data: data)
    } else {
      kind = .unchanged
      start = nil
    }
    if let start {
      try layOut(
        sections: data.sections.map(ItemList.init), width: width, from: start, run: &run,
        forceFull: needsFullLayout || oldWidth != width)
    }
    collectionWidth = width
    needsFullLayout = false
    updateContentSize()
    let report = run.report(kind: kind, firstChange: start)
    lastReport = report
    return report
  }

  /// Appends `items` to `section` (which may be the next, new section) and measures and places
  /// only them (plus the footer and any later sections). O(page) for the last section.
  ///
  /// - Throws: ``LayoutError/Code/invalidPage`` before the first layout or for a section beyond
  ///   the next one.
  @discardableResult
  public func appendItems(_ items: [LayoutItem], toSection section: Int = 0) throws(LayoutError)
    -> LayoutUpdateReport
  {
    guard let width = collectionWidth, !needsFullLayout else {
      throw LayoutError(.invalidPage, "append to section \(section) before the first layout")
    }
    guard section >= 0 && section <= sections.count else {
      throw LayoutError(
        .invalidPage, "append to section \(section); the layout has \(sections.count) sections")
    }
    let oldCount = section < sections.count ? sections[section].items.count : 0
    if section == sections.count {
      sections.append(WaterfallSection(style: configuration.style(forSection: section)))
      // A new section: lay it out from scratch after the others.
      sections[section].top =
        sections.count > 1 ? sections[section - 1].bottom : configuration.contentInset.top
    }
    sections[section].items.append(contentsOf: items)
    let data = sections.map(\.items)
    var run = Run(itemCount: data.reduce(0) { $0 + $1.count })
    let start = IndexPath(section: section, item: oldCount)
    try layOut(sections: data, width: width, from: start, run: &run, forceFull: false)
    updateContentSize()
    let report = run.report(
      kind: items.isEmpty ? .unchanged : .loadMore, firstChange: items.isEmpty ? nil : start)
    lastReport = report
    return report
  }

  /// Replaces the items of `section` with a page of data (the whole list so far, as a feed's
  /// data source holds it) and lays it out according to `rule`.
  ///
  /// With ``PaginationRule/identityPrefix`` this is ``update(data:width:)`` with that section
  /// replaced. With ``PaginationRule/countBased(pageSize:)`` it applies the page-count rule,
  /// including its mistakes (see the rule's documentation).
  ///
  /// - Throws: ``LayoutError/Code/invalidPage`` before the first layout, for a section beyond the
  ///   next one or a page size below 1.
  @discardableResult
  public func applyPage(
    _ items: [LayoutItem], toSection section: Int = 0, rule: PaginationRule = .identityPrefix
  ) throws(LayoutError) -> LayoutUpdateReport {
    guard let width = collectionWidth else {
      throw LayoutError(.invalidPage, "page for section \(section) before the first layout")
    }
    guard section >= 0 && section <= sections.count else {
      throw LayoutError(
        .invalidPage, "page for section \(section); the layout has \(sections.count) sections")
    }
    var data = sections.map(\.items.array)
    if section == sections.count { data.append([]) }
    switch rule {
    case .identityPrefix:
      data[section] = items
      return try update(data: CollectionData(sections: data), width: width)
    case .countBased(let pageSize):
      guard pageSize >= 1 else {
        throw LayoutError(.invalidPage, "page size \(pageSize); must be at least 1")
      }
      if items.count <= pageSize {
        sizeCache.removeAll()
        data[section] = items
        var run = Run(itemCount: data.reduce(0) { $0 + $1.count })
        let start = IndexPath(section: section, item: 0)
        try layOut(
          sections: data.map(ItemList.init), width: width, from: start, run: &run, forceFull: true)
        updateContentSize()
        let report = run.report(kind: .rebuild, firstChange: start)
        lastReport = report
        return report
      }
      // The count rule's load-more: the placed prefix is trusted as it is.
      let oldCount = section < sections.count ? sections[section].items.count : 0
      guard items.count > oldCount else {
        // A shrinking list: nothing is placed, the stale frames stay.
        if section < sections.count {
          for index in 0..<items.count { sections[section].items[index] = items[index] }
        }
        let report = LayoutUpdateReport(kind: .loadMore, itemCount: data.reduce(0) { $0 + $1.count })
        lastReport = report
        return report
      }
      if section < sections.count {
        for index in 0..<oldCount { sections[section].items[index] = items[index] }
      }
      return try appendItems(Array(items[oldCount...]), toSection: section)
    }
  }

  // MARK: Internals

  /// Counts what an update did.
  struct Run {
    var itemCount: Int
    var measured = 0
    var placed = 0
    var cacheHits = 0
    var diagnostics: [LayoutError] = []
    var columnsReset: [Int] = []

    func report(kind: LayoutUpdateReport.Kind, firstChange: IndexPath?) -> LayoutUpdateReport {
      LayoutUpdateReport(
        kind: kind, itemCount: itemCount, measured: measured, placed: placed, cacheHits: cacheHits,
        firstChange: firstChange, diagnostics: diagnostics, columnsReset: columnsReset)
    }
  }

  /// The first index path where `data` differs from the placed items (a new or removed section
  /// counts from its item 0), or `nil` when nothing differs.
  func firstDifference(from data: CollectionData) -> IndexPath? {
    let new = data.sections
    let count = Swift.max(new.count, sections.count)
    for section in 0..<count {
      guard section < new.count, section < sections.count else {
        return IndexPath(section: section, item: 0)
      }
      let old = sections[section].items
      let items = new[section]
      if old.isStorage(of: items) { continue }
      let common = Swift.min(old.count, items.count)
      var index = 0
      while index < common && old[index] == items[index] { index += 1 }
      return IndexPath(section: section, item: index)
    }
    return nil
  }

  func classify(change: IndexPath, data: CollectionData) -> LayoutUpdateReport.Kind {
    if change.section >= sections.count || change.section >= data.sections.count {
      return change.section == 0 ? .refresh : .partial
    }
    let old = sections[change.section].items.count
    let new = data.sections[change.section].count
    let isLastChange = change.section == data.sections.count - 1 && data.sections.count == sections.count
    if change.item == old && new > old && isLastChange { return .loadMore }
    if change.item == new && new < old && isLastChange { return .truncate }
    if change == IndexPath(section: 0, item: 0) { return .refresh }
    return .partial
  }

  /// Lays out `data` from `start` on: the section of `start` from its item, every later section
  /// entirely. Sections before `start` are kept. Sections are mutated in place (moved out of the
  /// array first) so that appending to a long section copies nothing.
  func layOut(
    sections newSections: [ItemList], width: Double, from start: IndexPath, run: inout Run,
    forceFull: Bool
  ) throws(LayoutError) {
    let firstSection = forceFull ? 0 : Swift.min(start.section, newSections.count)
    if sections.count > newSections.count { sections.removeSubrange(newSections.count...) }
    var top =
      firstSection == 0 ? configuration.contentInset.top : sections[firstSection - 1].bottom
    let measure = HeightResolver.measure(with: heightProvider)
    for index in firstSection..<newSections.count {
      let style = configuration.style(forSection: index)
      try style.validate(section: index)
      let items = newSections[index]
      var previous: [ItemID: Int32]?
      if configuration.stableColumns && index < sections.count {
        // The columns of the items about to be placed again: those after the kept prefix.
        let reused = !forceFull && sections[index].style == style && sections[index].top == top
        let cut =
          reused && index == start.section ? Swift.min(start.item, sections[index].placedCount) : 0
        if sections[index].columnCount == style.columnCount {
          previous = Self.columns(of: sections[index], from: cut)
        } else if sections[index].placedCount > 0 {
          run.columnsReset.append(index)
        }
      }
      if configuration.stableColumns, let kept = keptColumns.removeValue(forKey: index) {
        if kept.columnCount == style.columnCount {
          previous = kept.columns.merging(previous ?? [:]) { _, placed in placed }
        } else if !kept.columns.isEmpty && run.columnsReset.last != index {
          run.columnsReset.append(index)
        }
      }
      var section: WaterfallSection
      var reusable = false
      if index < sections.count, sections[index].style == style {
        section = sections[index]
        sections[index] = .placeholder
        reusable = !forceFull
      } else {
        section = WaterfallSection(style: style)
      }
      let sameGeometry = reusable && section.top == top
      if let diagnostic = section.setUp(
        section: index, top: top, collectionWidth: width, contentInset: configuration.contentInset,
        pixelScale: configuration.pixelScale)
      {
        run.diagnostics.append(diagnostic)
      }
      var keep = 0
      if reusable && index == start.section {
        keep = Swift.min(start.item, items.count, section.heights.count, section.items.count)
      }
      let usesCache = configuration.usesSizeCache
      var resolver = HeightResolver(
        measure: measure, section: index, width: section.itemWidth,
        fallback: configuration.fallbackItemHeight, usesCache: usesCache)
      resolver.columnSpacing = style.columnSpacing
      resolver.columns = style.columnCount
      var progress = HeightResolver.Progress(
        cache: usesCache ? sizeCache.takeHeights(atWidth: section.itemWidth) : [:])
      if usesCache {
        progress.others = sizeCache
        sizeCache = SizeCache()
      }
      if usesCache && progress.cache.isEmpty && keep < items.count {
        progress.cache.reserveCapacity(items.count - keep)
      }
      let oldItems = reusable ? section.items : ItemList()
      if !reusable { section.heights.removeAll(keepingCapacity: true) }
      section.items = items
      Self.resolveHeights(
        items: items, heights: &section.heights, from: keep, oldItems: oldItems, resolver: resolver,
        progress: &progress)
      if sameGeometry && index == start.section && start.item > 0 {
        section.truncatePlacement(
          from: Swift.min(start.item, section.placedCount), direction: configuration.renderDirection)
      } else {
        section.resetPlacement()
      }
      run.placed += items.count - section.placedCount
      section.placeRemaining(
        direction: configuration.renderDirection, previous: previous, resolver: resolver, progress: &progress)
      if usesCache {
        sizeCache = progress.others
        sizeCache.putHeights(progress.cache, atWidth: section.itemWidth)
      }
      run.measured += progress.measured
      run.cacheHits += progress.cacheHits
      run.diagnostics += progress.diagnostics
      section.finish(collectionWidth: width, contentInset: configuration.contentInset)
      top = section.bottom
      if index < sections.count { sections[index] = section } else { sections.append(section) }
    }
  }

  /// Sets `heights[from..<heights.count]` for the items that already have a height slot (and
  /// drops the slots beyond `items.count`): the old height when the same item was at the same
  /// index, else `resolver`'s (recording in `progress`). Items without a slot get their height
  /// while they are placed.
  static func resolveHeights(
    items: ItemList, heights: inout [Double], from start: Int, oldItems: ItemList,
    resolver: HeightResolver, progress: inout HeightResolver.Progress
  ) {
    let oldCount = Swift.min(heights.count, oldItems.count)
    if heights.count > items.count { heights.removeSubrange(items.count...) }
    guard start < heights.count else { return }
    for index in start..<heights.count {
      let item = items[index]
      if index < oldCount && oldItems[index] == item { continue }
      heights[index] = resolver.itemHeight(of: item, at: index, &progress)
    }
  }

  /// The first column of each placed item of `section` from item `start` on (full-span items
  /// left out), for stable columns; nil when there are none.
  static func columns(of section: borrowing WaterfallSection, from start: Int) -> [ItemID: Int32]? {
    guard start < section.placedCount else { return nil }
    var columns: [ItemID: Int32] = [:]
    columns.reserveCapacity(section.placedCount - start)
    for index in start..<section.placedCount {
      if let column = section.column(ofItem: index) { columns[section.items[index].id] = Int32(column) }
    }
    return columns.isEmpty ? nil : columns
  }

  /// Whether two arrays are the same buffer (then assigning one to the other copies nothing).
  static func sharesStorage(_ a: [LayoutItem], _ b: [LayoutItem]) -> Bool {
    a.withUnsafeBufferPointer { first in
      b.withUnsafeBufferPointer { second in
        first.baseAddress == second.baseAddress && first.count == second.count
      }
    }
  }

  func updateContentSize() {
    let bottom = (sections.last?.bottom ?? configuration.contentInset.top) + configuration.contentInset.bottom
    let height = Swift.max(bottom, configuration.minimumContentHeight)
    contentSize = Size(width: collectionWidth ?? 0, height: height)
  }
}
