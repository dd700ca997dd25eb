import CollectionLayout
import FuzzSupport

// The waterfall layout's incremental paths against a fresh layout. The first bytes pick the
// configuration (render direction, insets, up to three section styles with their columns,
// spacings, headers, footers, a section background) and a width; every following pair of bytes
// is one operation on a model of the data: insert, remove, change (revision, full span), add or
// drop a section, then `update(data:width:)`; `appendItems`; `applyPage` (identity prefix); a
// width change; `invalidateLayout(.everything)`. After each, every attribute and the content size
// must be what a new layout of the same data at the same width gives, and rect queries what a
// filter over every attribute gives. Heights are a function of identity, revision and width,
// some 0, some NaN, negative or infinite (reported, and placed at the fallback height).

private func itemHeight(_ item: LayoutItem, width: Double) -> Double {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in item.id.rawValue.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
  hash = (hash ^ UInt64(truncatingIfNeeded: item.revision)) &* 0x100_0000_01b3
  hash ^= hash >> 29
  switch hash % 41 {
  case 0: return 0
  case 1: return .nan
  case 2: return -5
  case 3: return .infinity
  default: return Double(hash % 3001) / 10 + (width > 200 ? 0 : 7.25)
  }
}

private struct Model {
  var sections: [[LayoutItem]] = [[]]
  var nextID = 0

