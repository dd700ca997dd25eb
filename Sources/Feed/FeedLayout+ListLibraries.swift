import CollectionLayout
public import SelfSizingCore

extension FeedLayout {
  /// The items as TanStack Virtual's `VirtualItem`s, in index order: `{"key", "index", "start",
  /// "end", "size", "lane", "span"}` — `key` the item id, `start` and `end` the top and bottom
  /// edges in content coordinates (insets included, as the virtualizer's `paddingStart` counts
  /// them), `size` the height, `lane` the (first) column and `span` the columns covered. The
  /// array is what `initialMeasurementsCache` takes (`selfsize layout --format tanstack`).
  ///
  /// A full-span item (not made by the feed) has lane 0 and spans every column.
  public func tanstackValue() -> JSONValue {
    .array(
      items.enumerated().map { index, item in
        .object([
          ("key", .string(item.id)), ("index", .number(Double(index))), ("start", .number(item.frame.minY)),
          ("end", .number(item.frame.maxY)), ("size", .number(item.frame.height)),
          ("lane", .number(Double(item.column ?? 0))), ("span", .number(Double(item.span))),
        ])
      })
  }

  /// The items as FlashList's layout overrides, in index order: `{"span", "size"}` — the columns
  /// the item covers and its height — for `overrideItemLayout` (`selfsize layout --format
  /// flashlist`).
  public func flashListValue() -> JSONValue {
    .array(
      items.map { item in
        .object([("span", .number(Double(item.span))), ("size", .number(item.frame.height))])
      })
  }
}
