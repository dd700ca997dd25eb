import CollectionLayout
import FuzzSupport

// The headless collection view's batch updates and scrolling, over a waterfall or a circle
// layout. Byte 0 picks the layout, its overlap policy or columns and the section count; every
// following pair of bytes is one operation: a batch of deletes and inserts made consistent with
// the data source (UIKit's rule: deletes at old index paths, inserts at new ones), a move, a
// reload, a batch that does not match the data source (must throw `inconsistentUpdate` and
// leave the view's data as it was), a scroll or a resize. After each: the view's data is the
// model, no per-element query disagreed with the rectangle query, the visible elements are what
// a filter of every attribute over the bounds finds, and each item has one transition with
// finite frames.

private func itemHeight(_ item: LayoutItem) -> Double {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in item.id.rawValue.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
  return Double(hash % 2001) / 10
}

private struct Model {
  var sections: [[LayoutItem]]
  var nextID = 0

  mutating func newItem() -> LayoutItem {
    nextID += 1
    return LayoutItem(id: ItemID("i\(nextID)"), isFullSpan: nextID % 11 == 0)
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCollectionView(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  var input = FuzzInput(start, count)
  let shape = input.byte()
  var model = Model(sections: Array(repeating: [], count: Int(shape >> 6) % 3 + 1))
  for section in model.sections.indices {
    model.sections[section] = (0..<Int(input.byte() % 40)).map { _ in model.newItem() }
  }
  let layout: any CollectionViewLayout
  let usesCircle = shape & 1 == 1
  if usesCircle {
    layout = CircleLayout(
      configuration: CircleLayout.Configuration(
        overlapPolicy: CircleLayout.OverlapPolicy.allCases[Int(shape >> 1) % 3], headerHeight: 20))
  } else {
    let style = WaterfallLayout.SectionStyle(
      columnCount: Int(shape >> 1) % 4 + 1, headerHeight: 30, footerHeight: 12)
    layout = WaterfallLayout(configuration: WaterfallLayout.Configuration(defaultSection: style)) {
      item, _, _ in
      itemHeight(item)
    }
  }
  let view = CollectionView(
    layout: layout, dataSource: CollectionData(sections: model.sections), size: Size(width: 375, height: 667))
  do {
    try view.layoutIfNeeded()
  } catch {
    fatalError("invariant broken: the first layout pass fails: \(error)")
  }
  var operations = 0
  while !input.rest.isEmpty && operations < 20 {
    operations += 1
    let operation = input.byte()
    let argument = Int(input.byte())
    let section = argument % model.sections.count
    do {
      switch operation % 7 {
      case 0, 1:
        let (items, updates) = batch(model.sections[section], section: section, seed: argument, model: &model)
        model.sections[section] = items
        view.dataSource = CollectionData(sections: model.sections)
        check(try view.performBatchUpdates(updates), view: view, model: model)
      case 2:
        let items = model.sections[section]
        guard items.count >= 2 else { continue }
        let from = argument % items.count
        let to = (argument / 7) % items.count
        var moved = items
        moved.insert(moved.remove(at: from), at: to)
        model.sections[section] = moved
        view.dataSource = CollectionData(sections: model.sections)
        let transitions = try view.moveItem(
          at: IndexPath(section: section, item: from), to: IndexPath(section: section, item: to))
        check(transitions, view: view, model: model)
      case 3:
        guard !model.sections[section].isEmpty else { continue }
        let path = IndexPath(section: section, item: argument % model.sections[section].count)
        check(try view.performBatchUpdates([.reload(path)]), view: view, model: model)
      case 4:
        // The data source gains an item the updates do not mention.
        var changed = model
        changed.sections[section].append(changed.newItem())
        view.dataSource = CollectionData(sections: changed.sections)
        let before = view.data
        do {
          try view.performBatchUpdates([])
          fatalError("invariant broken: a batch that does not match the data source is taken")
        } catch {
          require(error.code == .inconsistentUpdate && !error.message.isEmpty, "error \(error)")
        }
        require(view.data == before, "a refused batch leaves the view's data as it was")
        model = changed
        view.reloadData()
        try view.layoutIfNeeded()
      case 5:
        let height = max(1, view.contentSize.height)
        view.setContentOffset(Point(x: 0, y: Double(argument) / 255 * height - 100))
        try view.layoutIfNeeded()
      default:
        view.setSize(Size(width: 200 + Double(argument % 8) * 80, height: 300 + Double(argument / 8) * 20))
        try view.layoutIfNeeded()
      }
    } catch {
      fatalError("invariant broken: operation \(operation % 7) fails on consistent updates: \(error)")
    }
    checkVisible(view, model: model)
  }
  return 0
}

/// Deletes and inserts in one section, consistent with the data after them.
private func batch(_ items: [LayoutItem], section: Int, seed: Int, model: inout Model) -> (
  [LayoutItem], [UpdateItem]
) {
  var updates: [UpdateItem] = []
  var kept: [LayoutItem] = []
  for (index, item) in items.enumerated() {
    if (index &* 31 &+ seed) % 5 == 0 {
      updates.append(.delete(IndexPath(section: section, item: index)))
    } else {
      kept.append(item)
    }
  }
  let insertCount = seed % 6
  for step in 0..<insertCount {
    let position = (seed &* (step + 3)) % (kept.count + 1)
    kept.insert(model.newItem(), at: position)
  }
  // Inserts are at index paths after the update: find where the new items ended up.
  let old = Set(items.map(\.id))
  for (index, item) in kept.enumerated() where !old.contains(item.id) {
    updates.append(.insert(IndexPath(section: section, item: index)))
  }
  return (kept, updates)
}

private func check(_ transitions: [ItemTransition], view: CollectionView, model: Model) {
  require(view.data == CollectionData(sections: model.sections), "the view's data is the model's")
  var seen = Set<ItemID>()
  for transition in transitions {
    require(seen.insert(transition.itemID).inserted, "one transition per item: \(transition.itemID)")
    require(transition.from.frame.isFinite && transition.to.frame.isFinite, "finite transition \(transition)")
  }
}

private func checkVisible(_ view: CollectionView, model: Model) {
  require(view.inconsistencies.isEmpty, "per-element queries agree: \(view.inconsistencies.prefix(3))")
  let everything: [LayoutAttributes]
  if let waterfall = view.layout as? WaterfallLayout {
    everything = waterfall.allAttributes()
  } else if let circle = view.layout as? CircleLayout {
    everything = circle.allAttributes()
  } else {
    return
  }
  let bounds = view.bounds
  let expected = everything.filter { $0.frame.intersects(bounds) }
  require(
    Set(view.visibleElements) == Set(expected) && view.visibleElements.count == expected.count,
    "visible elements in \(bounds): \(view.visibleElements.count) against \(expected.count)")
  for element in view.visibleElements where element.category == .cell {
    require(view.data.contains(element.indexPath), "a visible cell is in the data: \(element.indexPath)")
  }
}

/// The entry point SwiftPM links as `main` (see `runFuzzer`).
@_cdecl("FuzzCollectionView_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runFuzzer(argc, argv, fuzzCollectionView)
}
