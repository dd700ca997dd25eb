import CollectionLayout
import TestSupport
import Testing

/// Items spanning several columns, checked against a plain model of the rule: among the starting
/// columns, the one whose k columns give the lowest top (the largest next top over them), ties to
/// the leftmost; the item is k columns and k − 1 gaps wide, measured at that width, and ends every
/// column it covers. Round robin, appends, rect queries and bad spans too.
@Suite struct WaterfallSpanTests {
  struct Scenario {
    var configuration = WaterfallLayout.Configuration()
    var width = 0.0
    var items: [LayoutItem] = []
    var heights: [ItemID: Double] = [:]
  }

  /// The height of an item measured at `width`: its own base plus a hundredth of the width, so
  /// that a span measured at the wrong width shows.
  static func height(_ base: Double, width: Double) -> Double { base + (width / 100).rounded(.down) }

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
      columnCount: Int.random(in: 1...6, using: &rng), columnSpacing: Double.random(in: 0...12, using: &rng),
      lineSpacing: [0, 4, 10].randomElement(using: &rng)!,
      sectionInset: EdgeInsets(all: Double(Int.random(in: 0...10, using: &rng))))
    if Bool.random(using: &rng) {
      scenario.configuration.defaultSection.columnCount = 2
      scenario.configuration.renderDirection = .shortestFirst
    }
    if Bool.random(using: &rng) { scenario.configuration.pixelScale = 2 }
    scenario.width = Double.random(in: 200...900, using: &rng)
    for index in 0..<count {
      let id = ItemID("s\(index)")
      let isFullSpan = Int.random(in: 0..<30, using: &rng) == 0
      let span = Int.random(in: 0..<4, using: &rng) == 0 ? Int.random(in: 2...8, using: &rng) : 1
      scenario.items.append(LayoutItem(id: id, isFullSpan: isFullSpan, span: span))
      scenario.heights[id] = [0, 10, 20, 30, 17.5, 250].randomElement(using: &rng)!
    }
    return scenario
  }

  /// Frames and column bottoms by the rules, item by item.
  func model(_ scenario: Scenario, count: Int, itemWidth: Double) -> (frames: [Rect], bottoms: [Double]) {
    let configuration = scenario.configuration
    let style = configuration.defaultSection
    let columns = style.columnCount
    let inset = configuration.contentInset
    let left = inset.left + style.sectionInset.left
    let fullWidth = Swift.max(0, scenario.width - inset.horizontal - style.sectionInset.horizontal)
    let itemsTop = inset.top + style.sectionInset.top
    var next = Array(repeating: itemsTop, count: columns)
    var bottoms = next
    var turn = 0
    var frames: [Rect] = []
    for item in scenario.items.prefix(count) {
      if item.isFullSpan {
        let height = Self.height(scenario.heights[item.id]!, width: itemWidth)
        let top = next.max()!
        frames.append(Rect(x: left, y: top, width: fullWidth, height: height))
        next = Array(repeating: top + height + style.lineSpacing, count: columns)
        bottoms = Array(repeating: top + height, count: columns)
        continue
      }
      let span = Swift.min(Swift.max(item.span, 1), columns)
      func top(_ first: Int) -> Double { next[first..<(first + span)].max()! }
      var first: Int
      switch configuration.renderDirection {
      case .shortestFirst:
        first = (0...(columns - span)).min { top($0) < top($1) || (top($0) == top($1) && $0 < $1) }!
      case .leftToRight:
        first = turn + span > columns ? 0 : turn
        turn = (first + span) % columns
      case .rightToLeft:
        first = columns - turn - span
        if first < 0 { first = columns - span }
        turn = (columns - first) % columns
      }
      let width = Double(span) * itemWidth + Double(span - 1) * style.columnSpacing
      let height = Self.height(scenario.heights[item.id]!, width: width)
      let y = top(first)
      let x = left + Double(first) * (itemWidth + style.columnSpacing)
      frames.append(Rect(x: x, y: y, width: width, height: height))
      for column in first..<(first + span) {
        bottoms[column] = y + height
        next[column] = y + height + style.lineSpacing
      }
    }
    return (frames, bottoms)
  }

  func layout(_ scenario: Scenario) -> WaterfallLayout {
    let heights = scenario.heights
    return WaterfallLayout(configuration: scenario.configuration) { item, _, width in
      Self.height(heights[item.id]!, width: width)
    }
  }

  @Test(arguments: 0..<60)
  func spansMatchTheModel(seed: Int) throws {
    let scenario = scenario(seed: UInt64(seed), count: [0, 1, 5, 40, 500][seed % 5])
    let waterfall = layout(scenario)
    let report = try waterfall.update(data: CollectionData(sections: [scenario.items]), width: scenario.width)
    #expect(report.diagnostics.isEmpty)
    let expected = model(scenario, count: scenario.items.count, itemWidth: waterfall.itemWidth(inSection: 0)!)
    let attributes = waterfall.allItemAttributes()
    #expect(attributes.frames == expected.frames, "seed \(seed)")
    #expect(waterfall.columnHeights == expected.bottoms, "seed \(seed)")
    let columns = scenario.configuration.defaultSection.columnCount
    for (item, placed) in zip(scenario.items, attributes) {
      #expect(placed.span == (item.isFullSpan ? columns : Swift.min(item.span, columns)))
      #expect((placed.column == nil) == item.isFullSpan)
    }
  }

  @Test(arguments: 0..<30)
  func appendedPagesWithSpansMatchTheModel(seed: Int) throws {
    let scenario = scenario(seed: UInt64(seed) &+ 900, count: 300)
    let waterfall = layout(scenario)
    var rng = SplitMix64(seed: UInt64(seed))
    var count = Int.random(in: 0...50, using: &rng)
    try waterfall.update(
      data: CollectionData(sections: [Array(scenario.items.prefix(count))]), width: scenario.width)
    while count < scenario.items.count {
      let page = Swift.min(Int.random(in: 1...40, using: &rng), scenario.items.count - count)
      try waterfall.appendItems(Array(scenario.items[count..<(count + page)]))
      count += page
    }
    // A change in the middle re-places from there (the truncated column lists and turn restored).
    var changed = scenario.items
    let middle = changed.count / 2
    changed[middle].span = changed[middle].span == 1 ? 3 : 1
    try waterfall.update(data: CollectionData(sections: [changed]), width: scenario.width)
    var expectedScenario = scenario
    expectedScenario.items = changed
    let expected = model(
      expectedScenario, count: changed.count, itemWidth: waterfall.itemWidth(inSection: 0)!)
    #expect(waterfall.allItemAttributes().frames == expected.frames, "seed \(seed)")
    #expect(waterfall.columnHeights == expected.bottoms, "seed \(seed)")
  }

  @Test(arguments: 0..<40)
  func rectQueriesFindSpanningItemsOnce(seed: Int) throws {
    let scenario = scenario(seed: UInt64(seed) &+ 3000, count: 400)
    let waterfall = layout(scenario)
    try waterfall.update(data: CollectionData(sections: [scenario.items]), width: scenario.width)
    let everything = waterfall.allItemAttributes()
    let style = scenario.configuration.defaultSection
    let itemWidth = waterfall.itemWidth(inSection: 0)!
    var rng = SplitMix64(seed: UInt64(seed))
    let size = waterfall.contentSize
    for probe in 0..<80 {
      var x = Double.random(in: -20...(size.width + 10), using: &rng)
      var width = Double.random(in: 0...(size.width / 2), using: &rng)
      if probe % 4 == 0 && style.columnCount > 1 && style.columnSpacing > 0.5 {
        // Inside a gap between two columns: only items spanning it are there.
        let gap = Int.random(in: 0..<(style.columnCount - 1), using: &rng)
        x =
          scenario.configuration.contentInset.left + style.sectionInset.left + Double(gap + 1) * itemWidth
          + Double(gap) * style.columnSpacing + 0.25
        width = style.columnSpacing - 0.5
      }
      let rect = Rect(
        x: x, y: Double.random(in: -20...(size.height + 10), using: &rng), width: width,
        height: Double.random(in: 1...700, using: &rng))
      let found = try waterfall.layoutAttributesForElements(in: rect).filter { $0.category == .cell }
      let keys = found.map(\.indexPath)
      #expect(Set(keys).count == keys.count, "duplicates for \(rect), seed \(seed)")
      #expect(Set(found) == Set(everything.filter { $0.frame.intersects(rect) }), "\(rect), seed \(seed)")
    }
  }

  @Test func aSpanAboveTheColumnCountCoversEveryColumn() throws {
    let waterfall = WaterfallLayout(
      configuration: WaterfallLayout.Configuration(
        defaultSection: WaterfallLayout.SectionStyle(columnCount: 3, columnSpacing: 10, lineSpacing: 5))
    ) { _, _, _ in 50 }
    let items = [LayoutItem(id: "a"), LayoutItem(id: "wide", span: 1_000_000), LayoutItem(id: "b")]
    try waterfall.update(data: CollectionData(sections: [items]), width: 320)
    let attributes = waterfall.allItemAttributes()
    #expect(attributes[1].frame == Rect(x: 0, y: 55, width: 320, height: 50))
    #expect(attributes[1].column == 0 && attributes[1].span == 3)
    #expect(attributes[2].frame.minY == 110)
  }

  @Test func spansAreMeasuredAtTheirWidth() throws {
    var widths: [ItemID: Double] = [:]
    let waterfall = WaterfallLayout(
      configuration: WaterfallLayout.Configuration(
        defaultSection: WaterfallLayout.SectionStyle(columnCount: 4, columnSpacing: 10))
    ) { item, _, width in
      widths[item.id] = width
      return 40
    }
    let items = [LayoutItem(id: "one"), LayoutItem(id: "two", span: 2), LayoutItem(id: "three", span: 3)]
    try waterfall.update(data: CollectionData(sections: [items]), width: 430)
    #expect(widths == ["one": 100, "two": 210, "three": 320])
    // Cached per width: a second layout measures nothing.
    let report = try waterfall.update(data: CollectionData(sections: [items.reversed()]), width: 430)
    #expect(report.measured == 0 && report.cacheHits >= 2)
  }

  @Test(arguments: [0, -1, Int.min, -5_000_000_000])
  func aSpanBelowOneIsReportedAndPlacedInOneColumn(span: Int) throws {
    for columns in [2, 3] {
      let waterfall = WaterfallLayout(
        configuration: WaterfallLayout.Configuration(
          defaultSection: WaterfallLayout.SectionStyle(columnCount: columns))
      ) { _, _, _ in 30 }
      let items = [LayoutItem(id: "a"), LayoutItem(id: "bad", span: span), LayoutItem(id: "c")]
      let report = try waterfall.update(data: CollectionData(sections: [items]), width: 300)
      #expect(report.diagnostics.map(\.code) == [.invalidSpan])
      #expect(report.diagnostics.first?.itemID == "bad")
      #expect(report.diagnostics.first?.indexPath == IndexPath(section: 0, item: 1))
      #expect(report.diagnostics.first?.message.contains("item \"bad\"") == true)
      let attributes = waterfall.allItemAttributes()
      #expect(attributes.count == 3 && attributes[1].span == 1 && attributes[1].column == 1)
    }
  }

  @Test func itemsStayThirtyTwoBytes() {
    #expect(MemoryLayout<LayoutItem>.stride == 32)
  }
}
