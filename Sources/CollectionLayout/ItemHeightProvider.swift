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

  /// The heights of a run of items of one section at `width` points: `items[i]` is the item at
  /// `IndexPath(section: first.section, item: first.item + i)` and its height goes to
  /// `heights[i]`.
  ///
  /// The layout measures through this method. The default asks ``height(of:at:width:)`` for
  /// each item in order; a provider may override it to measure a run at once or to avoid
  /// per-item dynamic dispatch. A failing item is reported to `failed` with its offset in
  /// `items` (in increasing offset order); its slot in `heights` is then ignored. Heights are
  /// validated by the layout afterwards as for ``height(of:at:width:)``.
  func heights(
    of items: UnsafeBufferPointer<LayoutItem>, from first: IndexPath, width: Double,
    into heights: UnsafeMutableBufferPointer<Double>, failed: (_ offset: Int, _ error: any Error) -> Void)
}

extension ItemHeightProvider {
  public func heights(
    of items: UnsafeBufferPointer<LayoutItem>, from first: IndexPath, width: Double,
    into heights: UnsafeMutableBufferPointer<Double>, failed: (_ offset: Int, _ error: any Error) -> Void
  ) {
    for offset in items.indices {
      do {
        heights[offset] = try height(
          of: items[offset], at: IndexPath(section: first.section, item: first.item + offset), width: width)
      } catch {
        failed(offset, error)
      }
    }
  }
}

/// An ``ItemHeightProvider`` backed by a closure.
public struct HeightProvider: ItemHeightProvider {
  private let body: (LayoutItem, IndexPath, Double) throws -> Double

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

  /// Calls the closure for each item (without dispatching through the protocol per item).
  public func heights(
    of items: UnsafeBufferPointer<LayoutItem>, from first: IndexPath, width: Double,
    into heights: UnsafeMutableBufferPointer<Double>, failed: (_ offset: Int, _ error: any Error) -> Void
  ) {
    let body = body
    for offset in items.indices {
      do {
        heights[offset] = try body(
          items[offset], IndexPath(section: first.section, item: first.item + offset), width)
      } catch {
        failed(offset, error)
      }
    }
  }
}
