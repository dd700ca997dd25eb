/// The laid-out state of one waterfall section: geometry, items, heights, placements and the
/// per-column indexes used by rectangle queries.
///
/// Items are stored compactly: a placed item keeps only its top (`itemY`) and its (first) column
/// (`itemColumns`, -1 for a full-span item, one byte up to 127 columns); its height is
/// `heights[item]`, and its x and width follow from its column and span (`columnX`, `itemWidth`,
/// the item's `span`) or the full-span geometry. With its entry in a per-column list that is 21
/// bytes per item instead of a 32-byte frame plus the rest.
///
/// Invariants: `itemY` and `itemColumns` have one entry per placed item and `heights` at least as
/// many (heights of placed items never change without the item being placed again);
/// `columnItems[c]` lists the items covering column `c` (an item spanning k columns is in k
/// lists) in increasing item order, which is also increasing `minY` and `maxY` order because a
/// column stacks its items downwards with non-negative heights and spacing (an item spanning
/// several columns starts below all of them and ends every one); `gapItems[g]`, the items
/// spanning the gap between columns `g` and `g + 1`, and `fullSpanItems` likewise.
struct WaterfallSection {
  var style: WaterfallLayout.SectionStyle
  var items = ItemList()
  var heights: [Double] = []
  var itemY: [Double] = []
  var itemColumns: ItemColumns
  var columnItems: [[Int32]]
  var gapItems: [[Int32]]
  var fullSpanItems: [Int32] = []
  var columnNextY: [Double]
  var columnMaxY: [Double]
  /// The next round-robin position: the n-th turn of ``WaterfallLayout/RenderDirection/leftToRight``
  /// is column n, of ``WaterfallLayout/RenderDirection/rightToLeft`` column `columnCount - 1 - n`.
  var turn = 0

  var itemWidth: Double = 0
  var columnX: [Double]
  var fullSpanX: Double = 0
  var fullSpanWidth: Double = 0
  var top: Double = 0
  var itemsTop: Double = 0
  var bottom: Double = 0
  var header: Rect?
  var footer: Rect?

  init(style: WaterfallLayout.SectionStyle) {
    self.style = style
    let columns = style.columnCount
    columnItems = Array(repeating: [], count: columns)
    gapItems = Array(repeating: [], count: Swift.max(0, columns - 1))
    columnNextY = Array(repeating: 0, count: columns)
    columnMaxY = Array(repeating: 0, count: columns)
    columnX = Array(repeating: 0, count: columns)
    itemColumns = ItemColumns(columnCount: columns)
  }

  /// An empty stand-in, swapped into the sections array while a section is mutated so that the
  /// section's buffers are uniquely referenced.
  static let placeholder = WaterfallSection(style: WaterfallLayout.SectionStyle(columnCount: 0))

  var columnCount: Int { style.columnCount }

  /// The number of placed items.
  var placedCount: Int { itemY.count }

  /// The frame of placed item `index`.
  func frame(ofItem index: Int) -> Rect {
    let column = itemColumns[index]
    if column < 0 {
      return Rect(x: fullSpanX, y: itemY[index], width: fullSpanWidth, height: heights[index])
    }
    let span = items[index].span(inColumns: columnCount)
    return Rect(x: columnX[column], y: itemY[index], width: width(spanning: span), height: heights[index])
  }

  /// The width of an item spanning `span` columns: `span × itemWidth + (span − 1) × columnSpacing`.
  func width(spanning span: Int) -> Double {
    span == 1 ? itemWidth : Double(span) * itemWidth + Double(span - 1) * style.columnSpacing
  }

  /// The column of placed item `index` (`nil` for a full-span item); its first one when it spans
  /// several.
  func column(ofItem index: Int) -> Int? {
    let column = itemColumns[index]
    return column < 0 ? nil : column
  }

  /// The number of columns placed item `index` covers (all of them for a full-span item).
  func span(ofItem index: Int) -> Int {
    itemColumns[index] < 0 ? columnCount : items[index].span(inColumns: columnCount)
  }

  /// The attributes of placed item `index` of section `section`.
  func attributes(ofItem index: Int, section: Int) -> LayoutAttributes {
    LayoutAttributes(
      indexPath: IndexPath(section: section, item: index), category: .cell, itemID: items[index].id,
      frame: frame(ofItem: index), column: column(ofItem: index), span: span(ofItem: index))
  }

  /// The bottom edge of placed item `index`.
  func maxY(ofItem index: Int) -> Double { itemY[index] + heights[index] }

