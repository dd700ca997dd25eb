/// Supplies item heights for a column width: where the template cell (or anything else that can
/// answer "how tall is this item at this width?") plugs into ``WaterfallLayout``.
///
/// A provider may throw for an item; the layout then reports a ``LayoutError`` with code
/// ``LayoutError/Code/heightProviderFailed`` for that item (naming its id and index path) and
/// gives it ``WaterfallLayout/Configuration/fallbackItemHeight``. A height that is NaN, infinite
/// or negative is reported as ``LayoutError/Code/invalidItemHeight`` and replaced the same way.
/// Failed heights are not cached, so the next measurement tries again.
public protocol ItemHeightProvider {
  /// The height of `item` (at `indexPath`) laid out at `width` points.
  func height(of item: LayoutItem, at indexPath: IndexPath, width: Double) throws -> Double
}

/// An ``ItemHeightProvider`` backed by a closure.
public struct HeightProvider: ItemHeightProvider {
  /// The closure (internal: the layout calls it directly instead of through the protocol).
  let body: (LayoutItem, IndexPath, Double) throws -> Double

  /// Creates a provider from a closure `(item, indexPath, width) -> height`.
  public init(_ body: @escaping (LayoutItem, IndexPath, Double) throws -> Double) {
    self.body = body
  }

  /// Creates a provider that gives every item the same height.
  public static func constant(_ height: Double) -> HeightProvider {
    HeightProvider { _, _, _ in height }
  }

  /// Creates a provider from known heights per identity (e.g. fixtures). An identity without a
  /// height makes the provider throw, so the layout reports it.
  public static func table(_ heights: [ItemID: Double]) -> HeightProvider {
    HeightProvider { item, indexPath, _ in
      guard let height = heights[item.id] else {
        throw LayoutError(
          .heightProviderFailed, "no height for item \"\(item.id)\" at \(indexPath)",
          indexPath: indexPath, itemID: item.id)
      }
      return height
    }
  }

  public func height(of item: LayoutItem, at indexPath: IndexPath, width: Double) throws -> Double {
    try body(item, indexPath, width)
  }
}
