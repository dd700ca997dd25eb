import CollectionLayout
public import SelfSizingCore
import TextEngine

extension FeedReport {
  /// `report.json`: `{"settings", "widths": [...], "items": [...], "sensitive": [...],
  /// "errors": [...], "platform", "platforms": [...]}`; `platform` is the platform the widths and
  /// items were measured for, `platforms` each width's feed on every platform
  /// (``PlatformComparison/jsonValue``).
  ///
  /// `settings` has `pictureCards`, the most cards the pictures of a width show (0: all). Each
  /// width: `{"name", "collectionWidth", "columns", "itemWidth", "items", "height": {"median",
  /// "p95", "max", "min", "mean"}, "contentHeight", "truncated", "missingGlyphs", "errors",
  /// "seconds", "histogram": {"start", "binWidth", "counts"}, "pictures": {"cards", "of"}}`
  /// (the pictures show the first `cards` of the width's `of` cards; the figures cover all). Each item: `{"id", "line",
  /// "missingGlyphs", "texts": {name: text}, "cards": [{"width", "height", "lineCount",
  /// "labels": [{"name", "lineCount", "truncated"}], "clipped"} or null per width], "errors"}`;
  /// a card's `width` is the column width, the `--width` of `selfsize measure`.
  public func jsonValue() -> JSONValue {
    func number(_ value: Double) -> JSONValue { .number(value) }
    func integer(_ value: Int) -> JSONValue { .number(Double(value)) }
    let settingsValue = JSONValue.object([
      ("template", .string(settings.template)),
      ("items", .array(settings.items.map { .string($0) })),
      ("fonts", .array(settings.fonts.map { .string($0) })),
      ("columnSpacing", number(settings.columnSpacing)),
      ("lineSpacing", number(settings.lineSpacing)),
      (
        "insets",
        .array(
          [settings.insets.top, settings.insets.left, settings.insets.bottom, settings.insets.right].map(
            number))
      ),
      ("pictureCards", integer(settings.pictureCards)),
    ])
    let widthValues = widths.map { width in
      JSONValue.object([
        ("name", .string(width.device.name)),
        ("collectionWidth", number(width.device.collectionWidth)),
        ("columns", integer(width.device.columns)),
        ("itemWidth", number(width.itemWidth)),
        ("items", integer(width.items)),
        (
          "height",
          .object([
            ("median", number(width.heights.median)), ("p95", number(width.heights.p95)),
            ("max", number(width.heights.maximum)), ("min", number(width.heights.minimum)),
            ("mean", number(width.heights.mean)),
          ])
        ),
        ("contentHeight", number(width.contentHeight)),
        ("truncated", integer(width.truncated)),
        ("missingGlyphs", integer(width.missingGlyphs)),
        ("errors", integer(width.errors)),
        ("seconds", number(width.seconds)),
        (
          "histogram",
          .object([
            ("start", number(width.histogram.start)), ("binWidth", number(width.histogram.binWidth)),
            ("counts", .array(width.histogram.counts.map(integer))),
          ])
        ),
        ("pictures", .object([("cards", integer(picturedCards(width))), ("of", integer(width.items))])),
      ])
    }
    let itemValues = items.map { item in
      JSONValue.object([
        ("id", .string(item.id)),
        ("line", item.line.map(integer) ?? .null),
        ("missingGlyphs", integer(item.missingGlyphs)),
        ("texts", .object(item.texts.map { ($0.name, .string($0.text)) })),
        (
          "cards",
          .array(
            zip(item.cards, widths).map { card, width in
              guard let card else { return .null }
              return .object([
                ("width", number(width.itemWidth)),
                ("height", number(card.height)),
                ("lineCount", integer(card.lineCount)),
                (
                  "labels",
                  .array(
                    card.labels.map {
                      .object([
                        ("name", .string($0.name)), ("lineCount", integer($0.lineCount)),
                        ("truncated", .bool($0.truncated)),
                      ])
                    })
                ),
                ("clipped", .bool(card.isClipped)),
              ])
            })
        ),
        ("errors", .array(item.errors.map { .string($0) })),
      ])
    }
    let sensitive = sensitiveItems(limit: .max).map {
      JSONValue.object([
        ("id", .string(items[$0.index].id)), ("narrowLines", integer($0.narrowLines)),
        ("wideLines", integer($0.wideLines)), ("labels", .array($0.labels.map { .string($0) })),
      ])
    }
    return .object([
      ("settings", settingsValue),
      ("widths", .array(widthValues)),
      ("items", .array(itemValues)),
      ("sensitive", .array(sensitive)),
      (
        "errors",
        .array(
          failures.map { .object([("location", .string($0.location)), ("message", .string($0.message))]) })
      ),
      ("platform", .string(platform.rawValue)),
      ("platforms", .array(platformComparisons.map(\.jsonValue))),
    ])
  }
}