  /// The bottom of the items (the lowest item edge, or the items' top when there are none).
  var itemsBottom: Double { columnMaxY.max() ?? itemsTop }

  /// The whole section, from its top to its bottom across the content width.
  func frame(contentWidth: Double) -> Rect {
    Rect(x: 0, y: top, width: contentWidth, height: bottom - top)
  }

  /// Sets the horizontal geometry and the header for a section starting at `top`.
  ///
  /// Returns a diagnostic when the width is too small for the insets and spacing.
  mutating func setUp(
    section: Int, top: Double, collectionWidth: Double, contentInset: EdgeInsets,
    pixelScale: Double?
  ) -> LayoutError? {
    var diagnostic: LayoutError?
    self.top = top
    let contentLeft = contentInset.left
    let contentWidth = collectionWidth - contentInset.horizontal
    let inset = style.sectionInset
    let available = contentWidth - inset.horizontal
    let spacing = Double(columnCount - 1) * style.columnSpacing
    var width = (available - spacing) / Double(columnCount)
    if let pixelScale { width = (width * pixelScale).rounded(.down) / pixelScale }
    if !(width > 0) {
      if width < 0 || !width.isFinite {
        diagnostic = LayoutError(
          .collectionTooNarrow,
          "section \(section): collection width \(collectionWidth) is narrower than its insets and "
            + "spacing (\(contentInset.horizontal + inset.horizontal + spacing)); items get width 0")
      }
      width = 0
    }
    itemWidth = width
    for column in 0..<columnCount {
      columnX[column] = contentLeft + inset.left + Double(column) * (width + style.columnSpacing)
    }
    fullSpanX = contentLeft + inset.left
    fullSpanWidth = Swift.max(0, available)

    var y = top
    if style.headerHeight > 0 {
      let headerInset = style.headerInset
      y += headerInset.top
      header = Rect(
        x: contentLeft + headerInset.left, y: y,
        width: Swift.max(0, contentWidth - headerInset.horizontal), height: style.headerHeight)
      y += style.headerHeight + headerInset.bottom
    } else {
      header = nil
    }
    itemsTop = y + inset.top
    return diagnostic
  }

  /// Forgets every placed item from `index` on and restores the column state just before it.
  mutating func truncatePlacement(from index: Int, direction: WaterfallLayout.RenderDirection) {
    guard index < placedCount else {
      return
    }
    itemY.removeSubrange(index...)
    itemColumns.removeSubrange(from: index)
    for column in 0..<columnCount {
      let cut = Self.firstIndex(in: columnItems[column], notBelow: index)
      columnItems[column].removeSubrange(cut...)
    }
    for gap in gapItems.indices {
      let cut = Self.firstIndex(in: gapItems[gap], notBelow: index)
      gapItems[gap].removeSubrange(cut...)
    }
    let cut = Self.firstIndex(in: fullSpanItems, notBelow: index)
    fullSpanItems.removeSubrange(cut...)
    restoreColumnState()
    restoreTurn(direction: direction)
  }

  /// Recomputes the round-robin turn from the last placed item that is not full-span: the turn
  /// after its columns (see ``turn``).
  mutating func restoreTurn(direction: WaterfallLayout.RenderDirection) {
    var last = -1
    for column in 0..<columnCount {
      if let item = columnItems[column].last, Int(item) > last { last = Int(item) }
    }
    guard last >= 0, let first = column(ofItem: last) else {
      turn = 0
      return
    }
    switch direction {
    case .shortestFirst, .leftToRight: turn = (first + span(ofItem: last)) % columnCount
    // Right to left, turns count from the right edge.
    case .rightToLeft: turn = (columnCount - first) % columnCount
    }
  }

  /// Recomputes the column bottoms from the placed items.
  mutating func restoreColumnState() {
    let spacing = style.lineSpacing
    var fullSpanNext = itemsTop
    var fullSpanMax = itemsTop
    if let last = fullSpanItems.last {
      fullSpanNext = maxY(ofItem: Int(last)) + spacing
      fullSpanMax = maxY(ofItem: Int(last))
    }
    for column in 0..<columnCount {
      if let last = columnItems[column].last, fullSpanItems.last.map({ $0 < last }) ?? true {
        columnNextY[column] = maxY(ofItem: Int(last)) + spacing
        columnMaxY[column] = maxY(ofItem: Int(last))
      } else {
        columnNextY[column] = fullSpanNext
        columnMaxY[column] = fullSpanMax
      }
    }
  }

