import CollectionLayout
import TestSupport
import Testing

@Suite struct WaterfallPaginationTests {
  func makeLayout(_ provider: CountingProvider) -> WaterfallLayout {
    WaterfallLayout(heightProvider: provider)
  }

  /// The frames a fresh layout gives `data` (the reference for incremental updates).
  func reference(_ data: [LayoutItem], width: Double = 320) throws -> [Rect] {
    let fresh = WaterfallLayout(heightProvider: HeightProvider { item, _, _ in hashedHeight(item) })
    try fresh.update(data: CollectionData(sections: [data]), width: width)
    return fresh.allItemAttributes().frames
  }

  func hashedProvider() -> CountingProvider {
    CountingProvider(byWidth: nil).withHashedHeights()
  }

  @Test func loadMoreMeasuresAndPlacesOnlyTheNewItems() throws {
    let provider = hashedProvider()
    let waterfall = makeLayout(provider)
    let page1 = items(20)
    let first = try waterfall.update(data: CollectionData(sections: [page1]), width: 320)
    #expect(first.kind == .initial && first.measured == 20 && first.placed == 20)
    let page2 = page1 + items(20, from: 20)
    let second = try waterfall.applyPage(page2)
    #expect(second.kind == .loadMore)
    #expect(second.measured == 20 && second.placed == 20 && second.itemCount == 40)
    #expect(second.firstChange == IndexPath(section: 0, item: 20))
    #expect(provider.calls == 40)
    #expect(try waterfall.allItemAttributes().frames == reference(page2))
  }

  @Test func appendItemsIsTheSameAsALoadMore() throws {
    let provider = hashedProvider()
    let waterfall = makeLayout(provider)
    try waterfall.update(data: CollectionData(sections: [items(50)]), width: 320)
    let report = try waterfall.appendItems(items(20, from: 50))
    #expect(report.kind == .loadMore && report.measured == 20 && report.placed == 20)
    #expect(try waterfall.allItemAttributes().frames == reference(items(70)))
    #expect(waterfall.columnHeights.count == 2)
  }

  @Test func refreshReusesCachedHeights() throws {
    let provider = hashedProvider()
    let waterfall = makeLayout(provider)
    try waterfall.update(data: CollectionData(sections: [items(20)]), width: 320)
    // A refresh whose first page has two new items on top.
    let refreshed = items(2, prefix: "new") + items(18)
    let report = try waterfall.applyPage(refreshed)
    #expect(report.kind == .refresh)
    #expect(report.measured == 2 && report.cacheHits == 18 && report.placed == 20)
    #expect(try waterfall.allItemAttributes().frames == reference(refreshed))
  }

  @Test func refreshLargerThanAPage() throws {
    // The count rule takes a 30-item refresh after 20 items for a load-more and keeps the
    // stale frames of the first 20; the identity rule sees the new identities from item 0.
    let pageSize = 20
    let old = items(20)
    let refreshed = items(30, prefix: "fresh")
    let countRule = makeLayout(hashedProvider())
    try countRule.update(data: CollectionData(sections: [old]), width: 320)
    let wrong = try countRule.applyPage(refreshed, rule: .countBased(pageSize: pageSize))
    #expect(wrong.kind == .loadMore && wrong.measured == 10)
    #expect(try countRule.allItemAttributes().frames != reference(refreshed))

    let provider = hashedProvider()
    let fixed = makeLayout(provider)
    try fixed.update(data: CollectionData(sections: [old]), width: 320)
    let right = try fixed.applyPage(refreshed, rule: .identityPrefix)
    #expect(right.kind == .refresh && right.measured == 30 && right.placed == 30)
    #expect(try fixed.allItemAttributes().frames == reference(refreshed))
  }

  @Test func refreshWithinAPageRebuildsUnderTheCountRule() throws {
    let provider = hashedProvider()
    let waterfall = makeLayout(provider)
    try waterfall.update(data: CollectionData(sections: [items(20)]), width: 320)
    let report = try waterfall.applyPage(items(15), rule: .countBased(pageSize: 20))
    #expect(report.kind == .rebuild && report.measured == 15 && report.placed == 15)
    #expect(try waterfall.allItemAttributes().frames == reference(items(15)))
  }

  @Test func shrinkingList() throws {
    let old = items(60)
    let shrunk = Array(old.prefix(45))
    let countRule = makeLayout(hashedProvider())
    try countRule.update(data: CollectionData(sections: [old]), width: 320)
    let wrong = try countRule.applyPage(shrunk, rule: .countBased(pageSize: 20))
    #expect(wrong.placed == 0)
    // Stale: the layout still has frames for 60 items.
    #expect(countRule.numberOfItems(inSection: 0) == 60)

    let provider = hashedProvider()
    let fixed = makeLayout(provider)
    try fixed.update(data: CollectionData(sections: [old]), width: 320)
    let right = try fixed.applyPage(shrunk)
    #expect(right.kind == .truncate && right.measured == 0 && right.placed == 0)
    #expect(fixed.numberOfItems(inSection: 0) == 45)
    #expect(try fixed.allItemAttributes().frames == reference(shrunk))
    #expect(try fixed.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 320, height: 1e9)).count == 45)
    // Removing items from the middle re-places from there.
    var middle = shrunk
    middle.remove(at: 10)
    let partial = try fixed.applyPage(middle)
    #expect(partial.kind == .partial && partial.firstChange == IndexPath(section: 0, item: 10))
    #expect(partial.measured == 0 && partial.placed == 34)
    #expect(try fixed.allItemAttributes().frames == reference(middle))
  }

