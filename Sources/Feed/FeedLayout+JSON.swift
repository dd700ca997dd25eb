import CellSizing
import CollectionLayout
import TextEngine

extension FeedLayout {
  /// The `selfsize layout` JSON: `{"contentSize", "columnHeights", "items",
  /// "supplementary", "decorations", "pages"}` in that order, then the added keys `"layout"`,
  /// `"collectionSize"`, `"errors"`, `"missingGlyphs"` and `"platform"`. Items carry `{"id", "section", "item", "column",
  /// "span", "frame", "missingGlyphs"}` (`column` is null for circle cells; for an item spanning
  /// several columns it is the first, and `span` their number); pages `{"items", "measured"}` plus
  /// `"source"`, `"kind"` and `"placed"`.
  public func jsonValue() -> JSONValue {
    func frame(_ rect: Rect) -> JSONValue { .array(rect.array.map { .number($0) }) }
    return .object([
      ("contentSize", .array([.number(contentSize.width), .number(contentSize.height)])),
      ("columnHeights", .array(columnHeights.map { .number($0) })),
      (
        "items",
        .array(
          items.map { item in
            .object([
              ("id", .string(item.id)), ("section", .number(Double(item.section))),
              ("item", .number(Double(item.item))),
              ("column", item.column.map { .number(Double($0)) } ?? .null),
              ("span", .number(Double(item.span))),
              ("frame", frame(item.frame)),
              ("missingGlyphs", .number(Double(item.measurement?.missingGlyphs ?? 0))),
            ])
          })
      ),
      (
        "supplementary",
        .array(
          supplementary.map {
            .object([
              ("kind", .string($0.kind)), ("section", .number(Double($0.section))),
              ("frame", frame($0.frame)),
            ])
          })
      ),
      (
        "decorations",
        .array(
          decorations.map {
            .object([
              ("kind", .string($0.kind)), ("frame", frame($0.frame)), ("zIndex", .number(Double($0.zIndex))),
            ])
          })
      ),
      (
        "pages",
        .array(
          pages.map {
            .object([
              ("items", .number(Double($0.items))), ("measured", .number(Double($0.measured))),
              ("source", .string($0.source)), ("kind", .string($0.kind)),
              ("placed", .number(Double($0.placed))),
            ])
          })
      ),
      ("layout", .string(kind.rawValue)),
      ("collectionSize", .array([.number(collectionSize.width), .number(collectionSize.height)])),
      ("errors", .number(Double(failures.count))),
      ("missingGlyphs", .number(Double(missingGlyphs))),
      ("platform", .string(platform.rawValue)),
    ])
  }
}
