import CellSizing
import CollectionLayout
import Feed
import Testing

/// `FeedLayout.prefix(_:)`, what `selfsize report` draws, and laying one feed out at several
/// widths with one sizer (each item shaped once).
@Suite struct FeedLayoutPrefixTests {
  @Test func theFirstItemsKeepTheirFramesAndTheContentEndsBelowThem() {
    let whole = Sample.layout
    let first = whole.prefix(10)
    #expect(first.items.map(\.id) == whole.items.prefix(10).map(\.id))
    #expect(first.items.map(\.frame) == whole.items.prefix(10).map(\.frame))
    let bottom = first.items.map(\.frame.maxY).max()!
    // The leading inset (8 pt) below the lowest card.
    #expect(first.contentSize.height == bottom + 8)
    #expect(first.contentSize.width == whole.contentSize.width)
    #expect(first.columnFrames.allSatisfy { $0.maxY <= first.contentSize.height })
    #expect(whole.prefix(240) == whole)
    #expect(whole.prefix(1_000) == whole)
    #expect(whole.prefix(0).items.isEmpty)
  }

  @Test func aSharedSizerShapesEachItemOnceForEveryWidth() throws {
    let sizer = try CellSizer(template: Sample.template, measurer: Sample.measurer, cacheCapacity: 240)
    var shaped: [Int] = []
    for width in [320.0, 375, 768] {
      var settings = WaterfallSettings()
      settings.collectionWidth = width
      let shared = try FeedLayout.waterfall(
        template: Sample.template, pages: [Sample.page], settings: settings, measurer: Sample.measurer,
        jobs: 2, sizer: sizer)
      let own = try FeedLayout.waterfall(
        template: Sample.template, pages: [Sample.page], settings: settings, measurer: Sample.measurer)
      #expect(shared.items.map(\.frame) == own.items.map(\.frame))
      #expect(shared.contentSize == own.contentSize)
      shaped.append(sizer.preparedTextCount)
    }
    #expect(sizer.cachedItemCount == 240)
    // Every text was shaped for the first width, none again for the others.
    #expect(shaped[0] >= 240 && shaped == [shaped[0], shaped[0], shaped[0]])
  }
}
