extension WaterfallLayout {
  /// Replaces the item at `indexPath` with `item` (typically the same id with a new revision, its
  /// content edited) and lays out what that changes, without comparing the rest of the data.
  ///
  /// With ``Configuration/stableColumns``, when `item` has the replaced item's id and covers the
  /// same columns, the item is measured again and only the items below it in its columns move
  /// (and, when one of them spans other columns, the items below it there): no item changes
  /// column, items above and beside it keep their frames, and the cost is a few binary searches
  /// plus the items moved. Otherwise the section is laid out again from `indexPath` on, as
  /// ``update(data:width:)`` does for a change there.
  ///
  /// The first replacement in a list the layout shares with the caller's array copies that list
  /// once (later ones change it in place).
  ///
  /// - Throws: ``LayoutError/Code/invalidPage`` before the first layout;
  ///   ``LayoutError/Code/indexPathOutOfRange`` when there is no item at `indexPath`.
  @discardableResult
  public func replaceItem(at indexPath: IndexPath, with item: LayoutItem) throws(LayoutError)
    -> LayoutUpdateReport
  {
    guard let width = collectionWidth, !needsFullLayout else {
      throw LayoutError(.invalidPage, "replace the item at \(indexPath) before the first layout")
    }
    let sectionIndex = indexPath.section
    guard sections.indices.contains(sectionIndex),
      (0..<sections[sectionIndex].placedCount).contains(indexPath.item)
    else {
      throw LayoutError(
        .indexPathOutOfRange,
        "no item at \(indexPath) to replace; the layout has \(sections.count) sections"
          + (sections.indices.contains(sectionIndex)
            ? ", section \(sectionIndex) has \(sections[sectionIndex].placedCount) items" : ""),
        indexPath: indexPath)
    }
    let itemCount = sections.reduce(0) { $0 + $1.items.count }
    let old = sections[sectionIndex].items[indexPath.item]
    guard old != item else {
      let report = LayoutUpdateReport(kind: .unchanged, itemCount: itemCount)
      lastReport = report
      return report
    }
    let columns = sections[sectionIndex].columnCount
    let sameColumns =
      old.id == item.id && old.isFullSpan == item.isFullSpan
      && (old.isFullSpan || old.span(inColumns: columns) == item.span(inColumns: columns))
    guard configuration.stableColumns && sameColumns else {
      var data = sections.map(\.items)
      data[sectionIndex][indexPath.item] = item
      var run = Run(itemCount: itemCount)
      try layOut(sections: data, width: width, from: indexPath, run: &run, forceFull: false)
      updateContentSize()
      let report = run.report(kind: .partial, firstChange: indexPath)
      lastReport = report
      return report
    }
    // Moved out of the array so that its buffers are uniquely referenced.
    var section = sections[sectionIndex]
    sections[sectionIndex] = .placeholder
    section.items[indexPath.item] = item
    let usesCache = configuration.usesSizeCache
    var resolver = HeightResolver(
      measure: HeightResolver.measure(with: heightProvider), section: sectionIndex, width: section.itemWidth,
      fallback: configuration.fallbackItemHeight, usesCache: usesCache)
    resolver.columnSpacing = section.style.columnSpacing
    resolver.columns = columns
    var progress = HeightResolver.Progress(
      cache: usesCache ? sizeCache.takeHeights(atWidth: section.itemWidth) : [:])
    if usesCache {
      progress.others = sizeCache
      sizeCache = SizeCache()
    }
    let height = resolver.itemHeight(of: item, at: indexPath.item, &progress)
    if usesCache {
      sizeCache = progress.others
      sizeCache.putHeights(progress.cache, atWidth: section.itemWidth)
    }
    let moved = section.replaceHeight(ofItem: indexPath.item, with: height)
    let oldBottom = section.bottom
    section.finish(collectionWidth: width, contentInset: configuration.contentInset)
    sections[sectionIndex] = section
    var run = Run(itemCount: itemCount)
    run.measured = progress.measured
    run.cacheHits = progress.cacheHits
    run.diagnostics = progress.diagnostics
    run.placed = moved + 1
    if section.bottom != oldBottom && sectionIndex + 1 < sections.count {
      // Later sections start elsewhere: they are placed again (their heights reused).
      try layOut(
        sections: sections.map(\.items), width: width, from: IndexPath(section: sectionIndex + 1, item: 0),
        run: &run, forceFull: false)
    }
    updateContentSize()
    let report = run.report(kind: .partial, firstChange: indexPath)
    lastReport = report
    return report
  }
}
