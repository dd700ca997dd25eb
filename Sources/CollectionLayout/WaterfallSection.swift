/// The laid-out state of one waterfall section: geometry, items, heights, placements and the
/// per-column indexes used by rectangle queries.
///
/// Items are stored compactly: a placed item keeps only its top (`itemY`) and its column
/// (`itemColumn`, -1 for a full-span item); its height is `heights[item]`, and its x and width
/// follow from its column (`columnX`, `itemWidth`) or the full-span geometry. That is 24 bytes
/// per item instead of a 32-byte frame plus the rest.
///
/// Invariants: `itemY` and `itemColumn` have one entry per placed item and `heights` at least as
/// many (heights of placed items never change without the item being placed again);
/// `columnItems[c]` lists the items of column `c` in increasing item order, which is also
/// increasing `minY` and `maxY` order because a column stacks its items downwards with
/// non-negative heights and spacing; `fullSpanItems` likewise.
struct WaterfallSection {
  var style: WaterfallLayout.SectionStyle
  var items = ItemList()
  var heights: [Double] = []
  var itemY: [Double] = []
  var itemColumn: [Int32] = []
  var columnItems: [[Int32]]
  var fullSpanItems: [Int32] = []
  var columnNextY: [Double]
  var columnMaxY: [Double]
  var placedInColumns = 0

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
    columnNextY = Array(repeating: 0, count: columns)
    columnMaxY = Array(repeating: 0, count: columns)
    columnX = Array(repeating: 0, count: columns)
  }

  /// An empty stand-in, swapped into the sections array while a section is mutated so that the
  /// section's buffers are uniquely referenced.
  static let placeholder = WaterfallSection(style: WaterfallLayout.SectionStyle(columnCount: 0))

  var columnCount: Int { style.columnCount }

  /// The number of placed items.
  var placedCount: Int { itemY.count }

  /// The frame of placed item `index`.
  func frame(ofItem index: Int) -> Rect {
    let column = Int(itemColumn[index])
    return column < 0
      ? Rect(x: fullSpanX, y: itemY[index], width: fullSpanWidth, height: heights[index])
      : Rect(x: columnX[column], y: itemY[index], width: itemWidth, height: heights[index])
  }

  /// The column of placed item `index` (`nil` for a full-span item).
  func column(ofItem index: Int) -> Int? {
    let column = Int(itemColumn[index])
    return column < 0 ? nil : column
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
  mutating func truncatePlacement(from index: Int) {
    guard index < placedCount else {
      return
    }
    itemY.removeSubrange(index...)
    itemColumn.removeSubrange(index...)
    for column in 0..<columnCount {
      let cut = Self.firstIndex(in: columnItems[column], notBelow: index)
      columnItems[column].removeSubrange(cut...)
    }
    let cut = Self.firstIndex(in: fullSpanItems, notBelow: index)
    fullSpanItems.removeSubrange(cut...)
    placedInColumns = index - fullSpanItems.count
    restoreColumnState()
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
    itemColumn.removeAll(keepingCapacity: true)
    for column in 0..<columnCount { columnItems[column].removeAll(keepingCapacity: true) }
    fullSpanItems.removeAll(keepingCapacity: true)
    placedInColumns = 0
    for column in 0..<columnCount {
      columnNextY[column] = itemsTop
      columnMaxY[column] = itemsTop
    }
  }

  /// Places items `placedCount..<items.count` (their heights must be resolved).
  ///
  /// Two passes: the first writes each item's top and column straight into the arrays' storage
  /// (a first layout allocates them without zero-filling), the second, over the 4-byte columns,
  /// appends the items to the per-column lists (sized from a count, so they do not reallocate).
  mutating func placeRemaining(direction: WaterfallLayout.RenderDirection) {
    let start = placedCount
    let end = items.count
    guard start < end else { return }
    precondition(end <= Int(Int32.max), "a waterfall section holds at most \(Int32.max) items")
    let count = end - start
    let capacity = start == 0 ? Self.capacity(for: end) : end
    var newY = itemY
    itemY = []
    var newColumn = itemColumn
    itemColumn = []
    var state = Placement(
      columns: columnCount, spacing: style.lineSpacing, direction: direction,
      nextY: columnNextY, maxY: columnMaxY, placedInColumns: placedInColumns)
    heights.withUnsafeBufferPointer { heights in
      newY.appendUninitialized(count: count, capacity: capacity, filler: 0) { yOut in
        newColumn.appendUninitialized(count: count, capacity: capacity, filler: 0) { columnOut in
          state.place(
            items: items, heights: heights, range: start..<end, y: yOut, column: columnOut)
        }
      }
    }
    itemY = newY
    itemColumn = newColumn
    columnNextY = state.nextY
    columnMaxY = state.maxY
    placedInColumns = state.placedInColumns
    indexColumns(from: start)
  }

  /// Appends items `start..<placedCount` to `columnItems` and `fullSpanItems`.
  mutating func indexColumns(from start: Int) {
    let end = placedCount
    var counts = [Int](repeating: 0, count: columnCount + 1)
    itemColumn.withUnsafeBufferPointer { column in
      for index in start..<end { counts[Int(column[index]) + 1] += 1 }
    }
    var lists = columnItems
    columnItems = []
    for column in 0..<columnCount where counts[column + 1] > 0 {
      let needed = lists[column].count + counts[column + 1]
      let capacity = start == 0 ? Self.capacity(for: needed) : needed
      lists[column].appendUninitialized(count: counts[column + 1], capacity: capacity, filler: 0) { _ in }
      counts[column + 1] = lists[column].count - counts[column + 1]
    }
    if counts[0] > 0 {
      let needed = fullSpanItems.count + counts[0]
      fullSpanItems.reserveCapacity(start == 0 ? Self.capacity(for: needed) : needed)
    }
    itemColumn.withUnsafeBufferPointer { column in
      for index in start..<end {
        let value = Int(column[index])
        if value < 0 {
          fullSpanItems.append(Int32(truncatingIfNeeded: index))
        } else {
          lists[value][counts[value + 1]] = Int32(truncatingIfNeeded: index)
          counts[value + 1] += 1
        }
      }
    }
    columnItems = lists
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

/// The column state of a section while items are placed, kept in locals so the loop works on
/// registers and raw storage.
struct Placement {
  let columns: Int
  let spacing: Double
  let direction: WaterfallLayout.RenderDirection
  var nextY: [Double]
  var maxY: [Double]
  var placedInColumns: Int

  /// Places the items of `range`, writing the top and column of item `range.lowerBound + i` to
  /// `y[i]` and `column[i]`.
  mutating func place(
    items: ItemList, heights: UnsafeBufferPointer<Double>, range: Range<Int>,
    y: UnsafeMutablePointer<Double>, column: UnsafeMutablePointer<Int32>
  ) {
    let columns = columns
    let spacing = spacing
    let direction = direction
    var placed = placedInColumns
    nextY.withUnsafeMutableBufferPointer { next in
      maxY.withUnsafeMutableBufferPointer { bottom in
        var out = 0
        for index in range {
          let height = heights[index]
          if items[index].isFullSpan {
            var top = next[0]
            for candidate in 1..<columns where next[candidate] > top { top = next[candidate] }
            y[out] = top
            column[out] = -1
            let itemBottom = top + height
            for candidate in 0..<columns {
              next[candidate] = itemBottom + spacing
              bottom[candidate] = itemBottom
            }
          } else {
            let chosen: Int
            switch direction {
            case .shortestFirst:
              var best = 0
              var bestY = next[0]
              for candidate in 1..<columns where next[candidate] < bestY {
                best = candidate
                bestY = next[candidate]
              }
              chosen = best
            case .leftToRight:
              chosen = placed % columns
            case .rightToLeft:
              chosen = columns - 1 - placed % columns
            }
            placed += 1
            let top = next[chosen]
            y[out] = top
            column[out] = Int32(truncatingIfNeeded: chosen)
            next[chosen] = top + height + spacing
            bottom[chosen] = top + height
          }
          out += 1
        }
      }
    }
    placedInColumns = placed
  }
}

extension Array where Element: BitwiseCopyable {
  /// Appends `count` elements that `initialize` writes, given a pointer to the first of them; it
  /// must write all `count` before anything reads them.
  ///
  /// An empty array without room for them is replaced by a fresh buffer of at least `capacity`
  /// elements that is not zero-filled first (a first layout touches each page once); otherwise
  /// the array grows as `append` would and the new elements are `filler` until overwritten.
  mutating func appendUninitialized(
    count: Int, capacity: Int, filler: Element, _ initialize: (UnsafeMutablePointer<Element>) -> Void
  ) {
    guard count > 0 else { return }
    if isEmpty && self.capacity < count {
      self = Array(unsafeUninitializedCapacity: Swift.max(capacity, count)) { buffer, initialized in
        if let base = buffer.baseAddress { initialize(base) }
        initialized = count
      }
      return
    }
    let start = self.count
    append(contentsOf: repeatElement(filler, count: count))
    withUnsafeMutableBufferPointer { buffer in
      if let base = buffer.baseAddress { initialize(base + start) }
    }
  }
}
