/// The column state of a section while items are placed, kept in locals so the loop works on
/// registers and raw storage.
struct Placement {
  let columns: Int
  let spacing: Double
  let direction: WaterfallLayout.RenderDirection
  var nextY: [Double]
  var maxY: [Double]
  /// The next round-robin position (see ``WaterfallSection/turn``).
  var turn: Int
  /// The number of items placed per column (`counts[c + 1]`) and full-span (`counts[0]`), items
  /// spanning several columns not included.
  var counts: [Int]
  /// The number of items placed that span several columns (then the per-column lists are built
  /// item by item).
  var spanCount = 0
  /// With stable columns, the first column of each item the layout held before this update; an
  /// item found here goes back to that column.
  let previous: [ItemID: Int32]?

  init(
    columns: Int, spacing: Double, direction: WaterfallLayout.RenderDirection, nextY: [Double],
    maxY: [Double], turn: Int, previous: [ItemID: Int32]? = nil
  ) {
    self.columns = columns
    self.spacing = spacing
    self.direction = direction
    self.nextY = nextY
    self.maxY = maxY
    self.turn = turn
    self.previous = previous
    counts = Array(repeating: 0, count: columns + 1)
  }

  /// Places `items`, the items from `index` on, writing the top and (first) column of `items[i]`
  /// to `y[i]` and `column[i]`. The height of `items[i]` is `heights[i]` for `i < measureFrom`;
  /// from `measureFrom` on `resolver` gives it (recording in `progress`), and it is written to
  /// `heights[i]`.
  mutating func place<Column: FixedWidthInteger & SignedInteger>(
    _ items: UnsafeBufferPointer<LayoutItem>, heights: UnsafeMutablePointer<Double>,
    measuringFrom measureFrom: Int, index: Int, resolver: HeightResolver,
    progress: inout HeightResolver.Progress,
    y: UnsafeMutablePointer<Double>, column: UnsafeMutablePointer<Column>
  ) {
    if columns == 2 && direction == .shortestFirst && previous == nil {
      placeInTwoColumns(
        items, heights: heights, measuringFrom: measureFrom, index: index, resolver: resolver,
        progress: &progress, y: y, column: column)
      return
    }
    let columns = columns
    let spacing = spacing
    let direction = direction
    let previous = previous
    var turn = turn
    var spanCount = spanCount
    nextY.withUnsafeMutableBufferPointer { next in
      maxY.withUnsafeMutableBufferPointer { bottom in
        counts.withUnsafeMutableBufferPointer { counts in
          for offset in items.indices {
            let height = Self.height(
              at: offset, of: items, heights: heights, measuringFrom: measureFrom, index: index,
              resolver: resolver, progress: &progress)
            if items[offset].isFullSpan {
              var top = next[0]
              for candidate in 1..<columns where next[candidate] > top { top = next[candidate] }
              y[offset] = top
              column[offset] = -1
              counts[0] &+= 1
              let itemBottom = top + height
              for candidate in 0..<columns {
                next[candidate] = itemBottom + spacing
                bottom[candidate] = itemBottom
              }
              continue
            }
            var span = 1
            let stored = items[offset].storedSpan
            if stored != 1 {
              if stored < 1 {
                progress.diagnostics.append(resolver.invalidSpan(of: items[offset], at: index + offset))
              } else {
                span = Swift.min(Int(stored), columns)
              }
            }
            var chosen: Int
            var top: Double
            if let previous, let before = previous[items[offset].id] {
              chosen = Swift.min(Int(before), columns - span)
              top = Self.top(of: chosen, span: span, next)
            } else if span == 1 {
              switch direction {
              case .shortestFirst:
                var best = 0
                var bestY = next[0]
                for candidate in 1..<columns where next[candidate] < bestY {
                  best = candidate
                  bestY = next[candidate]
                }
                chosen = best
              case .leftToRight: chosen = turn
              case .rightToLeft: chosen = columns - 1 - turn
              }
              top = next[chosen]
            } else {
              switch direction {
              case .shortestFirst:
                // The k adjacent columns whose lowest bottom is highest; the leftmost on ties.
                chosen = 0
                top = Self.top(of: 0, span: span, next)
                for candidate in 1..<(columns - span + 1) {
                  let candidateTop = Self.top(of: candidate, span: span, next)
                  if candidateTop < top {
                    chosen = candidate
                    top = candidateTop
                  }
                }
              case .leftToRight:
                chosen = turn + span > columns ? 0 : turn
                top = Self.top(of: chosen, span: span, next)
              case .rightToLeft:
                chosen = columns - turn - span
                if chosen < 0 { chosen = columns - span }
                top = Self.top(of: chosen, span: span, next)
              }
            }
            y[offset] = top
            column[offset] = Column(truncatingIfNeeded: chosen)
            let itemBottom = top + height
            if span == 1 {
              // The next round-robin turn: after the column, rightwards or leftwards.
              switch direction {
              case .shortestFirst: break
              case .leftToRight: turn = chosen == columns - 1 ? 0 : chosen + 1
              case .rightToLeft: turn = chosen == 0 ? 0 : columns - chosen
              }
              counts[chosen + 1] &+= 1
              next[chosen] = itemBottom + spacing
              bottom[chosen] = itemBottom
            } else {
              switch direction {
              case .shortestFirst: break
              case .leftToRight: turn = (chosen + span) % columns
              case .rightToLeft: turn = (columns - chosen) % columns
              }
              spanCount &+= 1
              for spanned in chosen..<(chosen + span) {
                next[spanned] = itemBottom + spacing
                bottom[spanned] = itemBottom
              }
            }
          }
        }
      }
    }
    self.turn = turn
    self.spanCount = spanCount
  }

