import CollectionLayout
import Foundation
import TestSupport
import Testing

@Suite struct CircleLayoutTests {
  let phoneSize = Size(width: 375, height: 667)

  func prepared(
    _ count: Int, size: Size = Size(width: 375, height: 667),
    configuration: CircleLayout.Configuration = .init()
  ) throws -> CircleLayout {
    let layout = CircleLayout(configuration: configuration)
    try layout.prepare(LayoutContext(size: size, data: CollectionData(sections: [items(count)])))
    return layout
  }

  /// The default centres, computed here from the formulas with Foundation's cos/sin.
  func expectedCenters(count: Int, width: Double, height: Double) -> [(x: Double, y: Double)] {
    let cx = height / 3.5
    let cy = width / 1.5
    let r = min(width, height) / 2.5
    return (0..<count).map { i in
      (cx + r * cos(2 * Double(i) * .pi / Double(count)), cy + r * sin(2 * Double(i) * .pi / Double(count)))
    }
  }

  func overlappingPairs(_ frames: [Rect]) -> Int {
    var pairs = 0
    for i in frames.indices {
      for j in frames.indices where j > i && frames[i].intersects(frames[j]) { pairs += 1 }
    }
    return pairs
  }

  @Test func defaultPositions() throws {
    var configuration = CircleLayout.Configuration()
    configuration.overlapPolicy = .allowOverlap
    let layout = try prepared(20, configuration: configuration)
    #expect(abs(layout.center.x - 190.571_428_571_428_57) < 1e-9)
    #expect(layout.center.y == 250)
    #expect(layout.radius == 150)
    let cells = layout.allItemAttributes()
    #expect(cells.count == 20)
    for (cell, expected) in zip(cells, expectedCenters(count: 20, width: 375, height: 667)) {
      #expect(abs(cell.center.x - expected.x) < 1e-9)
      #expect(abs(cell.center.y - expected.y) < 1e-9)
      #expect(cell.size == Size(width: 34, height: 34))
    }
    // The formulas' own frames overlap: cells at 36° and 54° are 33.18 points apart on both axes.
    #expect(overlappingPairs(cells.frames) == 4)
    #expect(layout.contentSize == phoneSize)
  }

  @Test func defaultItemsShrink() throws {
    let layout = try prepared(20)
    let cells = layout.allItemAttributes()
    let expectedSide = 150 * (cos(36 * Double.pi / 180) - cos(54 * Double.pi / 180))
    #expect(abs(layout.itemSize.width - expectedSide) < 1e-9)
    #expect(abs(layout.overlapScale - expectedSide / 34) < 1e-9)
    for (cell, expected) in zip(cells, expectedCenters(count: 20, width: 375, height: 667)) {
      #expect(abs(cell.center.x - expected.x) < 1e-9)
      #expect(abs(cell.center.y - expected.y) < 1e-9)
    }
    #expect(overlappingPairs(cells.frames) == 0)
  }

