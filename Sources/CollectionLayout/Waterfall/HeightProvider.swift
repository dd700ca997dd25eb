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

  /// Calls the closure.
  public func height(of item: LayoutItem, at indexPath: IndexPath, width: Double) throws -> Double {
    try body(item, indexPath, width)
  }
}