  /// The top of an item spanning `span` columns from `first`: the lowest of their next tops.
  @inline(__always)
  static func top(of first: Int, span: Int, _ next: UnsafeMutableBufferPointer<Double>) -> Double {
    var top = next[first]
    for spanned in (first + 1)..<(first + span) where next[spanned] > top { top = next[spanned] }
    return top
  }

  /// ``place(_:heights:measuringFrom:index:resolver:progress:y:column:)`` for two columns, shortest
  /// first, with the column state in vector registers (lane 0 the left column, lane 1 the right
  /// one). An item spanning two (or more) columns is placed as a full-span item is, in column 0.
  ///
  /// Each item's column depends on the previous item's bottom, so placing is one long dependency
  /// chain. Both columns' next tops are computed and the chosen one is selected with a lane mask
  /// from vector comparisons: which column is shorter is unpredictable, and a scalar select of
  /// doubles compiles to a branch on x86-64.
  mutating func placeInTwoColumns<Column: FixedWidthInteger & SignedInteger>(
    _ items: UnsafeBufferPointer<LayoutItem>, heights: UnsafeMutablePointer<Double>,
    measuringFrom measureFrom: Int, index: Int, resolver: HeightResolver,
    progress: inout HeightResolver.Progress,
    y: UnsafeMutablePointer<Double>, column: UnsafeMutablePointer<Column>
  ) {
    let spacing = spacing
    var next = SIMD2(nextY[0], nextY[1])
    var bottom = SIMD2(maxY[0], maxY[1])
    let leftLane = SIMDMask<SIMD2<Int64>>(SIMD2<Int64>(-1, 0))
    var rightCount = 0
    var fullSpanCount = 0
    var spanCount = 0
    for offset in items.indices {
      let height = Self.height(
        at: offset, of: items, heights: heights, measuringFrom: measureFrom, index: index,
        resolver: resolver, progress: &progress)
      let isFullSpan = items[offset].isFullSpan
      let stored = items[offset].storedSpan
      if isFullSpan || stored != 1 {
        if isFullSpan || stored > 1 {
          let top = next.y > next.x ? next.y : next.x
          y[offset] = top
          column[offset] = isFullSpan ? -1 : 0
          if isFullSpan { fullSpanCount &+= 1 } else { spanCount &+= 1 }
          bottom = SIMD2(repeating: top + height)
          next = bottom + spacing
          continue
        }
        progress.diagnostics.append(resolver.invalidSpan(of: items[offset], at: index + offset))
      }
      // Left when left <= right, right when right < left: ties go to the left column.
      let swapped = SIMD2(next.y, next.x)
      let chosen = (next .<= swapped .& leftLane) .| (next .< swapped .& .!leftLane)
      let toRight = next.y < next.x
      let itemBottom = next + height
      y[offset] = toRight ? next.y : next.x
      column[offset] = toRight ? 1 : 0
      rightCount &+= toRight ? 1 : 0
      bottom.replace(with: itemBottom, where: chosen)
      next.replace(with: itemBottom + spacing, where: chosen)
    }
    let placed = items.count - fullSpanCount - spanCount
    nextY[0] = next.x
    nextY[1] = next.y
    maxY[0] = bottom.x
    maxY[1] = bottom.y
    counts[0] += fullSpanCount
    counts[1] += placed - rightCount
    counts[2] += rightCount
    self.spanCount += spanCount
  }

  /// The height of `items[offset]`: known below `measureFrom`; from there on measured by
  /// `resolver` (recording in `progress`) at the item's width and written to `heights[offset]`.
  @inline(__always) private static func height(
    at offset: Int, of items: UnsafeBufferPointer<LayoutItem>, heights: UnsafeMutablePointer<Double>,
    measuringFrom measureFrom: Int, index: Int, resolver: HeightResolver,
    progress: inout HeightResolver.Progress
  ) -> Double {
    if offset < measureFrom { return heights[offset] }
    let height = resolver.itemHeight(of: items[offset], at: index + offset, &progress)
    heights[offset] = height
    return height
  }
}