  mutating func newItem(fullSpan: Bool) -> LayoutItem {
    nextID += 1
    return LayoutItem(id: ItemID("i\(nextID)"), isFullSpan: fullSpan)
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayout(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  var input = FuzzInput(start, count)
  let configuration = makeConfiguration(&input)
  let widths = [0, 1, 150, 320, 375, 768, 1e6]
  var width = widths[Int(input.byte()) % widths.count]
  var model = Model()
  let layout = WaterfallLayout(configuration: configuration) { item, _, width in
    itemHeight(item, width: width)
  }
  do {
    try layout.registerDecorationKind("background")
    try layout.update(data: CollectionData(sections: model.sections), width: width)
  } catch {
    fatalError("invariant broken: a valid configuration fails: \(error)")
  }
  var operations = 0
  while !input.rest.isEmpty && operations < 24 {
    operations += 1
    let operation = input.byte()
    let argument = Int(input.byte())
    do {
      switch operation % 8 {
      case 0, 1, 2:
        edit(&model, operation: operation, argument: argument)
        try layout.update(data: CollectionData(sections: model.sections), width: width)
      case 3:
        let section = argument % (model.sections.count + 1)
        let items = (0..<(argument % 7)).map { model.newItem(fullSpan: ($0 + argument) % 9 == 0) }
        if section == model.sections.count { model.sections.append([]) }
        model.sections[section] += items
        try layout.appendItems(items, toSection: section)
      case 4:
        let section = argument % (model.sections.count + 1)
        if section == model.sections.count { model.sections.append([]) }
        var page = model.sections[section]
        if argument & 1 == 0 && !page.isEmpty { page.removeFirst() }
        page += (0..<(argument % 5)).map { _ in model.newItem(fullSpan: false) }
        model.sections[section] = page
        try layout.applyPage(page, toSection: section)
      case 5:
        width = widths[argument % widths.count]
        try layout.update(data: CollectionData(sections: model.sections), width: width)
      case 6:
        layout.invalidateLayout(with: .everything)
        try layout.update(data: CollectionData(sections: model.sections), width: width)
      default:
        try layout.update(data: CollectionData(sections: model.sections), width: width)
      }
    } catch {
      fatalError("invariant broken: operation \(operation % 8) fails on valid data: \(error)")
    }
    compareWithFreshLayout(layout, model: model, width: width, configuration: configuration, probe: argument)
  }
  return 0
}

/// Edits the model: insert, remove, revise or toggle full span at a position; add or drop a section.
private func edit(_ model: inout Model, operation: UInt8, argument: Int) {
  let section = argument % model.sections.count
  let items = model.sections[section]
  let index = items.isEmpty ? 0 : (argument / 3) % (items.count + 1)
  switch (Int(operation) >> 3) % 6 {
  case 0: model.sections[section].insert(model.newItem(fullSpan: argument % 5 == 0), at: index)
  case 1: if index < items.count { model.sections[section].remove(at: index) }
  case 2: if index < items.count { model.sections[section][index].revision += 1 }
  case 3: if index < items.count { model.sections[section][index].isFullSpan.toggle() }
  case 4: model.sections.insert([model.newItem(fullSpan: false)], at: section)
  default: if model.sections.count > 1 { model.sections.remove(at: section) }
  }
}

private func makeConfiguration(_ input: inout FuzzInput) -> WaterfallLayout.Configuration {
  let flags = input.byte()
  func inset() -> EdgeInsets {
    let code = input.byte()
    return EdgeInsets(
      top: Double(code & 3) * 4, left: Double((code >> 2) & 3) * 3, bottom: Double((code >> 4) & 3) * 5,
      right: Double(code >> 6) * 2.5)
  }
  func style() -> WaterfallLayout.SectionStyle {
    let shape = input.byte()
    let sizes = input.byte()
    return WaterfallLayout.SectionStyle(
      columnCount: Int(shape % 6) + 1, columnSpacing: Double(shape >> 3 & 3) * 4.5,
      lineSpacing: Double(shape >> 5) * 3, sectionInset: inset(),
      headerHeight: Double(sizes & 7) * 10, footerHeight: Double(sizes >> 3 & 7) * 6,
      headerInset: sizes & 64 == 0 ? .zero : inset(), footerInset: sizes & 128 == 0 ? .zero : inset())
  }
  var configuration = WaterfallLayout.Configuration(
    defaultSection: style(), contentInset: inset(),
    renderDirection: WaterfallLayout.RenderDirection.allCases[Int(flags & 3) % 3],
    minimumContentHeight: flags & 4 == 0 ? 0 : 500, fallbackItemHeight: flags & 8 == 0 ? 0 : 44,
    pixelScale: flags & 16 == 0 ? nil : 3, sectionBackgroundKind: flags & 32 == 0 ? nil : "background")
  if flags & 64 != 0 { configuration.sectionStyles[1] = style() }
  if flags & 128 != 0 { configuration.sectionStyles[2] = style() }
  return configuration
}

private func compareWithFreshLayout(
  _ layout: WaterfallLayout, model: Model, width: Double, configuration: WaterfallLayout.Configuration,
  probe: Int
) {
  let fresh = WaterfallLayout(configuration: configuration) { item, _, width in itemHeight(item, width: width)
  }
  do {
    try fresh.registerDecorationKind("background")
    try fresh.update(data: CollectionData(sections: model.sections), width: width)
  } catch {
    fatalError("invariant broken: a fresh layout fails: \(error)")
  }
  let attributes = layout.allAttributes()
  let expected = fresh.allAttributes()
  if attributes != expected {
    let firstDifference = zip(attributes, expected).first { $0 != $1 }
    fatalError(
      "invariant broken: the updated layout differs from a fresh one (\(attributes.count) against "
        + "\(expected.count) attributes), first: \(String(describing: firstDifference))")
  }
  require(
    layout.contentSize == fresh.contentSize, "content size \(layout.contentSize) against \(fresh.contentSize)"
  )
  for attribute in attributes {
    let frame = attribute.frame
    require(
      [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height].allSatisfy(\.isFinite)
        && frame.size.width >= 0 && frame.size.height >= 0,
      "frame \(frame) of \(attribute)")
  }
  let size = layout.contentSize
  let rect = Rect(
    x: Double(probe % 7) * size.width / 8 - 5, y: Double(probe % 13) * size.height / 12 - 20,
    width: size.width / Double(probe % 3 + 1), height: Double(probe % 5) * 200)
  do {
    let found = try layout.layoutAttributesForElements(in: rect)
    let filtered = attributes.filter { $0.frame.intersects(rect) }
    require(found.count == filtered.count && Set(found) == Set(filtered), "rect query \(rect)")
  } catch {
    fatalError("invariant broken: a rect query fails: \(error)")
  }
}

/// The entry point SwiftPM links as `main` (see `runFuzzer`).
@_cdecl("FuzzLayout_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runFuzzer(argc, argv, fuzzLayout)
}
