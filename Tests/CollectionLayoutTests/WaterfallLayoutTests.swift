import CollectionLayout
import Testing

@Suite struct WaterfallLayoutTests {
  func layout(
    _ configuration: WaterfallLayout.Configuration = .init(), heights: [Double]
  ) -> WaterfallLayout {
    var table: [ItemID: Double] = [:]
    for (index, height) in heights.enumerated() { table[ItemID("i\(index)")] = height }
    return WaterfallLayout(configuration: configuration, heightProvider: HeightProvider.table(table))
  }

  @Test func shortestColumnFirst() throws {
    let waterfall = layout(heights: [100, 50, 60, 30])
    let report = try waterfall.update(data: CollectionData(sections: [items(4)]), width: 320)
    #expect(report.kind == .initial && report.measured == 4 && report.placed == 4)
    let frames = waterfall.allItemAttributes().frames
    #expect(
      frames == [
        Rect(x: 0, y: 0, width: 155, height: 100),
        Rect(x: 165, y: 0, width: 155, height: 50),
        Rect(x: 165, y: 60, width: 155, height: 60),
        Rect(x: 0, y: 110, width: 155, height: 30),
      ])
    #expect(waterfall.allItemAttributes().map(\.column) == [0, 1, 1, 0])
    #expect(waterfall.columnHeights == [140, 120])
    #expect(waterfall.contentSize == Size(width: 320, height: 140))
  }

  @Test func tiesGoToTheLeftmostColumn() throws {
    var configuration = WaterfallLayout.Configuration()
    configuration.defaultSection.columnCount = 3
    let waterfall = layout(configuration, heights: [10, 10, 10, 10, 10, 10])
    try waterfall.update(data: CollectionData(sections: [items(6)]), width: 320)
    #expect(waterfall.allItemAttributes().map(\.column) == [0, 1, 2, 0, 1, 2])
  }

  @Test(arguments: [
    (WaterfallLayout.RenderDirection.shortestFirst, [0, 1, 1, 1, 1]),
    (.leftToRight, [0, 1, 0, 1, 0]),
    (.rightToLeft, [1, 0, 1, 0, 1]),
  ])
  func renderDirections(direction: WaterfallLayout.RenderDirection, columns: [Int]) throws {
    var configuration = WaterfallLayout.Configuration()
    configuration.renderDirection = direction
    let waterfall = layout(configuration, heights: [100, 20, 20, 20, 20])
    try waterfall.update(data: CollectionData(sections: [items(5)]), width: 320)
    #expect(waterfall.allItemAttributes().map(\.column) == columns)
  }

  @Test func headerFooterInsetsAndSections() throws {
    let style = WaterfallLayout.SectionStyle(
      columnCount: 2, columnSpacing: 10, lineSpacing: 5,
      sectionInset: EdgeInsets(top: 5, left: 8, bottom: 7, right: 8), headerHeight: 40,
      footerHeight: 20, headerInset: EdgeInsets(top: 2, left: 1, bottom: 3, right: 1),
      footerInset: EdgeInsets(top: 4, left: 0, bottom: 6, right: 0))
    let configuration = WaterfallLayout.Configuration(
      defaultSection: style, contentInset: EdgeInsets(top: 100, left: 10, bottom: 50, right: 10))
    let waterfall = WaterfallLayout(configuration: configuration, heightProvider: HeightProvider.constant(50))
    try waterfall.update(
      data: CollectionData(sections: [items(3, prefix: "a"), items(1, prefix: "b")]), width: 340)
    // Content width 320, available 304, item width (304 - 10) / 2 = 147.
    #expect(waterfall.itemWidth(inSection: 0) == 147)
    let header0 = try #require(
      try waterfall.layoutAttributesForSupplementaryView(ofKind: "header", at: IndexPath(section: 0, item: 0))
    )
    #expect(header0.frame == Rect(x: 11, y: 102, width: 318, height: 40))
    let cells = waterfall.allItemAttributes()
    // Items start at 102 + 40 + 3 + 5 = 150.
    #expect(cells[0].frame == Rect(x: 18, y: 150, width: 147, height: 50))
    #expect(cells[1].frame == Rect(x: 175, y: 150, width: 147, height: 50))
    #expect(cells[2].frame == Rect(x: 18, y: 205, width: 147, height: 50))
    let footer0 = try #require(
      try waterfall.layoutAttributesForSupplementaryView(ofKind: "footer", at: IndexPath(section: 0, item: 0))
    )
    // Items end at 255, + 7 section inset + 4 footer inset.
    #expect(footer0.frame == Rect(x: 10, y: 266, width: 320, height: 20))
    // Section 1 starts after the footer's bottom inset: 266 + 20 + 6 = 292.
    #expect(waterfall.frame(ofSection: 1)?.minY == 292)
    #expect(cells[3].indexPath == IndexPath(section: 1, item: 0))
    #expect(cells[3].frame.minY == 292 + 2 + 40 + 3 + 5)
    let sectionBottom = try #require(waterfall.frame(ofSection: 1)).maxY
    #expect(waterfall.contentSize.height == sectionBottom + 50)
    #expect(waterfall.allSupplementaryAttributes().count == 4)
    #expect(waterfall.columnHeights(inSection: 0) == [255, 200])
  }

  @Test func perSectionColumns() throws {
    var configuration = WaterfallLayout.Configuration()
    configuration.sectionStyles[1] = WaterfallLayout.SectionStyle(
      columnCount: 1, columnSpacing: 0, lineSpacing: 0)
    let waterfall = WaterfallLayout(configuration: configuration, heightProvider: HeightProvider.constant(10))
    try waterfall.update(
      data: CollectionData(sections: [items(2, prefix: "a"), items(2, prefix: "b")]), width: 200)
    #expect(waterfall.itemWidth(inSection: 0) == 95)
    #expect(waterfall.itemWidth(inSection: 1) == 200)
    #expect(waterfall.columnHeights(inSection: 1) == [30])
  }

  @Test func fullSpanItems() throws {
    let provider = HeightProvider { item, _, _ in item.isFullSpan ? 40 : (item.id == "i0" ? 100 : 30) }
    let waterfall = WaterfallLayout(heightProvider: provider)
    var data = items(4)
    data[2].isFullSpan = true
    try waterfall.update(data: CollectionData(sections: [data]), width: 210)
    let frames = waterfall.allItemAttributes().frames
    #expect(frames[2] == Rect(x: 0, y: 110, width: 210, height: 40))
    #expect(waterfall.allItemAttributes()[2].column == nil)
    // After a full-span item every column continues below it; ties go left.
    #expect(frames[3] == Rect(x: 0, y: 160, width: 100, height: 30))
    #expect(waterfall.columnHeights == [190, 150])
  }

  @Test func minimumContentHeight() throws {
    var configuration = WaterfallLayout.Configuration()
    configuration.minimumContentHeight = 1000
    let waterfall = WaterfallLayout(configuration: configuration, heightProvider: HeightProvider.constant(10))
    try waterfall.update(data: CollectionData(sections: [items(2)]), width: 100)
    #expect(waterfall.contentSize == Size(width: 100, height: 1000))
  }

  @Test func pixelScaleFloorsItemWidth() throws {
    var configuration = WaterfallLayout.Configuration()
    configuration.defaultSection.columnCount = 3
    configuration.pixelScale = 2
    let waterfall = WaterfallLayout(configuration: configuration, heightProvider: HeightProvider.constant(10))
    try waterfall.update(data: CollectionData(sections: [items(3)]), width: 100)
    // (100 - 20) / 3 = 26.666… → 26.5
    #expect(waterfall.itemWidth(inSection: 0) == 26.5)
  }

  @Test func heightsComeFromTheItemWidth() throws {
    let provider = CountingProvider(byWidth: { _, width in width / 2 })
    let waterfall = WaterfallLayout(heightProvider: provider)
    try waterfall.update(data: CollectionData(sections: [items(2)]), width: 410)
    #expect(waterfall.allItemAttributes().frames.map(\.height) == [100, 100])
  }

  @Test func sectionBackgroundDecoration() throws {
    var configuration = WaterfallLayout.Configuration()
    configuration.sectionBackgroundKind = "background"
    let waterfall = WaterfallLayout(configuration: configuration, heightProvider: HeightProvider.constant(10))
    let unregistered = #expect(throws: LayoutError.self) {
      try waterfall.update(data: CollectionData(sections: [items(2)]), width: 100)
    }
    #expect(unregistered?.code == .unregisteredDecorationKind)
    try waterfall.registerDecorationKind("background")
    try waterfall.update(data: CollectionData(sections: [items(2)]), width: 100)
    let decoration = try #require(waterfall.allDecorationAttributes().first)
    #expect(decoration.frame == Rect(x: 0, y: 0, width: 100, height: 10))
    #expect(decoration.zIndex < 0)
    #expect(
      try waterfall.layoutAttributesForDecorationView(
        ofKind: "background", at: IndexPath(section: 0, item: 0)) == decoration)
    #expect(throws: LayoutError.self) {
      try waterfall.layoutAttributesForDecorationView(ofKind: "other", at: IndexPath(section: 0, item: 0))
    }
  }

  @Test func invalidatesOnlyForWidthChanges() throws {
    let waterfall = WaterfallLayout(heightProvider: HeightProvider.constant(10))
    #expect(waterfall.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 0, width: 100, height: 100)))
    try waterfall.update(data: CollectionData(sections: [items(2)]), width: 100)
    #expect(!waterfall.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 500, width: 100, height: 100)))
    #expect(!waterfall.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 0, width: 100, height: 900)))
    #expect(waterfall.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 0, width: 101, height: 100)))
  }

  @Test func itemAndSupplementaryQueries() throws {
    let waterfall = WaterfallLayout(heightProvider: HeightProvider.constant(10))
    try waterfall.update(data: CollectionData(sections: [items(2)]), width: 100)
    let cell = try waterfall.layoutAttributesForItem(at: IndexPath(section: 0, item: 1))
    #expect(cell.itemID == "i1" && cell.category == .cell)
    #expect(
      try waterfall.layoutAttributesForSupplementaryView(ofKind: "header", at: IndexPath(section: 0, item: 0))
        == nil)
    let missing = #expect(throws: LayoutError.self) {
      try waterfall.layoutAttributesForItem(at: IndexPath(section: 0, item: 2))
    }
    #expect(missing?.code == .indexPathOutOfRange)
    #expect(missing?.message.contains("[0, 2]") == true)
    let section = #expect(throws: LayoutError.self) {
      try waterfall.layoutAttributesForSupplementaryView(ofKind: "header", at: IndexPath(section: 3, item: 0))
    }
    #expect(section?.code == .indexPathOutOfRange)
    let kind = #expect(throws: LayoutError.self) {
      try waterfall.layoutAttributesForSupplementaryView(ofKind: "badge", at: IndexPath(section: 0, item: 0))
    }
    #expect(kind?.code == .unknownSupplementaryKind)
    #expect(kind?.message.contains("\"badge\"") == true)
  }
}

