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