  @Test func decorationAtTheCentreBelowTheCells() throws {
    let layout = try prepared(20)
    #expect(layout.decorationKinds.kinds == ["center"])
    let decoration = try #require(
      try layout.layoutAttributesForDecorationView(ofKind: "center", at: IndexPath(section: 0, item: 0)))
    #expect(decoration.size == Size(width: 150, height: 30))
    #expect(abs(decoration.center.x - 667 / 3.5) < 1e-9 && abs(decoration.center.y - 250) < 1e-9)
    #expect(layout.allItemAttributes().allSatisfy { $0.zIndex > decoration.zIndex })
    #expect(layout.allAttributes().last == decoration)
    // Preparing again does not register twice.
    try layout.prepare(LayoutContext(size: phoneSize, data: CollectionData(sections: [items(3)])))
    #expect(layout.decorationKinds.kinds == ["center"])
  }

  @Test func headerAndFooter() throws {
    var configuration = CircleLayout.Configuration()
    configuration.headerHeight = 44
    configuration.footerHeight = 20
    let layout = try prepared(5, configuration: configuration)
    let header = try #require(
      try layout.layoutAttributesForSupplementaryView(ofKind: "header", at: IndexPath(section: 0, item: 0)))
    #expect(header.frame == Rect(x: 0, y: 0, width: 375, height: 44))
    let footer = try #require(
      try layout.layoutAttributesForSupplementaryView(ofKind: "footer", at: IndexPath(section: 0, item: 0)))
    #expect(footer.frame == Rect(x: 0, y: 647, width: 375, height: 20))
    let none = CircleLayout()
    try none.prepare(LayoutContext(size: phoneSize, data: CollectionData()))
    #expect(
      try none.layoutAttributesForSupplementaryView(ofKind: "header", at: IndexPath(section: 0, item: 0))
        == nil)
  }

  @Test(arguments: [
    Size(width: 375, height: 667), Size(width: 1024, height: 768), Size(width: 100, height: 100),
  ])
  func contentSizeEqualsTheBounds(size: Size) throws {
    let layout = try prepared(8, size: size)
    #expect(layout.contentSize == size)
    #expect(layout.radius == min(size.width, size.height) / 2.5)
    #expect(
      layout.shouldInvalidateLayout(forBoundsChange: Rect(origin: .zero, size: Size(width: 1, height: 1))))
    #expect(!layout.shouldInvalidateLayout(forBoundsChange: Rect(origin: Point(x: 0, y: 30), size: size)))
  }

  @Test func smallCounts() throws {
    #expect(try prepared(0).allItemAttributes().isEmpty)
    #expect(try prepared(0).allAttributes().count == 1)
    let one = try prepared(1).allItemAttributes()
    #expect(one.count == 1)
    #expect(abs(one[0].center.x - (667 / 3.5 + 150)) < 1e-9 && one[0].center.y == 250)
    #expect(one[0].size == Size(width: 34, height: 34))
    let two = try prepared(2).allItemAttributes()
    #expect(abs(two[1].center.x - (667 / 3.5 - 150)) < 1e-9 && abs(two[1].center.y - 250) < 1e-9)
    #expect(two.allSatisfy { $0.size == Size(width: 34, height: 34) })
  }

  @Test(arguments: [30, 100, 500])
  func largeCountsShrinkItems(count: Int) throws {
    let layout = try prepared(count)
    let cells = layout.allItemAttributes()
    #expect(layout.itemSize.width < 34 && layout.itemSize.width > 0)
    #expect(layout.radius == 150)
    #expect(overlappingPairs(cells.frames) == 0)
    #expect(cells.allSatisfy { $0.frame.isFinite })
  }

  @Test(arguments: [30, 100, 500])
  func largeCountsCanGrowTheRadiusInstead(count: Int) throws {
    var configuration = CircleLayout.Configuration()
    configuration.overlapPolicy = .growRadius
    let layout = try prepared(count, configuration: configuration)
    #expect(layout.itemSize == Size(width: 34, height: 34))
    #expect(layout.radius > 150)
    #expect(overlappingPairs(layout.allItemAttributes().frames) == 0)
  }

  @Test func zeroSizeBounds() throws {
    for count in [0, 1, 2, 20] {
      let layout = try prepared(count, size: .zero)
      #expect(layout.contentSize == .zero)
      let all = layout.allAttributes()
      #expect(all.allSatisfy { $0.frame.isFinite })
      #expect(layout.allItemAttributes().allSatisfy { $0.center == .zero })
      #expect(
        try layout.layoutAttributesForElements(in: Rect(x: -10, y: -10, width: 20, height: 20)).allSatisfy {
          $0.category != .cell
        } || count == 1)
    }
  }

  @Test func startAngleAndDirection() throws {
    var configuration = CircleLayout.Configuration()
    configuration.center = .boundsCenter
    configuration.startAngle = -Double.pi / 2
    configuration.direction = .counterclockwise
    let layout = try prepared(4, size: Size(width: 400, height: 400), configuration: configuration)
    let centers = layout.allItemAttributes().map(\.center)
    let expected = [Point(x: 200, y: 40), Point(x: 40, y: 200), Point(x: 200, y: 360), Point(x: 360, y: 200)]
    for (center, point) in zip(centers, expected) {
      #expect(center.distance(to: point) < 1e-9)
    }
    configuration.center = .point(Point(x: 10, y: 20))
    configuration.radius = .fixed(5)
    let fixed = try prepared(1, configuration: configuration)
    #expect(fixed.allItemAttributes()[0].center.distance(to: Point(x: 10, y: 15)) < 1e-9)
  }

  @Test(arguments: 0..<10)
  func rectFilteringMatchesBruteForce(seed: Int) throws {
    var rng = SplitMix64(seed: UInt64(seed))
    var configuration = CircleLayout.Configuration()
    configuration.headerHeight = Bool.random(using: &rng) ? 30 : 0
    let layout = try prepared(Int.random(in: 0...60, using: &rng), configuration: configuration)
    let all = layout.allAttributes()
    for _ in 0..<50 {
      let rect = Rect(
        x: Double.random(in: -50...400, using: &rng), y: Double.random(in: -50...700, using: &rng),
        width: Double.random(in: 0...200, using: &rng), height: Double.random(in: 0...200, using: &rng))
      let fast = try layout.layoutAttributesForElements(in: rect)
      #expect(fast == all.filter { $0.frame.intersects(rect) })
      #expect(fast.count < all.count || all.allSatisfy { $0.frame.intersects(rect) })
    }
  }

  @Test func errors() throws {
    let layout = try prepared(3)
    let item = #expect(throws: LayoutError.self) {
      try layout.layoutAttributesForItem(at: IndexPath(section: 0, item: 3))
    }
    #expect(item?.code == .indexPathOutOfRange)
    let kind = #expect(throws: LayoutError.self) {
      try layout.layoutAttributesForSupplementaryView(ofKind: "badge", at: IndexPath(section: 0, item: 0))
    }
    #expect(kind?.code == .unknownSupplementaryKind)
    let decoration = #expect(throws: LayoutError.self) {
      try layout.layoutAttributesForDecorationView(ofKind: "ring", at: IndexPath(section: 0, item: 0))
    }
    #expect(decoration?.code == .unregisteredDecorationKind)
    #expect(decoration?.message.contains("\"ring\"") == true)
    let twice = #expect(throws: LayoutError.self) { try layout.registerDecorationKind("center") }
    #expect(twice?.code == .decorationKindAlreadyRegistered)
    for size in [
      Size(width: -1, height: 10), Size(width: .nan, height: 10), Size(width: 10, height: .infinity),
    ] {
      let bounds = #expect(throws: LayoutError.self) {
        try CircleLayout().prepare(LayoutContext(size: size, data: CollectionData()))
      }
      #expect(bounds?.code == .invalidBounds)
    }
    var configuration = CircleLayout.Configuration()
    configuration.itemSize = Size(width: -3, height: 34)
    let metric = #expect(throws: LayoutError.self) { try prepared(3, configuration: configuration) }
    #expect(metric?.code == .invalidMetric)
  }

  @Test func aDecorationKindNobodyRegisteredIsReported() throws {
    var configuration = CircleLayout.Configuration()
    configuration.registersDecorationInPrepare = false
    let layout = CircleLayout(configuration: configuration)
    let view = CollectionView(
      layout: layout, dataSource: CollectionData(sections: [items(20)]), size: phoneSize)
    let error = #expect(throws: LayoutError.self) { try view.layoutIfNeeded() }
    #expect(error?.code == .unregisteredDecorationKind)
    #expect(error?.message.contains("never registered") == true)
    try layout.registerDecorationKind("center")
    #expect(try view.layoutIfNeeded().count == 21)
  }

  @Test func insertAnimatesOnlyTheInsertedItem() throws {
    var data = CollectionData(sections: [items(20)])
    let layout = CircleLayout()
    let view = CollectionView(layout: layout, dataSource: data, size: phoneSize)
    let before = try view.layoutIfNeeded()
    data.sections[0].insert(LayoutItem(id: "new"), at: 3)
    view.dataSource = data
    let transitions = try view.insertItems(at: [IndexPath(section: 0, item: 3)])
    #expect(transitions.count == 21)
    let inserted = try #require(transitions.first { $0.itemID == "new" })
    #expect(inserted.change == .insert)
    #expect(inserted.from.alpha == 0)
    #expect(inserted.from.center.distance(to: layout.center) < 1e-9)
    #expect(inserted.to.alpha == 1)
    for transition in transitions where transition.itemID != "new" {
      #expect(transition.change == .none)
      #expect(transition.from.alpha == 1 && transition.to.alpha == 1)
      let old = try #require(before.first { $0.itemID == transition.itemID })
      #expect(transition.from == old)
    }
  }

  @Test func deleteAnimatesOnlyTheDeletedItem() throws {
    var data = CollectionData(sections: [items(20)])
    let layout = CircleLayout()
    let view = CollectionView(layout: layout, dataSource: data, size: phoneSize, recordsCalls: true)
    try view.layoutIfNeeded()
    data.sections[0].remove(at: 7)
    view.dataSource = data
    view.clearCallLog()
    let transitions = try view.deleteItems(at: [IndexPath(section: 0, item: 7)])
    let deleted = try #require(transitions.first { $0.itemID == "i7" })
    #expect(deleted.change == .delete && deleted.indexPathAfter == nil)
    #expect(deleted.to.alpha == 0 && deleted.to.center.distance(to: layout.center) < 1e-9)
    #expect(deleted.from.alpha == 1)
    #expect(transitions.filter { $0.to.alpha == 0 || $0.from.alpha == 0 }.count == 1)
    #expect(transitions.count == 20)
    let names = view.callLog.map(\.name)
    let prepare = try #require(names.firstIndex(of: "prepare"))
    let forUpdates = try #require(names.firstIndex(of: "prepare(forCollectionViewUpdates:)"))
    let final = try #require(names.firstIndex(of: "finalLayoutAttributesForDisappearingItem(at:)"))
    #expect(prepare < forUpdates && forUpdates < final && names.last == "finalizeCollectionViewUpdates")
  }
}
