import Benchmark
import CollectionLayout

/// Known heights for `count` items: deterministic, 40…239 points.
private func knownHeights(_ count: Int) -> [Double] {
  var state: UInt64 = 0x2545_F491_4F6C_DD1D
  return (0..<count).map { _ in
    state ^= state << 13
    state ^= state >> 7
    state ^= state << 17
    return 40 + Double(state % 200)
  }
}

private let itemCount = 100_000
private let pageSize = 20
private let width = 375.0

/// 100k items (identities "0"…"99999") plus a page of 20 more.
private let allItems = (0..<(itemCount + pageSize)).map { LayoutItem(id: ItemID($0)) }
private let heights = knownHeights(itemCount + pageSize)
private let feed = CollectionData(sections: [Array(allItems.prefix(itemCount))])
private let page = Array(allItems.suffix(pageSize))

/// Heights looked up by the item's number (its index path item), no cache; an odd revision
/// adds 10 points (an edited item).
private func knownHeightLayout(columns: Int = 2, stableColumns: Bool = false) -> WaterfallLayout {
  var configuration = WaterfallLayout.Configuration()
  configuration.usesSizeCache = false
  configuration.defaultSection.columnCount = columns
  configuration.stableColumns = stableColumns
  return WaterfallLayout(configuration: configuration) { item, indexPath, _ in
    heights[indexPath.item] + Double(item.revision & 1) * 10
  }
}

/// The 100k items with one in eight spanning `2 + (n % maximum - 1)` columns (2 when
/// `maximum` is 2; 2 or 3 when it is 3), the same identities.
private func spanningFeed(maximum: Int) -> CollectionData {
  CollectionData(sections: [
    (0..<itemCount).map { index in
      LayoutItem(id: ItemID(index), span: index % 8 == 3 ? 2 + (index / 8) % (maximum - 1) : 1)
    }
  ])
}

private let spanningFeed2 = spanningFeed(maximum: 2)
private let spanningFeed3 = spanningFeed(maximum: 3)