  /// Clears every placed item.
  mutating func resetPlacement() {
    itemY.removeAll(keepingCapacity: true)
    itemColumns.removeAll()
    for column in 0..<columnCount { columnItems[column].removeAll(keepingCapacity: true) }
    for gap in gapItems.indices { gapItems[gap].removeAll(keepingCapacity: true) }
    fullSpanItems.removeAll(keepingCapacity: true)
    turn = 0
    for column in 0..<columnCount {
      columnNextY[column] = itemsTop
      columnMaxY[column] = itemsTop
    }
  }

  /// Places items `placedCount..<items.count`. Their heights below `heights.count` are known;
  /// the others come from `resolver` (recording in `progress`), each just before the item is
  /// placed.
  ///
  /// One pass writes each item's height, top and column straight into the arrays' storage (a
  /// first layout allocates them without zero-filling) and counts the items per column; then
  /// each column's list is filled from the item columns (sized from the counts, so they do not
  /// reallocate). Measuring while placing lets the provider calls overlap the placement's
  /// dependency chain (each item's column depends on the previous item's bottom).
  ///
  /// With `previous` (stable columns), an item found in it goes back to that first column.
  mutating func placeRemaining(
    direction: WaterfallLayout.RenderDirection, previous: [ItemID: Int32]? = nil, resolver: HeightResolver,
    progress: inout HeightResolver.Progress
  ) {
    if itemColumns.isWide {
      var columns = itemColumns.wide
      itemColumns.wide = []
      placeRemaining(
        columns: &columns, direction: direction, previous: previous, resolver: resolver, progress: &progress)
      itemColumns.wide = columns
    } else {
      var columns = itemColumns.narrow
      itemColumns.narrow = []
      placeRemaining(
        columns: &columns, direction: direction, previous: previous, resolver: resolver, progress: &progress)
      itemColumns.narrow = columns
    }
  }

  /// ``placeRemaining(direction:previous:resolver:progress:)`` with the item columns, moved out of
  /// `itemColumns`, in `columns`.
  mutating func placeRemaining<Column: FixedWidthInteger & SignedInteger & BitwiseCopyable>(
    columns: inout [Column], direction: WaterfallLayout.RenderDirection, previous: [ItemID: Int32]?,
    resolver: HeightResolver, progress: inout HeightResolver.Progress
  ) {
    let start = placedCount
    let end = items.count
    guard start < end else { return }
    precondition(end <= Int(Int32.max), "a waterfall section holds at most \(Int32.max) items")
    let measureFrom = heights.count
    precondition(start <= measureFrom && measureFrom <= end, "heights resolved up to the placed items")
    let items = items
    let count = end - start
    let capacity = start == 0 ? Self.capacity(for: end) : end
    let heightCapacity = measureFrom == 0 ? Self.capacity(for: end) : end
    var newHeights = heights
    heights = []
    var newY = itemY
    itemY = []
    var state = Placement(
      columns: columnCount, spacing: style.lineSpacing, direction: direction,
      nextY: columnNextY, maxY: columnMaxY, turn: turn, previous: previous)
    newHeights.appendUninitialized(count: end - measureFrom, capacity: heightCapacity, filler: 0) {
      heights in
      newY.appendUninitialized(count: count, capacity: capacity, filler: 0) { y in
        columns.appendUninitialized(count: count, capacity: capacity, filler: 0) { column in
          // Not empty: they hold at least the `end` items.
          let (heights, y, column) = (heights.baseAddress!, y.baseAddress!, column.baseAddress!)
          items.forEachRun(in: start..<end) { first, run in
            state.place(
              run, heights: heights + first, measuringFrom: measureFrom - first, index: first,
              resolver: resolver, progress: &progress, y: y + first, column: column + first)
          }
        }
      }
    }
    heights = newHeights
    itemY = newY
    columnNextY = state.nextY
    columnMaxY = state.maxY
    turn = state.turn
    columns.withUnsafeBufferPointer { columns in
      if state.spanCount > 0 {
        indexColumnsItemByItem(from: start, columns: columns)
      } else {
        indexColumns(from: start, counts: state.counts, columns: columns)
      }
    }
  }

