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

/// Heights looked up by the item's number (its index path item), no cache.
private func knownHeightLayout() -> WaterfallLayout {
  var configuration = WaterfallLayout.Configuration()
  configuration.usesSizeCache = false
  return WaterfallLayout(configuration: configuration) { _, indexPath, _ in heights[indexPath.item] }
}

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
