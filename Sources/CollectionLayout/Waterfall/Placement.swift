/// The column state of a section while items are placed, kept in locals so the loop works on
/// registers and raw storage.
struct Placement {
  let columns: Int
  let spacing: Double
  let direction: WaterfallLayout.RenderDirection
  var nextY: [Double]
  var maxY: [Double]
  var placedInColumns: Int
  /// The number of items placed per column (`counts[c + 1]`) and full-span (`counts[0]`).
  var counts: [Int]

  init(
    columns: Int, spacing: Double, direction: WaterfallLayout.RenderDirection, nextY: [Double],
    maxY: [Double], placedInColumns: Int
  ) {
    self.columns = columns
    self.spacing = spacing
    self.direction = direction
    self.nextY = nextY
    self.maxY = maxY
    self.placedInColumns = placedInColumns
    counts = Array(repeating: 0, count: columns + 1)
  }

  /// Places `items`, the items from `index` on, writing the top and column of `items[i]` to
  /// `y[i]` and `column[i]`. The height of `items[i]` is `heights[i]` for `i < measureFrom`;
  /// from `measureFrom` on `resolver` gives it (recording in `progress`), and it is written to
  /// `heights[i]`.
  mutating func place<Column: FixedWidthInteger & SignedInteger>(
    _ items: UnsafeBufferPointer<LayoutItem>, heights: UnsafeMutablePointer<Double>,
    measuringFrom measureFrom: Int, index: Int, resolver: HeightResolver,
    progress: inout HeightResolver.Progress,
    y: UnsafeMutablePointer<Double>, column: UnsafeMutablePointer<Column>
  ) {
    if columns == 2 && direction == .shortestFirst {
      placeInTwoColumns(
        items, heights: heights, measuringFrom: measureFrom, index: index, resolver: resolver,
        progress: &progress, y: y, column: column)
      return
    }
    let columns = columns
    let spacing = spacing
    let direction = direction
    var placed = placedInColumns
    // The next round-robin column, kept instead of dividing per item.
    var turn = placed % columns
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
            let chosen: Int
            let top: Double
            switch direction {
            case .shortestFirst:
              var best = 0
              var bestY = next[0]
              for candidate in 1..<columns where next[candidate] < bestY {
                best = candidate
                bestY = next[candidate]
              }
              chosen = best
              top = bestY
            case .leftToRight:
              chosen = turn
              top = next[chosen]
            case .rightToLeft:
              chosen = columns - 1 - turn
              top = next[chosen]
            }
            placed &+= 1
            turn = turn == columns - 1 ? 0 : turn + 1
            y[offset] = top
            column[offset] = Column(truncatingIfNeeded: chosen)
            counts[chosen + 1] &+= 1
            next[chosen] = top + height + spacing
            bottom[chosen] = top + height
          }
        }
      }
    }
    placedInColumns = placed
  }

  /// ``place(_:heights:measuringFrom:index:resolver:progress:y:column:)`` for two columns, shortest
  /// first, with the column state in vector registers (lane 0 the left column, lane 1 the right
  /// one).
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
    for offset in items.indices {
      let height = Self.height(
        at: offset, of: items, heights: heights, measuringFrom: measureFrom, index: index,
        resolver: resolver, progress: &progress)
      if items[offset].isFullSpan {
        let top = next.y > next.x ? next.y : next.x
        y[offset] = top
        column[offset] = -1
        fullSpanCount &+= 1
        bottom = SIMD2(repeating: top + height)
        next = bottom + spacing
        continue
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
    let placed = items.count - fullSpanCount
    nextY[0] = next.x
    nextY[1] = next.y
    maxY[0] = bottom.x
    maxY[1] = bottom.y
    counts[0] += fullSpanCount
    counts[1] += placed - rightCount
    counts[2] += rightCount
    placedInColumns += placed
  }

  /// The height of `items[offset]`: known below `measureFrom`; from there on measured by
  /// `resolver` (recording in `progress`) and written to `heights[offset]`.
  @inline(__always) private static func height(
    at offset: Int, of items: UnsafeBufferPointer<LayoutItem>, heights: UnsafeMutablePointer<Double>,
    measuringFrom measureFrom: Int, index: Int, resolver: HeightResolver,
    progress: inout HeightResolver.Progress
  ) -> Double {
    if offset < measureFrom { return heights[offset] }
    let height = resolver.height(of: items[offset], at: index + offset, &progress)
    heights[offset] = height
    return height
  }
}
