import CollectionLayout
import Testing

@Suite struct CollectionViewTests {
  func waterfallView(count: Int = 100, width: Double = 320) -> (CollectionView, WaterfallLayout) {
    var configuration = WaterfallLayout.Configuration()
    configuration.defaultSection.headerHeight = 40
    let layout = WaterfallLayout(
      configuration: configuration, heightProvider: HeightProvider { item, _, _ in hashedHeight(item) })
    let view = CollectionView(
      layout: layout, dataSource: CollectionData(sections: [items(count)]),
      size: Size(width: width, height: 600), recordsCalls: true)
    return (view, layout)
  }

  @Test func firstPassFollowsUIKitsOrder() throws {
    let (view, layout) = waterfallView()
    let visible = try view.layoutIfNeeded()
    let log = view.callLog
    // prepare → collectionViewContentSize → layoutAttributesForElements(in:) → per-element queries.
    #expect(log[0] == .prepare(bounds: Rect(x: 0, y: 0, width: 320, height: 600)))
    #expect(log[1] == .contentSize)
    #expect(log[2] == .elements(in: Rect(x: 0, y: 0, width: 320, height: 600)))
    #expect(log.count == 3 + visible.count)
    for (call, element) in zip(log.dropFirst(3), visible) {
      switch element.category {
      case .cell: #expect(call == .item(element.indexPath))
      case .supplementary(let kind): #expect(call == .supplementary(kind: kind, element.indexPath))
      case .decoration(let kind): #expect(call == .decoration(kind: kind, element.indexPath))
      }
    }
    #expect(view.inconsistencies.isEmpty)
    #expect(visible.contains { $0.category == .supplementary(kind: "header") })
    #expect(Set(visible) == Set(layout.allAttributes().filter { $0.frame.intersects(view.bounds) }))
  }

  @Test func scrollingQueriesNewRectsWithoutPreparing() throws {
    let (view, _) = waterfallView()
    try view.layoutIfNeeded()
    view.clearCallLog()
    var rects: [Rect] = []
    for step in 1...5 {
      view.setContentOffset(Point(x: 0, y: Double(step) * 250))
      try view.layoutIfNeeded()
      rects.append(view.bounds)
    }
    let names = view.callLog.map(\.name)
    #expect(!names.contains("prepare"))
    let queried = view.callLog.compactMap { call -> Rect? in
      if case .elements(let rect) = call { return rect }
      return nil
    }
    #expect(queried == rects)
    let answers = view.callLog.compactMap { call -> Bool? in
      if case .shouldInvalidate(_, let answer) = call { return answer }
      return nil
    }
    #expect(answers == [false, false, false, false, false])
  }

