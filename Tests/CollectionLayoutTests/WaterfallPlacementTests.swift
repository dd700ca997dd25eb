import CollectionLayout
import TestSupport
import Testing

/// Placement checked against a plain model of the waterfall rules, for every column count and
/// render direction the fast paths distinguish, with ties, zero heights and full-span items; and
/// measurement diagnostics in item order.
@Suite struct WaterfallPlacementTests {
  /// One section's geometry and items.
  struct Scenario {
    var configuration = WaterfallLayout.Configuration()
    var width = 0.0
    var items: [LayoutItem] = []
    var heights: [ItemID: Double] = [:]
  }

  /// A random one-section scenario. Heights come from a small set so that columns tie often.
  func scenario(seed: UInt64, count: Int) -> Scenario {
    var rng = SplitMix64(seed: seed)
    var scenario = Scenario()
    scenario.configuration.usesSizeCache = Bool.random(using: &rng)
    scenario.configuration.renderDirection = WaterfallLayout.RenderDirection.allCases.randomElement(
      using: &rng)!
    scenario.configuration.contentInset = EdgeInsets(
      top: Double(Int.random(in: 0...20, using: &rng)), left: Double(Int.random(in: 0...20, using: &rng)),
      bottom: 0, right: Double(Int.random(in: 0...20, using: &rng)))
    scenario.configuration.defaultSection = WaterfallLayout.SectionStyle(
      columnCount: Int.random(in: 1...5, using: &rng), columnSpacing: Double.random(in: 0...12, using: &rng),
      lineSpacing: [0, 4, 10, 0.1].randomElement(using: &rng)!,
      sectionInset: EdgeInsets(all: Double(Int.random(in: 0...10, using: &rng))))
    // Two columns, shortest first (the vectorized loop) in about half the scenarios.
    if Bool.random(using: &rng) {
      scenario.configuration.defaultSection.columnCount = 2
      scenario.configuration.renderDirection = .shortestFirst
    }
    scenario.width = Double.random(in: 200...800, using: &rng)
    let fullSpanEvery = [0, 5, 40].randomElement(using: &rng)!
    for index in 0..<count {
      let id = ItemID("p\(index)")
      let isFullSpan = fullSpanEvery > 0 && Int.random(in: 0..<fullSpanEvery, using: &rng) == 0
      scenario.items.append(LayoutItem(id: id, isFullSpan: isFullSpan))
      scenario.heights[id] = [0, 10, 20, 30, 17.3, 250].randomElement(using: &rng)!
    }
    return scenario
  }

  /// The item frames and column bottoms of `scenario`'s items `0..<count`, computed plainly from
  /// the rules: a full-span item goes below every column; another goes to the shortest column
  /// (the leftmost on ties) or round robin.
  func model(_ scenario: Scenario, count: Int, itemWidth: Double) -> (frames: [Rect], bottoms: [Double]) {
    let configuration = scenario.configuration
    let style = configuration.defaultSection
    let inset = configuration.contentInset
    let left = inset.left + style.sectionInset.left
    let fullWidth = Swift.max(0, scenario.width - inset.horizontal - style.sectionInset.horizontal)
    let itemsTop = inset.top + style.sectionInset.top
    var next = Array(repeating: itemsTop, count: style.columnCount)
    var bottoms = next
    var placed = 0
    var frames: [Rect] = []
    for item in scenario.items.prefix(count) {
      let height = scenario.heights[item.id]!
      if item.isFullSpan {
        let top = next.max()!
        frames.append(Rect(x: left, y: top, width: fullWidth, height: height))
        next = Array(repeating: top + height + style.lineSpacing, count: style.columnCount)
        bottoms = Array(repeating: top + height, count: style.columnCount)
        continue
      }
      let column: Int
      switch configuration.renderDirection {
      case .shortestFirst: column = next.indices.min { next[$0] < next[$1] }!
      case .leftToRight: column = placed % style.columnCount
      case .rightToLeft: column = style.columnCount - 1 - placed % style.columnCount
      }
      placed += 1
      let x = left + Double(column) * (itemWidth + style.columnSpacing)
      frames.append(Rect(x: x, y: next[column], width: itemWidth, height: height))
      bottoms[column] = next[column] + height
      next[column] = next[column] + height + style.lineSpacing
    }
    return (frames, bottoms)
  }

  /// A provider that is not a ``HeightProvider`` (the layout calls it through the protocol).
  struct TableProvider: ItemHeightProvider {
    var heights: [ItemID: Double]

    func height(of item: LayoutItem, at indexPath: IndexPath, width: Double) throws -> Double {
      heights[item.id]!
    }
  }

  @Test(arguments: 0..<60)
  func freshLayoutsMatchTheModel(seed: Int) throws {
    var pick = SplitMix64(seed: UInt64(seed) &+ 77)
    let count = [0, 1, 2, 3, 37, 600].randomElement(using: &pick)!
    let scenario = scenario(seed: UInt64(seed), count: count)
    let heights = scenario.heights
    for provider in [HeightProvider.table(heights), TableProvider(heights: heights)]
      as [any ItemHeightProvider]
    {
      let waterfall = WaterfallLayout(configuration: scenario.configuration, heightProvider: provider)
      let report = try waterfall.update(
        data: CollectionData(sections: [scenario.items]), width: scenario.width)
      #expect(report.measured == count && report.placed == count && report.diagnostics.isEmpty)
      let expected = model(scenario, count: count, itemWidth: waterfall.itemWidth(inSection: 0)!)
      #expect(waterfall.allItemAttributes().frames == expected.frames, "seed \(seed)")
      #expect(waterfall.columnHeights == expected.bottoms, "seed \(seed)")
    }
  }

