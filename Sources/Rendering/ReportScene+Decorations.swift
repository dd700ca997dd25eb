import CellSizing
import CollectionLayout
public import Feed
public import TextEngine

extension ReportScene {
  /// The scene with a header band of `lines` (settings) and the legend above the content, for
  /// a picture drawn at `scale`.
  public func withHeader(_ lines: [String], scale: Double, measurer: TextMeasurer) -> ReportScene {
    var scene = self
    scene.header = PictureHeader(lines: lines, width: size.width, scale: scale, measurer: measurer)
    return scene
  }

  /// The scene with each card's id and height drawn on it (a tag 10 px high at `scale`).
  public func withTags(scale: Double, measurer: TextMeasurer) -> ReportScene {
    var scene = self
    let unit = 1 / max(scale, 0.01)
    let style = TextStyle(fontSize: 9 * unit, lineHeight: .fixed(12 * unit), maxLines: 1)
    scene.tags = cells.compactMap { cell in
      let text = "\(cell.id) · \(format(cell.frame.height))"
      guard !cell.isRound, let prepared = try? measurer.prepare(text, style: style) else { return nil }
      let width = min(prepared.unconstrainedWidth + 4 * unit, cell.frame.width - 2 * unit)
      guard width > 4 * unit else { return nil }
      let box = Rect(
        x: cell.frame.minX + unit, y: cell.frame.minY + unit, width: width, height: 12 * unit)
      let textFrame = Rect(x: box.minX + 2 * unit, y: box.minY, width: width - 4 * unit, height: box.height)
      guard
        let label = Self.label(
          prepared, frame: textFrame, cellID: cell.id, name: "tag", centered: false, measurer: measurer)
      else { return nil }
      return SceneTag(frame: box, label: label)
    }
    return scene
  }

  /// The cards of `layout` as a contact sheet: every card at its measured size, in feed order,
  /// in rows `sheetWidth` points wide (gaps of `gap`), each row as tall as its tallest card.
  public static func contactSheet(
    layout: FeedLayout, measurer: TextMeasurer, sheetWidth: Double, gap: Double = 12
  ) -> ReportScene {
    var builder = CardBuilder(measurer: measurer, styles: layout.template?.styles ?? [:])
    var cells: [SceneCell] = []
    var x = gap
    var y = gap
    var rowHeight = 0.0
    var width = gap
    for item in layout.items {
      if x > gap && x + item.frame.width + gap > sheetWidth {
        x = gap
        y += rowHeight + gap
        rowHeight = 0
      }
      var placed = item
      placed.frame = Rect(x: x, y: y, width: item.frame.width, height: item.frame.height)
      cells.append(builder.cell(placed, isRound: layout.kind == .circle))
      x += item.frame.width + gap
      width = max(width, x)
      rowHeight = max(rowHeight, item.frame.height)
    }
    let height = layout.items.isEmpty ? 2 * gap : y + rowHeight + gap
    return ReportScene(
      kind: layout.kind, size: Size(width: width, height: height), contentHeight: height, columns: [],
      cells: cells, decorations: [], captions: [], supplementary: [],
      regularFonts: measurer.regular.fonts.map(\.path), boldFonts: measurer.bold.fonts.map(\.path))
  }
}
