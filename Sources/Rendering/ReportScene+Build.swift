import CellSizing
import CollectionLayout
public import Feed
public import TextEngine

extension ReportScene {
  /// The scene of `layout`: label lines laid out at their frame widths from the prepared cells
  /// and shaped with `measurer` for drawing.
  ///
  /// - Parameter clipHeight: when set, only cells starting above it are drawn and the canvas is
  ///   cut there (for README pictures of long feeds).
  public init(layout: FeedLayout, measurer: TextMeasurer, clipHeight: Double? = nil) {
    let height = clipHeight.map { min($0, layout.contentSize.height) } ?? layout.contentSize.height
    var builder = CardBuilder(measurer: measurer, styles: layout.template?.styles ?? [:])
    var cells: [SceneCell] = []
    for item in layout.items where item.frame.minY < height || (height == 0 && item.frame.minY == 0) {
      cells.append(builder.cell(item, isRound: layout.kind == .circle))
    }
    let captions = layout.decorations.compactMap {
      Self.caption($0.kind, in: $0.frame, cellID: $0.kind, fontSize: 12, measurer: measurer)
    }
    self.init(
      kind: layout.kind, size: Size(width: layout.contentSize.width, height: height),
      contentHeight: layout.contentSize.height,
      columns: layout.columnFrames.map {
        Rect(x: $0.minX, y: $0.minY, width: $0.width, height: min($0.height, max(0, height - $0.minY)))
      },
      cells: cells, decorations: layout.decorations, captions: captions, supplementary: layout.supplementary,
      regularFonts: measurer.regular.fonts.map(\.path), boldFonts: measurer.bold.fonts.map(\.path))
  }

  /// A one-line caption centred in `frame` (circle cells and decorations).
  static func caption(
    _ text: String, in frame: Rect, cellID: String, fontSize: Double, measurer: TextMeasurer
  ) -> SceneLabel? {
    let style = TextStyle(fontSize: fontSize, lineHeight: .fixed(fontSize * 1.4), maxLines: 1)
    guard let prepared = try? measurer.prepare(text, style: style) else { return nil }
    let width = max(prepared.unconstrainedWidth, 1)
    let height = prepared.height(ofLineCount: 1)
    let box = Rect(x: frame.midX - width / 2, y: frame.midY - height / 2, width: width, height: height)
    return label(prepared, frame: box, cellID: cellID, name: "caption", centered: true, measurer: measurer)
  }

  /// A label's lines at the frame's width, vertically centred in the frame when it is taller
  /// than the text (as UILabel does).
  static func label(
    _ prepared: PreparedText, frame: Rect, cellID: String, name: String, centered: Bool,
    measurer: TextMeasurer
  ) -> SceneLabel? {
    guard frame.width > 0, let layout = try? prepared.layout(width: frame.width) else { return nil }
    let style = prepared.style
    let metrics = measurer.chain(for: style.weight).primary.metrics(atPointSize: style.fontSize)
    let lineHeight = prepared.lineHeight
    let textHeight = prepared.height(ofLineCount: layout.lineCount)
    let top = frame.minY + max(0, (frame.height - textHeight) / 2)
    var lines: [SceneLine] = []
    for (index, line) in layout.lines.enumerated() {
      let text = prepared.text(of: line)
      let lineTop = top + Double(index) * (lineHeight + style.lineSpacing)
      let baseline = lineTop + (lineHeight - (metrics.ascender - metrics.descender)) / 2 + metrics.ascender
      let runs = (try? measurer.glyphRuns(text, style: style)) ?? []
      let x = centered ? frame.minX + (frame.width - line.width) / 2 : frame.minX
      lines.append(
        SceneLine(
          text: text, x: x, top: lineTop, baseline: baseline, width: line.width, runs: runs,
          height: lineHeight))
    }
    return SceneLabel(
      cellID: cellID, name: name, frame: frame, style: style, lineHeight: lineHeight,
      ascender: metrics.ascender,
      descender: metrics.descender, isCentered: centered, lines: lines, truncated: layout.truncated)
  }
}