  /// Appends items `start..<placedCount` to `columnItems`, `gapItems` and `fullSpanItems` one
  /// by one (when some of them span several columns).
  mutating func indexColumnsItemByItem<Column: FixedWidthInteger & SignedInteger>(
    from start: Int, columns column: UnsafeBufferPointer<Column>
  ) {
    var lists = columnItems
    columnItems = []
    var gaps = gapItems
    gapItems = []
    let columnCount = columnCount
    for index in start..<placedCount {
      let first = Int(column[index])
      let value = Int32(truncatingIfNeeded: index)
      if first < 0 {
        fullSpanItems.append(value)
        continue
      }
      let span = items[index].span(inColumns: columnCount)
      lists[first].append(value)
      if span > 1 {
        for spanned in (first + 1)..<(first + span) {
          lists[spanned].append(value)
          gaps[spanned - 1].append(value)
        }
      }
    }
    columnItems = lists
    gapItems = gaps
  }

  /// Appends items `start..<placedCount` to `columnItems` and `fullSpanItems`, given the item
  /// columns and how many of the items went to each column (`counts[c + 1]`) and how many span
  /// all columns (`counts[0]`).
  mutating func indexColumns<Column: FixedWidthInteger & SignedInteger>(
    from start: Int, counts: [Int], columns column: UnsafeBufferPointer<Column>
  ) {
    let end = placedCount
    var lists = columnItems
    columnItems = []
    var fullSpan = fullSpanItems
    fullSpanItems = []
    for index in 0...columnCount where counts[index] > 0 {
      let value = Column(truncatingIfNeeded: index - 1)
      let added = counts[index]
      if index == 0 {
        let old = fullSpan.count
        let capacity = start == 0 ? Self.capacity(for: old + added) : old + added
        fullSpan.appendUninitialized(count: added, capacity: capacity, filler: 0) { out in
          Self.collect(value, in: column, from: start, to: end, into: out[old...])
        }
      } else {
        let old = lists[index - 1].count
        let capacity = start == 0 ? Self.capacity(for: old + added) : old + added
        lists[index - 1].appendUninitialized(count: added, capacity: capacity, filler: 0) { out in
          Self.collect(value, in: column, from: start, to: end, into: out[old...])
        }
      }
    }
    columnItems = lists
    fullSpanItems = fullSpan
  }

  /// Fills `out` with the first `out.count` positions `i` in `start..<end` where
  /// `column[i] == value`.
  ///
  /// Branch-free: every position is written and the output advances only on a match (items
  /// alternate between columns unpredictably).
  static func collect<Column: FixedWidthInteger>(
    _ value: Column, in column: UnsafeBufferPointer<Column>, from start: Int, to end: Int,
    into out: Slice<UnsafeMutableBufferPointer<Int32>>
  ) {
    let count = out.count
    guard count > 0, let base = out.base.baseAddress else { return }
    let out = base + out.startIndex
    var index = start
    var written = 0
    while written < count && index < end {
      out[written] = Int32(truncatingIfNeeded: index)
      written &+= column[index] == value ? 1 : 0
      index &+= 1
    }
  }

  /// Places the footer below the items and sets the section's bottom.
  mutating func finish(collectionWidth: Double, contentInset: EdgeInsets) {
    var y = itemsBottom + style.sectionInset.bottom
    if style.footerHeight > 0 {
      let footerInset = style.footerInset
      y += footerInset.top
      footer = Rect(
        x: contentInset.left + footerInset.left, y: y,
        width: Swift.max(0, collectionWidth - contentInset.horizontal - footerInset.horizontal),
        height: style.footerHeight)
      y += style.footerHeight + footerInset.bottom
    } else {
      footer = nil
    }
    bottom = y
  }

  /// The capacity reserved for `count` items in a full layout: a quarter more (at least 64), so
  /// that the load-more pages that follow append without reallocating (and copying) the arrays.
  static func capacity(for count: Int) -> Int { count + Swift.max(64, count / 4) }

  /// The first position in `indices` (sorted ascending) whose value is at least `value`.
  static func firstIndex(in indices: [Int32], notBelow value: Int) -> Int {
    var low = 0
    var high = indices.count
    while low < high {
      let mid = (low + high) / 2
      if Int(indices[mid]) < value { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// The first position in `indices` whose item ends below `y` (`maxY > y`).
  func firstIndex(in indices: [Int32], endingBelow y: Double) -> Int {
    var low = 0
    var high = indices.count
    while low < high {
      let mid = (low + high) / 2
      if maxY(ofItem: Int(indices[mid])) > y { high = mid } else { low = mid + 1 }
    }
    return low
  }
}
