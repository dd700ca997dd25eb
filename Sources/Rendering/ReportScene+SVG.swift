import CollectionLayout
import Feed
import TextEngine

extension ReportScene {
  /// The scene as an SVG document: the same frames as the PNG, text as `<text>` elements placed
  /// line by line at our baselines (`xml:space="preserve"`), fonts by `@font-face` from the font
  /// files. Each cell is a `<g>` with `data-id`. `scale` sets the intrinsic size (the viewBox is
  /// in points).
  ///
  /// With `fontFolder`, the fonts its glyphs use (``usedFontPaths``) are referred to by URL
  /// relative to the SVG (`fonts/…`, see ``fontFileNames``), so the file works beside a copy of
  /// that folder holding them. A ``header`` is drawn
  /// above the content; ``tags`` on the cards.
  public func svg(scale: Int = 1, fontFolder: String? = nil) -> String {
    let n = cssNumber
    let headerHeight = header?.height ?? 0
    let totalHeight = size.height + headerHeight
    var out = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(n(size.width * Double(scale)))" \
      height="\(n(totalHeight * Double(scale)))" viewBox="0 0 \(n(size.width)) \(n(totalHeight))">
      <style>
      \(fontFaceCSS(fontFolder: fontFolder, only: fontFolder == nil ? nil : usedFontPaths))
      text { white-space: pre; }
      </style>
      <rect x="0" y="0" width="\(n(size.width))" height="\(n(totalHeight))" fill="\(ReportPalette.background.css)"/>

      """
    if let header {
      out += "<g class=\"header\">\n"
      out +=
        "<rect x=\"0\" y=\"0\" width=\"\(n(size.width))\" height=\"\(n(headerHeight))\" fill=\"\(ReportPalette.header.css)\"/>\n"
      for swatch in header.swatches {
        out +=
          "<rect x=\"\(n(swatch.frame.minX))\" y=\"\(n(swatch.frame.minY))\" width=\"\(n(swatch.frame.width))\" "
          + "height=\"\(n(swatch.frame.height))\" fill=\"\(swatch.fill.css)\" stroke=\"\(swatch.edge.css)\"/>\n"
      }
      for label in header.labels { out += svgText(label, color: ReportPalette.headerText) }
      out += "</g>\n<g transform=\"translate(0 \(n(headerHeight)))\">\n"
    }
    func rect(_ frame: Rect, fill: RGBColor, stroke: RGBColor?, extra: String = "") -> String {
      "<rect x=\"\(n(frame.minX))\" y=\"\(n(frame.minY))\" width=\"\(n(frame.width))\" height=\"\(n(frame.height))\" "
        + "fill=\"\(fill.css)\"" + (stroke.map { " stroke=\"\($0.css)\" stroke-width=\"0.5\"" } ?? "") + extra
        + "/>"
    }
    for column in columns {
      out +=
        rect(column, fill: ReportPalette.column, stroke: ReportPalette.columnEdge, extra: " class=\"column\"")
        + "\n"
    }
    for element in decorations + supplementary {
      out +=
        rect(
          element.frame, fill: ReportPalette.decoration, stroke: ReportPalette.decorationEdge,
          extra: " data-kind=\"\(markupEscaped(element.kind))\"") + "\n"
    }
    for caption in captions { out += svgText(caption) }
    for cell in cells {
      out += "<g class=\"cell\" data-id=\"\(markupEscaped(cell.id))\">\n"
      let frame = cell.frame
      if cell.isRound {
        out +=
          "<ellipse cx=\"\(n(frame.midX))\" cy=\"\(n(frame.midY))\" rx=\"\(n(frame.width / 2))\" ry=\"\(n(frame.height / 2))\" "
          + "fill=\"\(ReportPalette.card.css)\" stroke=\"\(ReportPalette.cardEdge.css)\" stroke-width=\"0.5\"/>\n"
      } else {
        out +=
          rect(
            frame, fill: ReportPalette.card,
            stroke: cell.isClipped ? ReportPalette.clippedEdge : ReportPalette.cardEdge) + "\n"
      }
      for fill in cell.fills {
        out +=
          "<rect x=\"\(n(fill.frame.minX))\" y=\"\(n(fill.frame.minY))\" width=\"\(n(fill.frame.width))\" "
          + "height=\"\(n(fill.frame.height))\" rx=\"\(n(fill.cornerRadius))\" fill=\"\(fill.color.css)\""
          + (fill.alpha == 255 ? "" : " fill-opacity=\"\(n(Double(fill.alpha) / 255))\"") + "/>\n"
      }
      for image in cell.images {
        out +=
          rect(image, fill: ReportPalette.image, stroke: ReportPalette.imageLine, extra: " class=\"image\"")
          + "\n"
        out +=
          "<path d=\"M\(n(image.minX)) \(n(image.minY))L\(n(image.maxX)) \(n(image.maxY))M\(n(image.minX)) \(n(image.maxY))"
          + "L\(n(image.maxX)) \(n(image.minY))\" stroke=\"\(ReportPalette.imageLine.css)\" stroke-width=\"0.5\"/>\n"
      }
      for label in cell.labels { out += svgText(label) }
      out += "</g>\n"
    }
    for tag in tags {
      out +=
        rect(tag.frame, fill: ReportPalette.tag, stroke: nil, extra: " class=\"tag\"") + "\n"
        + svgText(tag.label, color: ReportPalette.tagText)
    }
    if header != nil { out += "</g>\n" }
    out += "</svg>\n"
    return out
  }

  private func svgText(_ label: SceneLabel, color: RGBColor? = nil) -> String {
    let n = cssNumber
    let color =
      color ?? label.color ?? (label.style.weight == .bold ? ReportPalette.boldText : ReportPalette.text)
    var out =
      "<g class=\"label\" data-label=\"\(markupEscaped(label.name))\" data-lines=\"\(label.lines.count)\" "
      + "font-family=\"\(fontFamilyList(for: label.style.weight))\" font-size=\"\(n(label.style.fontSize))\" "
      + "font-weight=\"\(label.style.weight == .bold ? 700 : 400)\" fill=\"\(color.css)\">\n"
    for line in label.lines where !line.pieces.isEmpty {
      out += "<text x=\"\(n(line.x))\" y=\"\(n(line.baseline))\" xml:space=\"preserve\">"
      for piece in line.pieces {
        let pieceColor =
          piece.color ?? (piece.style.weight == .bold ? ReportPalette.boldText : ReportPalette.text)
        out +=
          "<tspan x=\"\(n(line.x + piece.x))\" font-family=\"\(fontFamilyList(for: piece.style.weight))\" "
          + "font-size=\"\(n(piece.style.fontSize))\" font-weight=\"\(piece.style.weight == .bold ? 700 : 400)\" "
          + "fill=\"\(pieceColor.css)\""
          + (piece.style.letterSpacing == 0 ? "" : " letter-spacing=\"\(n(piece.style.letterSpacing))\"")
          + (piece.strikethrough ? " text-decoration=\"line-through\"" : "")
          + ">\(markupEscaped(piece.text))</tspan>"
      }
      out += "</text>\n"
    }
    for line in label.lines where line.pieces.isEmpty {
      let spacing =
        label.style.letterSpacing == 0 ? "" : " letter-spacing=\"\(n(label.style.letterSpacing))\""
      let strike = label.strikethrough ? " text-decoration=\"line-through\"" : ""
      out +=
        "<text x=\"\(n(line.x))\" y=\"\(n(line.baseline))\" xml:space=\"preserve\"\(spacing)\(strike)>\(markupEscaped(line.text))</text>\n"
    }
    return out + "</g>\n"
  }
}