  @Test func widthChangeInvalidatesAndPreparesAgain() throws {
    let (view, layout) = waterfallView()
    try view.layoutIfNeeded()
    view.clearCallLog()
    view.setSize(Size(width: 500, height: 600))
    try view.layoutIfNeeded()
    let names = view.callLog.map(\.name)
    #expect(
      Array(names.prefix(5)) == [
        "shouldInvalidateLayout(forBoundsChange:)", "invalidateLayout", "prepare",
        "collectionViewContentSize", "layoutAttributesForElements(in:)",
      ])
    #expect(layout.lastReport?.kind == .widthChange)
    #expect(layout.contentSize.width == 500)
    // A height-only change does not invalidate.
    view.clearCallLog()
    view.setSize(Size(width: 500, height: 800))
    try view.layoutIfNeeded()
    #expect(!view.callLog.map(\.name).contains("prepare"))
  }

  @Test func batchUpdatesMatchAFreshLayout() throws {
    var data = CollectionData(sections: [items(30)])
    let (view, layout) = waterfallView(count: 30)
    view.dataSource = data
    try view.layoutIfNeeded()
    data.sections[0].insert(LayoutItem(id: "a"), at: 5)
    data.sections[0].remove(at: 20)  // was i19
    data.sections[0].append(LayoutItem(id: "b"))
    view.dataSource = data
    try view.performBatchUpdates([
      .delete(IndexPath(section: 0, item: 19)), .insert(IndexPath(section: 0, item: 5)),
      .insert(IndexPath(section: 0, item: 30)),
    ])
    #expect(layout.lastReport?.kind == .partial)
    #expect(layout.lastReport?.measured == 2)
    let fresh = WaterfallLayout(
      configuration: layout.configuration, heightProvider: HeightProvider { item, _, _ in hashedHeight(item) }
    )
    try fresh.update(data: data, width: 320)
    #expect(layout.allAttributes() == fresh.allAttributes())

    // A move.
    let moved = data.sections[0].remove(at: 0)
    data.sections[0].insert(moved, at: 10)
    view.dataSource = data
    let transitions = try view.moveItem(
      at: IndexPath(section: 0, item: 0), to: IndexPath(section: 0, item: 10))
    let transition = try #require(transitions.first { $0.itemID == moved.id })
    #expect(transition.change == .move)
    #expect(transition.indexPathBefore == IndexPath(section: 0, item: 0))
    #expect(transition.indexPathAfter == IndexPath(section: 0, item: 10))
    try fresh.update(data: data, width: 320)
    #expect(layout.allAttributes() == fresh.allAttributes())
  }

  @Test func inconsistentUpdatesAreRejected() throws {
    var data = CollectionData(sections: [items(10)])
    let (view, _) = waterfallView(count: 10)
    view.dataSource = data
    try view.layoutIfNeeded()
    data.sections[0].append(LayoutItem(id: "x"))
    view.dataSource = data
    // Claims nothing changed, but there is one more item.
    let count = #expect(throws: LayoutError.self) { try view.performBatchUpdates([]) }
    #expect(count?.code == .inconsistentUpdate)
    #expect(count?.message.contains("section 0") == true)
    let range = #expect(throws: LayoutError.self) {
      try view.insertItems(at: [IndexPath(section: 0, item: 11)])
    }
    #expect(range?.code == .inconsistentUpdate)
    let twice = #expect(throws: LayoutError.self) {
      try view.performBatchUpdates([
        .insert(IndexPath(section: 0, item: 10)), .insert(IndexPath(section: 0, item: 10)),
      ])
    }
    #expect(twice?.code == .inconsistentUpdate)
    data.sections.append([])
    view.dataSource = data
    let sections = #expect(throws: LayoutError.self) {
      try view.insertItems(at: [IndexPath(section: 0, item: 10)])
    }
    #expect(sections?.message.contains("number of sections") == true)
  }

  @Test func reloadDataPreparesEverything() throws {
    let (view, layout) = waterfallView(count: 10)
    try view.layoutIfNeeded()
    view.dataSource = CollectionData(sections: [items(5, prefix: "z")])
    view.clearCallLog()
    view.reloadData()
    try view.layoutIfNeeded()
    #expect(
      view.callLog.map(\.name).prefix(3) == ["invalidateLayout", "prepare", "collectionViewContentSize"])
    #expect(layout.numberOfItems(inSection: 0) == 5)
    #expect(layout.lastReport?.kind == .refresh)
  }

  @Test func circleLayoutCallOrderWhileScrolling() throws {
    let layout = CircleLayout()
    let view = CollectionView(
      layout: layout, dataSource: CollectionData(sections: [items(20)]), size: Size(width: 375, height: 667),
      recordsCalls: true)
    try view.layoutIfNeeded()
    view.setContentOffset(Point(x: 0, y: 300))
    try view.layoutIfNeeded()
    let names = view.callLog.map(\.name)
    #expect(
      Array(names.prefix(3)) == ["prepare", "collectionViewContentSize", "layoutAttributesForElements(in:)"])
    #expect(names.contains("layoutAttributesForDecorationView(ofKind:at:)"))
    // Scrolling keeps the bounds size: no new prepare, a new rect.
    #expect(names.filter { $0 == "prepare" }.count == 1)
    #expect(view.callLog.contains(.elements(in: Rect(x: 0, y: 300, width: 375, height: 667))))
  }

  /// A layout that returns a cell outside the data, to check the collection view's validation.
  final class BrokenLayout: CollectionViewLayout {
    var decorationKinds = DecorationRegistry()
    var contentSize = Size(width: 10, height: 10)
    func registerDecorationKind(_ kind: String) throws(LayoutError) { try decorationKinds.register(kind) }
    func prepare(_ context: LayoutContext) throws(LayoutError) {}
    func layoutAttributesForElements(in rect: Rect) throws(LayoutError) -> [LayoutAttributes] {
      [.cell(at: IndexPath(section: 0, item: 5), frame: Rect(x: 0, y: 0, width: 1, height: 1))]
    }
    func layoutAttributesForItem(at indexPath: IndexPath) throws(LayoutError) -> LayoutAttributes {
      .cell(at: indexPath, frame: .zero)
    }
    func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
      throws(LayoutError)
      -> LayoutAttributes?
    { nil }
    func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath) throws(LayoutError)
      -> LayoutAttributes?
    { nil }
    func invalidateLayout(with context: InvalidationContext) {}
  }

  @Test func cellsOutsideTheDataAreReported() {
    let view = CollectionView(
      layout: BrokenLayout(), dataSource: CollectionData(sections: [items(2)]),
      size: Size(width: 10, height: 10))
    let error = #expect(throws: LayoutError.self) { try view.layoutIfNeeded() }
    #expect(error?.code == .indexPathOutOfRange)
    #expect(error?.message.contains("[0, 5]") == true)
  }
}
