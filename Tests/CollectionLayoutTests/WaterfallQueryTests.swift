import CollectionLayout
import TestSupport
import Testing

@Suite struct WaterfallQueryTests {
  /// A random layout: sections with random styles, items with random heights (some zero) and
  /// some full-span items, random headers, footers and insets.
  func randomLayout(seed: UInt64) throws -> WaterfallLayout {
    var rng = SplitMix64(seed: seed)
    var configuration = WaterfallLayout.Configuration()
    configuration.renderDirection = WaterfallLayout.RenderDirection.allCases.randomElement(using: &rng)!
    configuration.contentInset = EdgeInsets(
      top: Double(Int.random(in: 0...20, using: &rng)), left: Double(Int.random(in: 0...20, using: &rng)),
      bottom: Double(Int.random(in: 0...20, using: &rng)), right: Double(Int.random(in: 0...20, using: &rng)))
    let sectionCount = Int.random(in: 1...4, using: &rng)
    var sections: [[LayoutItem]] = []
    var heights: [ItemID: Double] = [:]
    for section in 0..<sectionCount {
      configuration.sectionStyles[section] = WaterfallLayout.SectionStyle(
        columnCount: Int.random(in: 1...5, using: &rng),
        columnSpacing: Double.random(in: 0...12, using: &rng),
        lineSpacing: [0, 4, 10].randomElement(using: &rng)!,
        sectionInset: EdgeInsets(all: Double(Int.random(in: 0...10, using: &rng))),
        headerHeight: Bool.random(using: &rng) ? 30 : 0, footerHeight: Bool.random(using: &rng) ? 15 : 0)
      let count = Int.random(in: 0...300, using: &rng)
      var items: [LayoutItem] = []
      for index in 0..<count {
        let id = ItemID("s\(section)-\(index)")
        items.append(LayoutItem(id: id, isFullSpan: Int.random(in: 0..<25, using: &rng) == 0))
        heights[id] = Int.random(in: 0..<30, using: &rng) == 0 ? 0 : Double.random(in: 1...300, using: &rng)
      }
      sections.append(items)
    }
    let waterfall = WaterfallLayout(
      configuration: configuration, heightProvider: HeightProvider.table(heights))
    try waterfall.update(
      data: CollectionData(sections: sections), width: Double.random(in: 200...800, using: &rng))
    return waterfall
  }

  func key(_ attributes: LayoutAttributes) -> String {
    "\(attributes.category) \(attributes.indexPath)"
  }

  @Test(arguments: 0..<40)
  func rectQueriesMatchBruteForce(seed: Int) throws {
    let waterfall = try randomLayout(seed: UInt64(seed))
    let everything = waterfall.allAttributes()
    var rng = SplitMix64(seed: UInt64(seed) &+ 1000)
    let size = waterfall.contentSize
    for _ in 0..<60 {
      let x = Double.random(in: -50...(size.width + 10), using: &rng)
      let y = Double.random(in: -50...(size.height + 10), using: &rng)
      let rect = Rect(
        x: x, y: y, width: Double.random(in: 0...(size.width), using: &rng),
        height: Double.random(in: 0...900, using: &rng))
      let fast = try waterfall.layoutAttributesForElements(in: rect)
      let brute = everything.filter { $0.frame.intersects(rect) }
      let fastKeys = fast.map(key)
      #expect(Set(fastKeys).count == fastKeys.count, "duplicates for \(rect)")
      #expect(Set(fastKeys) == Set(brute.map(key)), "mismatch for \(rect) seed \(seed)")
      #expect(Set(fast) == Set(brute))
      // Deterministic: the same query gives the same order.
      #expect(try waterfall.layoutAttributesForElements(in: rect) == fast)
    }
  }

  @Test func edgeTouchingRectsAndDocumentedOrder() throws {
    var configuration = WaterfallLayout.Configuration()
    configuration.defaultSection.headerHeight = 10
    configuration.defaultSection.footerHeight = 10
    configuration.defaultSection.lineSpacing = 0
    configuration.defaultSection.columnSpacing = 0
    var data = items(5)
    data[2].isFullSpan = true
    let waterfall = WaterfallLayout(configuration: configuration, heightProvider: HeightProvider.constant(50))
    try waterfall.update(data: CollectionData(sections: [data]), width: 100)
    // A rect ending exactly where the items begin touches only the header.
    let header = try waterfall.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 100, height: 10))
    #expect(header.map(\.category) == [.supplementary(kind: "header")])
    let all = try waterfall.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 100, height: 1000))
    // Header, full-span items, column 0 top to bottom, column 1, footer.
    #expect(
      all.map(key) == [
        "supplementary(header) [0, 0]", "cell [0, 2]", "cell [0, 0]", "cell [0, 3]", "cell [0, 1]",
        "cell [0, 4]", "supplementary(footer) [0, 0]",
      ])
    // Only the right column.
    let right = try waterfall.layoutAttributesForElements(in: Rect(x: 50, y: 10, width: 50, height: 50))
    #expect(right.map(key) == ["cell [0, 1]"])
    #expect(try waterfall.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 0, height: 100)).isEmpty)
  }

  @Test func largeLayoutSpotChecks() throws {
    let count = 20_000
    let waterfall = WaterfallLayout(heightProvider: HeightProvider { item, _, _ in hashedHeight(item) })
    try waterfall.update(data: CollectionData(sections: [items(count)]), width: 375)
    let everything = waterfall.allAttributes()
    var rng = SplitMix64(seed: 7)
    for _ in 0..<50 {
      let y = Double.random(in: 0...waterfall.contentSize.height, using: &rng)
      let rect = Rect(x: 0, y: y, width: 375, height: 667)
      let fast = try waterfall.layoutAttributesForElements(in: rect)
      #expect(Set(fast) == Set(everything.filter { $0.frame.intersects(rect) }))
    }
  }
}
