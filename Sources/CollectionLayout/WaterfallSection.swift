/// The laid-out state of one waterfall section: geometry, items, heights, frames and the
/// per-column indexes used by rectangle queries.
///
/// Invariants: `frames`, `heights` and `itemColumn` have one entry per placed item;
/// `columnItems[c]` lists the items of column `c` in increasing item order, which is also
/// increasing `minY` and `maxY` order because a column stacks its items downwards with
/// non-negative heights and spacing; `fullSpanItems` likewise.
struct WaterfallSection {
  var style: WaterfallLayout.SectionStyle
  var items = ItemList()
  var heights: [Double] = []
  var frames: [Rect] = []
  var itemColumn: [Int] = []
  var columnItems: [[Int]]
  var fullSpanItems: [Int] = []
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
    guard index < frames.count else {
      return
    }
    frames.removeSubrange(index...)
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
      fullSpanNext = frames[last].maxY + spacing
      fullSpanMax = frames[last].maxY
    }
    for column in 0..<columnCount {
      if let last = columnItems[column].last, fullSpanItems.last.map({ $0 < last }) ?? true {
        columnNextY[column] = frames[last].maxY + spacing
        columnMaxY[column] = frames[last].maxY
      } else {
        columnNextY[column] = fullSpanNext
        columnMaxY[column] = fullSpanMax
      }
    }
  }

  /// Clears every placed item.
  mutating func resetPlacement() {
    frames.removeAll(keepingCapacity: true)
    itemColumn.removeAll(keepingCapacity: true)
    for column in 0..<columnCount { columnItems[column].removeAll(keepingCapacity: true) }
    fullSpanItems.removeAll(keepingCapacity: true)
    placedInColumns = 0
    for column in 0..<columnCount {
      columnNextY[column] = itemsTop
      columnMaxY[column] = itemsTop
    }
  }

  /// Places items `frames.count..<items.count` (their heights must be resolved).
  mutating func placeRemaining(direction: WaterfallLayout.RenderDirection) {
    let start = frames.count
    let end = items.count
    guard start < end else { return }
    if start == 0 {
      frames.reserveCapacity(Self.capacity(for: end))
      itemColumn.reserveCapacity(Self.capacity(for: end))
    }
    let spacing = style.lineSpacing
    let columns = columnCount
    for index in start..<end {
      let height = heights[index]
      if items[index].isFullSpan {
        var y = columnNextY[0]
        for column in 1..<columns where columnNextY[column] > y { y = columnNextY[column] }
        let frame = Rect(x: fullSpanX, y: y, width: fullSpanWidth, height: height)
        frames.append(frame)
        itemColumn.append(-1)
        fullSpanItems.append(index)
        let maxY = y + height
        for column in 0..<columns {
          columnNextY[column] = maxY + spacing
          columnMaxY[column] = maxY
        }
      } else {
        let column: Int
        switch direction {
        case .shortestFirst:
          var best = 0
          var bestY = columnNextY[0]
          for candidate in 1..<columns where columnNextY[candidate] < bestY {
            best = candidate
            bestY = columnNextY[candidate]
          }
          column = best
        case .leftToRight:
          column = placedInColumns % columns
        case .rightToLeft:
          column = columns - 1 - placedInColumns % columns
        }
        placedInColumns += 1
        let y = columnNextY[column]
        let frame = Rect(x: columnX[column], y: y, width: itemWidth, height: height)
        frames.append(frame)
        itemColumn.append(column)
        columnItems[column].append(index)
        columnNextY[column] = y + height + spacing
        columnMaxY[column] = y + height
      }
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
  static func firstIndex(in indices: [Int], notBelow value: Int) -> Int {
    var low = 0
    var high = indices.count
    while low < high {
      let mid = (low + high) / 2
      if indices[mid] < value { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// The first position in `indices` whose frame ends below `y` (`maxY > y`).
  func firstIndex(in indices: [Int], endingBelow y: Double) -> Int {
    var low = 0
    var high = indices.count
    while low < high {
      let mid = (low + high) / 2
      if frames[indices[mid]].maxY > y { high = mid } else { low = mid + 1 }
    }
    return low
  }
}