  @Test(arguments: [127, 128, 300])
  func manyColumnsMatchTheModel(columns: Int) throws {
    // Item columns take four bytes per item above 127 columns.
    for direction in WaterfallLayout.RenderDirection.allCases {
      var scenario = scenario(seed: UInt64(columns), count: 2000)
      scenario.configuration.renderDirection = direction
      scenario.configuration.defaultSection.columnCount = columns
      scenario.width = 20_000
      let waterfall = WaterfallLayout(
        configuration: scenario.configuration, heightProvider: HeightProvider.table(scenario.heights))
      try waterfall.update(
        data: CollectionData(sections: [Array(scenario.items.prefix(1500))]), width: scenario.width)
      try waterfall.appendItems(Array(scenario.items.suffix(500)))
      let expected = model(scenario, count: 2000, itemWidth: waterfall.itemWidth(inSection: 0)!)
      #expect(waterfall.allItemAttributes().frames == expected.frames, "\(columns) \(direction)")
      #expect(waterfall.allItemAttributes().map(\.column).allSatisfy { ($0 ?? 0) < columns })
      #expect(waterfall.columnHeights == expected.bottoms, "\(columns) \(direction)")
      let rect = Rect(x: 5000, y: 100, width: 3000, height: 400)
      let found = try waterfall.layoutAttributesForElements(in: rect).filter { $0.category == .cell }
      let everything = waterfall.allItemAttributes()
      #expect(Set(found) == Set(everything.filter { $0.frame.intersects(rect) }))
    }
  }

  @Test(arguments: 0..<30)
  func appendedPagesMatchTheModel(seed: Int) throws {
    let scenario = scenario(seed: UInt64(seed) &+ 500, count: 300)
    let waterfall = WaterfallLayout(
      configuration: scenario.configuration, heightProvider: HeightProvider.table(scenario.heights))
    var rng = SplitMix64(seed: UInt64(seed))
    var count = Int.random(in: 0...50, using: &rng)
    try waterfall.update(
      data: CollectionData(sections: [Array(scenario.items.prefix(count))]), width: scenario.width)
    while count < scenario.items.count {
      let page = Swift.min(Int.random(in: 1...40, using: &rng), scenario.items.count - count)
      let report = try waterfall.appendItems(Array(scenario.items[count..<(count + page)]))
      count += page
      #expect(report.placed == page && report.measured + report.cacheHits == page)
      let expected = model(scenario, count: count, itemWidth: waterfall.itemWidth(inSection: 0)!)
      #expect(waterfall.allItemAttributes().frames == expected.frames, "seed \(seed) at \(count)")
      #expect(waterfall.columnHeights == expected.bottoms, "seed \(seed) at \(count)")
    }
    // Queries use the per-column lists built while placing.
    let everything = waterfall.allItemAttributes()
    for y in stride(from: -10.0, to: waterfall.contentSize.height, by: 97) {
      let rect = Rect(x: 0, y: y, width: scenario.width, height: 300)
      let found = try waterfall.layoutAttributesForElements(in: rect).filter { $0.category == .cell }
      #expect(Set(found) == Set(everything.filter { $0.frame.intersects(rect) }), "seed \(seed) at \(y)")
    }
  }

  struct Boom: Error, CustomStringConvertible {
    var description: String { "no height" }
  }

  @Test func diagnosticsComeInItemOrder() throws {
    var configuration = WaterfallLayout.Configuration()
    configuration.fallbackItemHeight = 44
    configuration.usesSizeCache = false
    // Failures and invalid heights interleaved over more items than any block size.
    func height(_ index: Int) throws -> Double {
      switch index % 7 {
      case 1 where index % 3 == 0: throw Boom()
      case 2: return index % 2 == 0 ? .nan : -.infinity
      case 4 where index % 5 == 0: return -1
      case 5: return -0.0
      default: return Double(index % 50)
      }
    }
    let provider = HeightProvider { _, indexPath, _ in try height(indexPath.item) }
    let waterfall = WaterfallLayout(configuration: configuration, heightProvider: provider)
    let data = items(5000)
    let report = try waterfall.update(data: CollectionData(sections: [data]), width: 320)
    var expected: [(LayoutError.Code, Int)] = []
    var heights: [Double] = []
    for index in data.indices {
      do {
        let value = try height(index)
        if value.isFinite && value >= 0 {
          heights.append(value)
        } else {
          expected.append((.invalidItemHeight, index))
          heights.append(44)
        }
      } catch {
        expected.append((.heightProviderFailed, index))
        heights.append(44)
      }
    }
    #expect(report.diagnostics.map(\.code) == expected.map(\.0))
    #expect(report.diagnostics.map(\.indexPath) == expected.map { IndexPath(section: 0, item: $0.1) })
    #expect(report.diagnostics.map(\.itemID) == expected.map { ItemID("i\($0.1)") })
    #expect(report.measured == data.count)
    #expect(waterfall.allItemAttributes().frames.map(\.height) == heights)
  }
}
