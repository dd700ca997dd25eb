extension WaterfallLayout {
  /// The elements whose frames intersect `rect`, in the documented order (see the type's
  /// documentation). O(log sections + columns · log n + k) per intersecting section, items
  /// spanning several columns included.
  public func layoutAttributesForElements(in rect: Rect) throws(LayoutError) -> [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    guard !rect.isEmpty, !sections.isEmpty else { return result }
    // First section whose bottom is below the rect's top.
    var low = 0
    var high = sections.count
    while low < high {
      let mid = (low + high) / 2
      if sections[mid].bottom > rect.minY { high = mid } else { low = mid + 1 }
    }
    var index = low
    while index < sections.count && sections[index].top < rect.maxY {
      appendAttributes(inSection: index, intersecting: rect, to: &result)
      index += 1
    }
    return result
  }

  func appendAttributes(inSection index: Int, intersecting rect: Rect, to result: inout [LayoutAttributes]) {
    let section = sections[index]
    if let header = section.header, header.intersects(rect),
      let attributes = headerAttributes(section: index)
    {
      result.append(attributes)
    }
    appendCells(section.fullSpanItems, of: section, index: index, intersecting: rect, to: &result)
    // The columns whose x-range, with the gap to their right, reaches the rectangle: an item
    // comes from the first of them it covers (`lowest`), or from the gap list when the rectangle
    // starts in the gap after `lowest`.
    let columns = section.columnCount
    let stride = section.itemWidth + section.style.columnSpacing
    var lowest = 0
    while lowest < columns - 1 && section.columnX[lowest] + stride <= rect.minX { lowest += 1 }
    var column = lowest
    while column < columns && section.columnX[column] < rect.maxX {
      let x = section.columnX[column]
      if rect.minX < x + section.itemWidth {
        appendCells(
          section.columnItems[column], of: section, index: index, intersecting: rect, from: column,
          lowest: lowest, to: &result)
      } else if column == lowest && column < columns - 1 {
        appendCells(
          section.gapItems[column], of: section, index: index, intersecting: rect, from: column,
          lowest: lowest, to: &result)
      }
      column += 1
    }
    if let footer = section.footer, footer.intersects(rect),
      let attributes = footerAttributes(section: index)
    {
      result.append(attributes)
    }
    if let background = backgroundAttributes(section: index), background.frame.intersects(rect) {
      result.append(background)
    }
  }

  /// Appends the items of one column (or the full-span list, `column` -1) that intersect `rect`:
  /// a binary search for the first item ending below the rect's top, then a walk while items
  /// start above its bottom. An item spanning several columns is appended only from column
  /// `max(its first column, lowest)`, so once.
  func appendCells(
    _ indices: [Int32], of section: WaterfallSection, index: Int, intersecting rect: Rect,
    from column: Int = -1,
    lowest: Int = 0, to result: inout [LayoutAttributes]
  ) {
    var position = section.firstIndex(in: indices, endingBelow: rect.minY)
    while position < indices.count {
      let item = Int(indices[position])
      position += 1
      if section.itemY[item] >= rect.maxY { break }
      if column >= 0 {
        let first = section.itemColumns[item]
        if first != column && Swift.max(first, lowest) != column { continue }
      }
      let frame = section.frame(ofItem: item)
      if frame.intersects(rect) { result.append(section.attributes(ofItem: item, section: index)) }
    }
  }

  /// The cell at `indexPath`.
  ///
  /// - Throws: ``LayoutError/Code/indexPathOutOfRange`` when there is no such item.
  public func layoutAttributesForItem(at indexPath: IndexPath) throws(LayoutError) -> LayoutAttributes {
    guard sections.indices.contains(indexPath.section),
      (0..<sections[indexPath.section].placedCount).contains(indexPath.item)
    else {
      throw LayoutError(
        .indexPathOutOfRange,
        "no item at \(indexPath); the layout has \(sections.count) sections"
          + (sections.indices.contains(indexPath.section)
            ? ", section \(indexPath.section) has \(sections[indexPath.section].placedCount) items" : ""),
        indexPath: indexPath)
    }
    return cellAttributes(section: indexPath.section, item: indexPath.item)
  }

  /// The section's header or footer, or nil when its height is 0.
  ///
  /// - Throws: ``LayoutError/Code/unknownSupplementaryKind`` for another kind,
  ///   ``LayoutError/Code/indexPathOutOfRange`` for a missing section.
  public func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
    throws(LayoutError) -> LayoutAttributes?
  {
    guard kind == Self.headerKind || kind == Self.footerKind else {
      throw LayoutError(
        .unknownSupplementaryKind,
        "supplementary kind \"\(kind)\" at \(indexPath); the waterfall layout provides "
          + "\"\(Self.headerKind)\" and \"\(Self.footerKind)\"",
        indexPath: indexPath)
    }
    guard sections.indices.contains(indexPath.section) else {
      throw LayoutError(
        .indexPathOutOfRange,
        "no section \(indexPath.section) for a \"\(kind)\"; the layout has \(sections.count) sections",
        indexPath: indexPath)
    }
    return kind == Self.headerKind
      ? headerAttributes(section: indexPath.section) : footerAttributes(section: indexPath.section)
  }

  /// The section background of ``Configuration/sectionBackgroundKind``, or nil.
  public func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath)
    throws(LayoutError) -> LayoutAttributes?
  {
    try decorationKinds.validate(kind, "asked for at \(indexPath)")
    guard kind == configuration.sectionBackgroundKind,
      sections.indices.contains(indexPath.section)
    else { return nil }
    return backgroundAttributes(section: indexPath.section)
  }
}
