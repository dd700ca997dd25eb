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

  /// Calls `body` with the items of `range` as at most two runs of contiguous storage (part of
  /// `base`, then part of `tail`), each with the index of its first item. Loops over the runs
  /// read items in place instead of copying each one out through the subscript.
  func forEachRun(
    in range: Range<Int>, _ body: (_ first: Int, _ items: UnsafeBufferPointer<LayoutItem>) -> Void
  ) {
    let split = base.count
    if range.lowerBound < split {
      let upper = Swift.min(range.upperBound, split)
      base.withUnsafeBufferPointer { base in
        body(range.lowerBound, UnsafeBufferPointer(rebasing: base[range.lowerBound..<upper]))
      }
    }
    if range.upperBound > split {
      let lower = Swift.max(range.lowerBound, split)
      tail.withUnsafeBufferPointer { tail in
        body(lower, UnsafeBufferPointer(rebasing: tail[(lower - split)..<(range.upperBound - split)]))
      }
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