nonisolated(unsafe) let benchmarks = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal],
    warmupIterations: 3,
    maxDuration: .seconds(3),
    maxIterations: 1_000
  )

  // Each closure call is one sample (scaledIterations is a single iteration); work before
  // startMeasurement() is preparation and not measured.

  Benchmark("Waterfall: place 100k items, known heights", configuration: .init(maxIterations: 300)) {
    benchmark in
    let layout = knownHeightLayout()
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(try layout.update(data: feed, width: width))
    }
    benchmark.stopMeasurement()
  }

  // Spans (#39): the same 100k items with one in eight spanning columns, against the same
  // layout without spans.
  for (name, columns, data) in [
    ("2 columns", 2, feed), ("2 columns, 1 in 8 spanning 2", 2, spanningFeed2), ("4 columns", 4, feed),
    ("4 columns, 1 in 8 spanning 2 or 3", 4, spanningFeed3),
  ] {
    Benchmark("Waterfall spans: place 100k items, \(name)", configuration: .init(maxIterations: 300)) {
      benchmark in
      let layout = knownHeightLayout(columns: columns)
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        blackHole(try layout.update(data: data, width: width))
      }
      benchmark.stopMeasurement()
    }
  }

  Benchmark(
    "Waterfall spans: rect query at 100k, 4 columns, 1 in 8 spanning",
    configuration: .init(maxIterations: 100_000)
  ) {
    (benchmark: Benchmark, layout: WaterfallLayout) in
    var rng: UInt64 = 88_172_645_463_325_252
    let height = layout.contentSize.height - 667
    for _ in benchmark.scaledIterations {
      rng ^= rng << 13
      rng ^= rng >> 7
      rng ^= rng << 17
      let y = Double(rng % UInt64(height))
      blackHole(try layout.layoutAttributesForElements(in: Rect(x: 0, y: y, width: width, height: 667)))
    }
  } setup: { () throws -> WaterfallLayout in
    let layout = knownHeightLayout(columns: 4)
    try layout.update(data: spanningFeed3, width: width)
    return layout
  }

  // Stable columns (#39): one item's height changes (its revision alternates) in a 100k-item
  // waterfall; only the items below it in its columns move. Near the end a handful move; in the
  // middle about a quarter of the items (half of one column of two).
  for (name, index, columns, data) in [
    ("near the end (item 99,990)", 99_990, 2, feed), ("in the middle (item 50,000)", 50_000, 2, feed),
    ("4 columns with spans, near the end (item 99,990)", 99_990, 4, spanningFeed3),
  ] {
    Benchmark(
      "Waterfall stable columns: update one item in 100k, \(name)", configuration: .init(maxIterations: 5_000)
    ) { benchmark in
      let layout = knownHeightLayout(columns: columns, stableColumns: true)
      try layout.update(data: data, width: width)
      var item = data.sections[0][index]
      let indexPath = IndexPath(section: 0, item: index)
      // The first replacement copies the list shared with `data`; later ones change it in place.
      item.revision = 1
      try layout.replaceItem(at: indexPath, with: item)
      var moved = 0
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        item.revision &+= 1
        moved = try layout.replaceItem(at: indexPath, with: item).placed
      }
      benchmark.stopMeasurement()
      blackHole(moved)
    }
  }

  Benchmark("Waterfall: re-place 100k items in a prepared layout", configuration: .init(maxIterations: 300)) {
    benchmark in
    let layout = knownHeightLayout()
    try layout.update(data: feed, width: width)
    layout.invalidateLayout(with: .everything)
    let context = LayoutContext(size: Size(width: width, height: 667), data: feed)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      try layout.prepare(context)
    }
    benchmark.stopMeasurement()
  }

  Benchmark(
    "Waterfall: place 100k items, measure into the size cache", configuration: .init(maxIterations: 50)
  ) {
    benchmark in
    let layout = WaterfallLayout { _, indexPath, _ in heights[indexPath.item] }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(try layout.update(data: feed, width: width))
    }
    benchmark.stopMeasurement()
  }

  Benchmark("Waterfall: rect query at 100k (one screen)", configuration: .init(maxIterations: 100_000)) {
    (benchmark: Benchmark, layout: WaterfallLayout) in
    var rng: UInt64 = 88_172_645_463_325_252
    let height = layout.contentSize.height - 667
    for _ in benchmark.scaledIterations {
      rng ^= rng << 13
      rng ^= rng >> 7
      rng ^= rng << 17
      let y = Double(rng % UInt64(height))
      blackHole(try layout.layoutAttributesForElements(in: Rect(x: 0, y: y, width: width, height: 667)))
    }
  } setup: { () throws -> WaterfallLayout in
    let layout = knownHeightLayout()
    try layout.update(data: feed, width: width)
    return layout
  }

  Benchmark("Waterfall: append a page of 20 to 100k", configuration: .init(maxIterations: 200)) { benchmark in
    let layout = WaterfallLayout { _, indexPath, _ in heights[indexPath.item] }
    try layout.update(data: feed, width: width)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(try layout.appendItems(page))
    }
    benchmark.stopMeasurement()
  }

  Benchmark(
    "Waterfall: load-more page of 20 via full-list diff at 100k", configuration: .init(maxIterations: 200)
  ) {
    benchmark in
    let grown = CollectionData(sections: [allItems])
    let layout = WaterfallLayout { _, indexPath, _ in heights[indexPath.item] }
    try layout.update(data: feed, width: width)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(try layout.update(data: grown, width: width))
    }
    benchmark.stopMeasurement()
  }

  Benchmark("Waterfall: width change back to a cached width at 100k", configuration: .init(maxIterations: 50))
  {
    benchmark in
    let layout = WaterfallLayout { _, indexPath, _ in heights[indexPath.item] }
    try layout.update(data: feed, width: width)
    try layout.update(data: feed, width: 414)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(try layout.update(data: feed, width: width))
    }
    benchmark.stopMeasurement()
  }

  Benchmark("Circle: prepare 1k items") { benchmark in
    let data = CollectionData(sections: [Array(allItems.prefix(1000))])
    let layout = CircleLayout()
    for _ in benchmark.scaledIterations {
      try layout.prepare(LayoutContext(size: Size(width: 375, height: 667), data: data))
      blackHole(layout.itemSize)
    }
  }
}
