/// A section's items as a layout keeps them: the caller's array (shared, never copied) plus the
/// items appended since (owned), so that appending a page to a long list copies nothing.
struct ItemList: RandomAccessCollection, MutableCollection, Equatable {
  /// The list as last given by the caller.
  private(set) var base: [LayoutItem]
  /// Items appended after `base`.
  private(set) var tail: [LayoutItem] = []

  init(_ base: [LayoutItem] = []) {
    self.base = base
  }

  var startIndex: Int { 0 }
  var endIndex: Int { base.count + tail.count }

  subscript(position: Int) -> LayoutItem {
    get { position < base.count ? base[position] : tail[position - base.count] }
    set {
      if position < base.count { base[position] = newValue } else { tail[position - base.count] = newValue }
    }
  }

  mutating func append(contentsOf items: some Sequence<LayoutItem>) {
    tail.append(contentsOf: items)
  }

  /// The items as one array (no copy when nothing was appended).
  var array: [LayoutItem] { tail.isEmpty ? base : base + tail }

  /// Whether the list is exactly `array`'s storage (so it is equal without comparing items).
  func isStorage(of array: [LayoutItem]) -> Bool {
    tail.isEmpty && WaterfallLayout.sharesStorage(base, array)
  }

  static func == (lhs: ItemList, rhs: ItemList) -> Bool {
    lhs.count == rhs.count && lhs.elementsEqual(rhs)
  }
}
