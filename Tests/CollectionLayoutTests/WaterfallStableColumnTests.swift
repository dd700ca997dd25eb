import CollectionLayout
import TestSupport
import Testing

/// Columns that stay put (``WaterfallLayout/Configuration/stableColumns``): refreshes with new
/// items on top and edited items move no old item to another column and overlap nothing; a
/// replaced item moves only what is below it, to the frames a full stable layout gives; a width
/// change keeps columns when the column count is the same and says so when it is not.
@Suite struct WaterfallStableColumnTests {
  /// Heights by id and revision (`hashedHeight`), plus a hundredth of the width.
  static func layout(
    columns: Int, stable: Bool = true, direction: WaterfallLayout.RenderDirection = .shortestFirst
  )
    -> WaterfallLayout
  {
    var configuration = WaterfallLayout.Configuration(
      defaultSection: WaterfallLayout.SectionStyle(columnCount: columns, columnSpacing: 6, lineSpacing: 4),
      renderDirection: direction)
    configuration.stableColumns = stable
    return WaterfallLayout(configuration: configuration) { item, _, width in
      hashedHeight(item) + (width / 100).rounded(.down)
    }
  }

  static func randomItems(_ count: Int, prefix: String, rng: inout SplitMix64, spans: Bool) -> [LayoutItem] {
    (0..<count).map { index in
      LayoutItem(
        id: ItemID("\(prefix)\(index)"), isFullSpan: spans && Int.random(in: 0..<40, using: &rng) == 0,
        span: spans && Int.random(in: 0..<5, using: &rng) == 0 ? Int.random(in: 2...3, using: &rng) : 1)
    }
  }

  /// No two cells overlap.
  static func overlaps(_ attributes: [LayoutAttributes]) -> [String] {
    let sorted = attributes.sorted { $0.frame.minY < $1.frame.minY }
    var found: [String] = []
    for (index, first) in sorted.enumerated() {
      for second in sorted[(index + 1)...] {
        if second.frame.minY >= first.frame.maxY { break }
        if first.frame.intersects(second.frame) && first.frame.height > 0 && second.frame.height > 0 {
          found.append("\(first.itemID!) \(second.itemID!)")
        }
      }
    }
    return found
  }