  @Test func changedItemInThePlacedPrefix() throws {
    let provider = hashedProvider()
    let waterfall = makeLayout(provider)
    let old = items(40)
    try waterfall.update(data: CollectionData(sections: [old]), width: 320)
    var changed = old + items(20, from: 40)
    changed[25].revision = 1
    let report = try waterfall.applyPage(changed)
    #expect(report.kind == .partial && report.firstChange == IndexPath(section: 0, item: 25))
    // Measured: the changed item and the 20 new ones; placed: everything from item 25.
    #expect(report.measured == 21 && report.placed == 35)
    #expect(try waterfall.allItemAttributes().frames == reference(changed))

    // The count rule keeps the changed item's old height.
    let countRule = makeLayout(hashedProvider())
    try countRule.update(data: CollectionData(sections: [old]), width: 320)
    try countRule.applyPage(changed, rule: .countBased(pageSize: 20))
    #expect(try countRule.allItemAttributes().frames != reference(changed))
  }

  @Test func widthChangeAndBack() throws {
    let provider = CountingProvider(byWidth: { id, width in Double(id.rawValue.utf8.count) * 1000 / width })
    let waterfall = makeLayout(provider)
    let data = CollectionData(sections: [items(30)])
    try waterfall.update(data: data, width: 320)
    #expect(provider.calls == 30)
    let wider = try waterfall.update(data: data, width: 500)
    #expect(wider.kind == .widthChange && wider.measured == 30 && wider.placed == 30)
    let back = try waterfall.update(data: data, width: 320)
    #expect(back.kind == .widthChange && back.measured == 0 && back.cacheHits == 30 && back.placed == 30)
    #expect(provider.calls == 60)
    #expect(waterfall.sizeCache.widths == [155, 245])
    let same = try waterfall.update(data: data, width: 320)
    #expect(same.kind == .unchanged && same.measured == 0 && same.placed == 0)
  }

  @Test func sizeCacheCanBeDisabled() throws {
    var configuration = WaterfallLayout.Configuration()
    configuration.usesSizeCache = false
    let provider = hashedProvider()
    let waterfall = WaterfallLayout(configuration: configuration, heightProvider: provider)
    let data = CollectionData(sections: [items(10)])
    try waterfall.update(data: data, width: 320)
    try waterfall.update(data: data, width: 400)
    let back = try waterfall.update(data: data, width: 320)
    #expect(back.measured == 10 && waterfall.sizeCache.count == 0)
  }

  @Test func appendToAnEarlierSectionMovesLaterSections() throws {
    let waterfall = makeLayout(hashedProvider())
    let data = [items(10, prefix: "a"), items(10, prefix: "b")]
    try waterfall.update(data: CollectionData(sections: data), width: 320)
    let report = try waterfall.appendItems(items(5, prefix: "a", from: 10), toSection: 0)
    #expect(report.measured == 5 && report.placed == 15)
    let expected = WaterfallLayout(heightProvider: HeightProvider { item, _, _ in hashedHeight(item) })
    try expected.update(
      data: CollectionData(sections: [items(15, prefix: "a"), items(10, prefix: "b")]), width: 320)
    #expect(waterfall.allAttributes() == expected.allAttributes())
    // A new section.
    let newSection = try waterfall.appendItems(items(3, prefix: "c"), toSection: 2)
    #expect(newSection.measured == 3 && newSection.placed == 3 && waterfall.numberOfSections == 3)
  }

  @Test func paginationErrors() throws {
    let waterfall = makeLayout(hashedProvider())
    let early = #expect(throws: LayoutError.self) { try waterfall.appendItems(items(1)) }
    #expect(early?.code == .invalidPage)
    #expect(throws: LayoutError.self) { try waterfall.applyPage(items(1)) }
    try waterfall.update(data: CollectionData(sections: [items(2)]), width: 100)
    let far = #expect(throws: LayoutError.self) { try waterfall.appendItems(items(1), toSection: 5) }
    #expect(far?.message.contains("section 5") == true)
    let size = #expect(throws: LayoutError.self) {
      try waterfall.applyPage(items(3), rule: .countBased(pageSize: 0))
    }
    #expect(size?.code == .invalidPage)
  }

  @Test(arguments: 0..<10)
  func randomUpdateSequencesMatchFreshLayouts(seed: Int) throws {
    var rng = SplitMix64(seed: UInt64(seed))
    let waterfall = makeLayout(hashedProvider())
    var data = items(Int.random(in: 0...40, using: &rng))
    try waterfall.update(data: CollectionData(sections: [data]), width: 320)
    var next = 1000
    for _ in 0..<15 {
      switch Int.random(in: 0..<5, using: &rng) {
      case 0: data += items(Int.random(in: 1...20, using: &rng), from: next)
      case 1 where !data.isEmpty: data.removeLast(Int.random(in: 1...data.count, using: &rng))
      case 2 where !data.isEmpty: data[Int.random(in: 0..<data.count, using: &rng)].revision += 1
      case 3: data.insert(LayoutItem(id: ItemID("x\(next)")), at: Int.random(in: 0...data.count, using: &rng))
      default: data = items(Int.random(in: 0...30, using: &rng), prefix: "r\(next)-")
      }
      next += 100
      try waterfall.applyPage(data)
      #expect(try waterfall.allItemAttributes().frames == reference(data))
      #expect(waterfall.data.sections.first ?? [] == data)
    }
  }
}

extension CountingProvider {
  func withHashedHeights() -> CountingProvider {
    byWidth = nil
    hashedItems = true
    return self
  }
}