@Suite struct WaterfallBadInputTests {
  @Test(arguments: [0, -1, -100])
  func columnCountBelowOneIsRejected(columns: Int) {
    var configuration = WaterfallLayout.Configuration()
    configuration.defaultSection.columnCount = columns
    let waterfall = WaterfallLayout(configuration: configuration, heightProvider: HeightProvider.constant(10))
    let error = #expect(throws: LayoutError.self) {
      try waterfall.update(data: CollectionData(sections: [items(3)]), width: 320)
    }
    #expect(error?.code == .invalidColumnCount)
    #expect(error?.message.contains("column count \(columns)") == true)
  }

  @Test func perSectionColumnCountIsCheckedWithTheSection() {
    var configuration = WaterfallLayout.Configuration()
    configuration.sectionStyles[2] = WaterfallLayout.SectionStyle(columnCount: 0)
    let waterfall = WaterfallLayout(configuration: configuration, heightProvider: HeightProvider.constant(10))
    let error = #expect(throws: LayoutError.self) {
      try waterfall.update(data: CollectionData(sections: [items(1), items(1), items(1)]), width: 320)
    }
    #expect(error?.message.contains("section 2") == true)
  }

  @Test(arguments: [-1.0, .nan, .infinity])
  func badMetricsAreRejected(value: Double) {
    let mutations: [(inout WaterfallLayout.Configuration) -> Void] = [
      { $0.defaultSection.columnSpacing = value },
      { $0.defaultSection.lineSpacing = value },
      { $0.defaultSection.headerHeight = value },
      { $0.defaultSection.footerHeight = value },
      { $0.defaultSection.sectionInset.left = value },
      { $0.contentInset.top = value },
      { $0.minimumContentHeight = value },
      { $0.fallbackItemHeight = value },
    ]
    for mutate in mutations {
      var configuration = WaterfallLayout.Configuration()
      mutate(&configuration)
      let waterfall = WaterfallLayout(
        configuration: configuration, heightProvider: HeightProvider.constant(10))
      let error = #expect(throws: LayoutError.self) {
        try waterfall.update(data: CollectionData(sections: [items(1)]), width: 320)
      }
      #expect(error?.code == .invalidMetric)
    }
  }

  @Test(arguments: [-1.0, .nan, .infinity, -.infinity])
  func badWidthIsRejected(width: Double) {
    let waterfall = WaterfallLayout(heightProvider: HeightProvider.constant(10))
    let error = #expect(throws: LayoutError.self) {
      try waterfall.update(data: CollectionData(sections: [items(1)]), width: width)
    }
    #expect(error?.code == .invalidBounds)
  }

  @Test(arguments: [0.0, 5, 10, 29.9])
  func collectionNarrowerThanInsetsAndSpacing(width: Double) throws {
    var configuration = WaterfallLayout.Configuration()
    configuration.defaultSection.columnCount = 3
    configuration.defaultSection.sectionInset = EdgeInsets(top: 0, left: 5, bottom: 0, right: 5)
    // Insets 10 + spacing 20 = 30 > width.
    let waterfall = WaterfallLayout(configuration: configuration, heightProvider: HeightProvider.constant(10))
    let report = try waterfall.update(data: CollectionData(sections: [items(4)]), width: width)
    #expect(report.diagnostics.map(\.code) == [.collectionTooNarrow])
    #expect(report.diagnostics[0].message.contains("section 0"))
    for attributes in waterfall.allAttributes() {
      #expect(attributes.frame.isFinite)
      #expect(attributes.frame.width >= 0 && attributes.frame.height >= 0)
    }
    #expect(waterfall.itemWidth(inSection: 0) == 0)
  }

  @Test(arguments: [Double.nan, .infinity, -.infinity, -5])
  func invalidHeightsGetTheFallback(height: Double) throws {
    var configuration = WaterfallLayout.Configuration()
    configuration.fallbackItemHeight = 44
    let provider = HeightProvider { item, _, _ in item.id == "i1" ? height : 10 }
    let waterfall = WaterfallLayout(configuration: configuration, heightProvider: provider)
    let report = try waterfall.update(data: CollectionData(sections: [items(3)]), width: 100)
    #expect(report.diagnostics.count == 1)
    let diagnostic = try #require(report.diagnostics.first)
    #expect(diagnostic.code == .invalidItemHeight)
    #expect(diagnostic.itemID == "i1" && diagnostic.indexPath == IndexPath(section: 0, item: 1))
    #expect(diagnostic.message.contains("\"i1\"") && diagnostic.message.contains("[0, 1]"))
    let frames = waterfall.allItemAttributes().frames
    #expect(frames[1].height == 44)
    #expect(frames.allSatisfy { $0.isFinite })
    #expect(waterfall.contentSize.height.isFinite)
    // Failed heights are not cached: the next layout at this width asks again.
    #expect(waterfall.sizeCache.count == 2)
  }

  struct Boom: Error, CustomStringConvertible {
    var description: String { "template failed" }
  }

  @Test func throwingProviderIsReportedPerItem() throws {
    let provider = HeightProvider { item, _, _ in
      if item.id == "i2" { throw Boom() }
      return 10
    }
    let waterfall = WaterfallLayout(heightProvider: provider)
    let report = try waterfall.update(data: CollectionData(sections: [items(4)]), width: 100)
    #expect(report.diagnostics.map(\.code) == [.heightProviderFailed])
    #expect(report.diagnostics[0].message.contains("template failed"))
    #expect(report.diagnostics[0].itemID == "i2")
    #expect(waterfall.allItemAttributes().frames[2].height == 0)
    #expect(waterfall.numberOfItems(inSection: 0) == 4)
  }

  @Test func emptyData() throws {
    var configuration = WaterfallLayout.Configuration()
    configuration.contentInset = EdgeInsets(top: 10, left: 0, bottom: 20, right: 0)
    let waterfall = WaterfallLayout(configuration: configuration, heightProvider: HeightProvider.constant(10))
    let report = try waterfall.update(data: CollectionData(), width: 100)
    #expect(report.placed == 0 && report.measured == 0)
    #expect(waterfall.contentSize == Size(width: 100, height: 30))
    #expect(waterfall.allAttributes().isEmpty)
    #expect(waterfall.columnHeights.isEmpty)
    #expect(try waterfall.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 100, height: 100)).isEmpty)
  }

  @Test func emptySectionsKeepHeadersAndFooters() throws {
    var configuration = WaterfallLayout.Configuration()
    configuration.defaultSection.headerHeight = 20
    configuration.defaultSection.footerHeight = 10
    let waterfall = WaterfallLayout(configuration: configuration, heightProvider: HeightProvider.constant(10))
    try waterfall.update(data: CollectionData(sections: [[], items(1), []]), width: 100)
    let supplementary = waterfall.allSupplementaryAttributes()
    #expect(supplementary.count == 6)
    #expect(supplementary[0].frame == Rect(x: 0, y: 0, width: 100, height: 20))
    // An empty section's footer sits right below its header: no line spacing is subtracted.
    #expect(supplementary[1].frame == Rect(x: 0, y: 20, width: 100, height: 10))
    #expect(waterfall.columnHeights(inSection: 0) == [20, 20])
    #expect(waterfall.contentSize.height == 30 + 40 + 30)
    #expect(waterfall.allAttributes().allSatisfy { $0.frame.isFinite })
  }

  @Test func oneColumnAndZeroHeights() throws {
    var configuration = WaterfallLayout.Configuration()
    configuration.defaultSection.columnCount = 1
    let waterfall = WaterfallLayout(configuration: configuration, heightProvider: HeightProvider.constant(0))
    try waterfall.update(data: CollectionData(sections: [items(3)]), width: 100)
    #expect(
      waterfall.allItemAttributes().frames == [
        Rect(x: 0, y: 0, width: 100, height: 0), Rect(x: 0, y: 10, width: 100, height: 0),
        Rect(x: 0, y: 20, width: 100, height: 0),
      ])
    #expect(waterfall.contentSize.height == 20)
  }
}