  @Test(arguments: 0..<30)
  func aRefreshWithNewItemsOnTopAndEditsMovesNoOldItem(seed: Int) throws {
    var rng = SplitMix64(seed: UInt64(seed))
    let columns = Int.random(in: 2...5, using: &rng)
    let spans = seed % 2 == 0
    let waterfall = Self.layout(columns: columns)
    let old = Self.randomItems(Int.random(in: 1...300, using: &rng), prefix: "o", rng: &rng, spans: spans)
    try waterfall.update(data: CollectionData(sections: [old]), width: 600)
    let before = Dictionary(
      uniqueKeysWithValues: waterfall.allItemAttributes().map { ($0.itemID!, $0.column) })
    // New items on top, some old items edited (new revisions, so new heights), some gone.
    var refreshed = Self.randomItems(
      Int.random(in: 0...30, using: &rng), prefix: "n", rng: &rng, spans: spans)
    for var item in old where Int.random(in: 0..<10, using: &rng) != 0 {
      if Int.random(in: 0..<4, using: &rng) == 0 { item.revision += 1 }
      refreshed.append(item)
    }
    let report = try waterfall.update(data: CollectionData(sections: [refreshed]), width: 600)
    #expect(report.columnsReset.isEmpty)
    let after = waterfall.allItemAttributes()
    for attributes in after {
      if let column = before[attributes.itemID!] { #expect(attributes.column == column, "seed \(seed)") }
    }
    #expect(Self.overlaps(after).isEmpty, "seed \(seed)")
    // Each column stacks its items in data order.
    for column in 0..<columns {
      let tops = after.filter { ($0.column ?? 0) <= column && column < ($0.column ?? 0) + $0.span }.map(
        \.frame)
      #expect(zip(tops, tops.dropFirst()).allSatisfy { $0.maxY <= $1.minY }, "seed \(seed) column \(column)")
    }
  }

  @Test func withoutStableColumnsARefreshMovesItems() throws {
    // The same refresh moves old items to other columns when columns are not kept: the problem.
    let stable = Self.layout(columns: 2)
    let moving = Self.layout(columns: 2, stable: false)
    let old = items(40, prefix: "o")
    let refreshed = items(3, prefix: "n") + old
    var moved = [0, 0]
    for (index, waterfall) in [stable, moving].enumerated() {
      try waterfall.update(data: CollectionData(sections: [old]), width: 375)
      let before = Dictionary(
        uniqueKeysWithValues: waterfall.allItemAttributes().map { ($0.itemID!, $0.column) })
      try waterfall.update(data: CollectionData(sections: [refreshed]), width: 375)
      moved[index] =
        waterfall.allItemAttributes().filter { attributes in
          before[attributes.itemID!].map { $0 != attributes.column } ?? false
        }.count
    }
    #expect(moved[0] == 0 && moved[1] > 0)
  }

  @Test(arguments: 0..<40)
  func aReplacedItemMovesOnlyWhatIsBelowIt(seed: Int) throws {
    var rng = SplitMix64(seed: UInt64(seed) &+ 40)
    let columns = Int.random(in: 1...4, using: &rng)
    let direction = WaterfallLayout.RenderDirection.allCases.randomElement(using: &rng)!
    var data = Self.randomItems(
      Int.random(in: 1...400, using: &rng), prefix: "i", rng: &rng, spans: seed % 3 != 0)
    let incremental = Self.layout(columns: columns, direction: direction)
    let full = Self.layout(columns: columns, direction: direction)
    try incremental.update(data: CollectionData(sections: [data]), width: 500)
    try full.update(data: CollectionData(sections: [data]), width: 500)
    for _ in 0..<8 {
      let index = Int.random(in: 0..<data.count, using: &rng)
      data[index].revision += 1
      let before = incremental.allItemAttributes()
      let report = try incremental.replaceItem(at: IndexPath(section: 0, item: index), with: data[index])
      try full.update(data: CollectionData(sections: [data]), width: 500)
      let after = incremental.allItemAttributes()
      #expect(after == full.allItemAttributes(), "seed \(seed) item \(index)")
      #expect(incremental.columnHeights == full.columnHeights && incremental.contentSize == full.contentSize)
      #expect(report.measured == 1 && report.kind == .partial)
      // Nothing above the item moves; what moved was counted.
      #expect(after[..<index] == before[..<index])
      let moved = zip(before, after).filter { $0.frame != $1.frame }.count
      #expect(report.placed >= moved && report.placed <= moved + 1, "seed \(seed)")
      #expect(zip(before, after).allSatisfy { $0.column == $1.column })
    }
    // Queries still see the moved frames.
    let everything = incremental.allItemAttributes()
    let size = incremental.contentSize
    for y in stride(from: 0.0, to: size.height, by: 211) {
      let rect = Rect(x: 0, y: y, width: 500, height: 300)
      let found = try incremental.layoutAttributesForElements(in: rect).filter { $0.category == .cell }
      #expect(Set(found) == Set(everything.filter { $0.frame.intersects(rect) }))
    }
  }

  @Test func aReplacementInOneColumnLeavesTheOthers() throws {
    let waterfall = Self.layout(columns: 2)
    let data = items(1000)
    try waterfall.update(data: CollectionData(sections: [data]), width: 375)
    let before = waterfall.allItemAttributes()
    var item = data[500]
    item.revision = 7
    let report = try waterfall.replaceItem(at: IndexPath(section: 0, item: 500), with: item)
    let after = waterfall.allItemAttributes()
    let column = before[500].column
    #expect(zip(before, after).allSatisfy { $0.column != column ? $0 == $1 : true })
    let below = before[501...].filter { $0.column == column }.count
    #expect(report.placed == below + 1)
  }

  @Test func replacingWithAnotherIdOrSpanLaysOutAgainFromThere() throws {
    for stable in [true, false] {
      let incremental = Self.layout(columns: 3, stable: stable)
      let full = Self.layout(columns: 3, stable: stable)
      var data = items(200)
      try incremental.update(data: CollectionData(sections: [data]), width: 375)
      try full.update(data: CollectionData(sections: [data]), width: 375)
      for (index, item) in [(50, LayoutItem(id: "other")), (120, LayoutItem(id: "i120", span: 2))] {
        data[index] = item
        try incremental.replaceItem(at: IndexPath(section: 0, item: index), with: item)
        try full.update(data: CollectionData(sections: [data]), width: 375)
        #expect(incremental.allItemAttributes() == full.allItemAttributes())
      }
    }
  }

  @Test func replaceItemErrors() throws {
    let waterfall = Self.layout(columns: 2)
    #expect(throws: LayoutError.self) {
      try waterfall.replaceItem(at: IndexPath(section: 0, item: 0), with: LayoutItem(id: "a"))
    }
    try waterfall.update(data: CollectionData(sections: [items(3)]), width: 375)
    let error = #expect(throws: LayoutError.self) {
      try waterfall.replaceItem(at: IndexPath(section: 0, item: 3), with: LayoutItem(id: "i3"))
    }
    #expect(error?.code == .indexPathOutOfRange)
    #expect(error?.message.contains("section 0 has 3 items") == true)
    let unchanged = try waterfall.replaceItem(at: IndexPath(section: 0, item: 1), with: LayoutItem(id: "i1"))
    #expect(unchanged.kind == .unchanged && unchanged.placed == 0)
  }

  @Test func laterSectionsFollowAReplacement() throws {
    var configuration = WaterfallLayout.Configuration(stableColumns: true)
    configuration.defaultSection.footerHeight = 20
    var heights: [ItemID: Double] = [:]
    for item in items(30) + items(30, prefix: "t") { heights[item.id] = 50 }
    let incremental = WaterfallLayout(configuration: configuration) { item, _, _ in
      heights[item.id]! + Double(item.revision)
    }
    let full = WaterfallLayout(configuration: configuration) { item, _, _ in
      heights[item.id]! + Double(item.revision)
    }
    var data = [items(30), items(30, prefix: "t")]
    try incremental.update(data: CollectionData(sections: data), width: 375)
    try full.update(data: CollectionData(sections: data), width: 375)
    data[0][28].revision = 40
    try incremental.replaceItem(at: IndexPath(section: 0, item: 28), with: data[0][28])
    try full.update(data: CollectionData(sections: data), width: 375)
    #expect(incremental.allAttributes() == full.allAttributes())
    #expect(incremental.contentSize == full.contentSize)
  }

  @Test func aWidthChangeKeepsColumnsWhenTheirCountIsTheSame() throws {
    let waterfall = Self.layout(columns: 3)
    let data = items(300)
    try waterfall.update(data: CollectionData(sections: [data]), width: 375)
    // Some items first placed at another width: heights change, columns do not.
    try waterfall.update(data: CollectionData(sections: [Array(data.prefix(100))]), width: 375)
    try waterfall.update(data: CollectionData(sections: [data]), width: 375)
    let before = waterfall.allItemAttributes().map(\.column)
    let report = try waterfall.update(data: CollectionData(sections: [data]), width: 800)
    #expect(report.kind == .widthChange && report.columnsReset.isEmpty)
    #expect(waterfall.allItemAttributes().map(\.column) == before)
    #expect(Self.overlaps(waterfall.allItemAttributes()).isEmpty)
  }

  @Test func aColumnCountChangePlacesEverythingAfreshAndSaysSo() throws {
    let waterfall = Self.layout(columns: 3)
    let data = items(100)
    try waterfall.update(data: CollectionData(sections: [data]), width: 375)
    waterfall.configuration.defaultSection.columnCount = 2
    let report = try waterfall.update(data: CollectionData(sections: [data]), width: 375)
    #expect(report.columnsReset == [0])
    let fresh = Self.layout(columns: 2, stable: false)
    try fresh.update(data: CollectionData(sections: [data]), width: 375)
    #expect(waterfall.allItemAttributes() == fresh.allItemAttributes())
    // The next update keeps the new columns.
    let again = try waterfall.update(
      data: CollectionData(sections: [items(3, prefix: "n") + data]), width: 375)
    #expect(again.columnsReset.isEmpty)
  }
}
