extension WaterfallSection {
  /// Gives placed item `index` the height `height`, keeping every item in its columns, and moves
  /// the items below it — in its columns, and in the columns of any item that moves and spans
  /// others — to their new tops. Returns how many items moved.
  ///
  /// An item's top is the lowest bottom above it in its columns plus the line spacing (the items'
  /// top when nothing is above it), the rule that placed it: an item in one column that follows
  /// another in that column is moved in a walk down the column; an item spanning several
  /// columns (or all of them) is taken from a heap in item order, once every column above it is
  /// settled. A walk stops at the first item that does not move. O(m + s · (k log n)) for m
  /// items moved, s of them spanning k columns.
  mutating func replaceHeight(ofItem index: Int, with height: Double) -> Int {
    let old = heights[index]
    heights[index] = height
    guard old != height else { return 0 }
    var moved = 0
    var heap = IndexHeap()
    followers(of: index, moved: &moved, heap: &heap)
    var last: Int32 = -1
    while let next = heap.popMin() {
      guard next != last else { continue }
      last = next
      let item = Int(next)
      let top = topFromAbove(item)
      guard top != itemY[item] else { continue }
      itemY[item] = top
      moved += 1
      followers(of: item, moved: &moved, heap: &heap)
    }
    restoreColumnState()
    return moved
  }

  /// Moves the items right below `item` (whose bottom changed): down each of its columns while
  /// they sit in that column alone; an item spanning several columns, and the next full-span
  /// item, go on `heap`.
  private mutating func followers(of item: Int, moved: inout Int, heap: inout IndexHeap) {
    let spacing = style.lineSpacing
    let nextFullSpan = Self.firstIndex(in: fullSpanItems, notBelow: item + 1)
    let limit = nextFullSpan < fullSpanItems.count ? Int(fullSpanItems[nextFullSpan]) : Int.max
    if limit != Int.max { heap.insert(Int32(limit)) }
    let columns: Range<Int>
    if let first = column(ofItem: item) {
      columns = first..<(first + span(ofItem: item))
    } else {
      columns = 0..<columnCount
    }
    let bottom = maxY(ofItem: item)
    for column in columns {
      let list = columnItems[column]
      var position = Self.firstIndex(in: list, notBelow: item + 1)
      var above = bottom
      while position < list.count {
        let next = Int(list[position])
        if next > limit { break }
        if itemColumns[next] != column || items[next].span(inColumns: columnCount) > 1 {
          heap.insert(Int32(next))
          break
        }
        let top = above + spacing
        if top == itemY[next] { break }
        itemY[next] = top
        moved += 1
        above = top + heights[next]
        position += 1
      }
    }
  }

  /// The top of placed `item` from the items above it in its columns: the lowest bottom plus the
  /// line spacing, or the items' top.
  private func topFromAbove(_ item: Int) -> Double {
    let spacing = style.lineSpacing
    let fullSpan = Self.firstIndex(in: fullSpanItems, notBelow: item)
    let fullSpanAbove = fullSpan > 0 ? Int(fullSpanItems[fullSpan - 1]) : -1
    let columns: Range<Int>
    if let first = column(ofItem: item) {
      columns = first..<(first + span(ofItem: item))
    } else {
      columns = 0..<columnCount
    }
    var top = itemsTop
    for column in columns {
      let list = columnItems[column]
      let position = Self.firstIndex(in: list, notBelow: item)
      let above = Swift.max(position > 0 ? Int(list[position - 1]) : -1, fullSpanAbove)
      if above >= 0 { top = Swift.max(top, maxY(ofItem: above) + spacing) }
    }
    return top
  }
}
