import CollectionLayout

extension FeedLayout {
  /// A table for people: one row per item (id, section, item, column, x, y, width, height),
  /// followed by the content size, column heights and pages.
  public func table() -> String {
    func format(_ value: Double) -> String { JSONValue.format(value, decimals: 3) }
    var table = TextTable(columns: ["id", "section", "item", "column", "x", "y", "width", "height"])
    for item in items {
      table.append([
        item.id, "\(item.section)", "\(item.item)", item.column.map { "\($0)" } ?? "-",
        format(item.frame.minX), format(item.frame.minY), format(item.frame.width), format(item.frame.height),
      ])
    }
    var output = table.rendered()
    output += "\ncontent size: \(format(contentSize.width)) × \(format(contentSize.height))\n"
    if !columnHeights.isEmpty {
      output += "column heights: \(columnHeights.map(format).joined(separator: ", "))\n"
    }
    for element in supplementary + decorations {
      output +=
        "\(element.kind) (section \(element.section), z \(element.zIndex)): "
        + "\(element.frame.array.map(format).joined(separator: ", "))\n"
    }
    var pagesTable = TextTable(columns: ["page", "source", "kind", "items", "measured", "placed"])
    for (index, page) in pages.enumerated() {
      pagesTable.append([
        "\(index + 1)", page.source, page.kind, "\(page.items)", "\(page.measured)", "\(page.placed)",
      ])
    }
    output += "\n" + pagesTable.rendered()
    return output
  }
}
