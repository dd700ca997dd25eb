import CollectionLayout
import Feed
import TextEngine

extension ReportPage {
  /// A histogram of one width's card heights as inline SVG: bars per bin on a count axis scaled
  /// to `countScale` (the largest bin over all widths), the median dashed, the 95th percentile
  /// dotted.
  func histogramSVG(_ width: WidthSummary, countScale: Int) -> String {
    let n = Markup.number
    let (chartWidth, chartHeight) = (300.0, 120.0)
    let (left, top, bottom) = (34.0, 22.0, 28.0)
    let histogram = width.histogram
    let bins = max(1, histogram.counts.count)
    let barWidth = chartWidth / Double(bins)
    let scale = chartHeight / Double(max(1, countScale))
    let totalWidth = left + chartWidth + 8
    let totalHeight = top + chartHeight + bottom
    var out =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"histogram\" width=\"\(n(totalWidth))\" height=\"\(n(totalHeight))\" "
      + "viewBox=\"0 0 \(n(totalWidth)) \(n(totalHeight))\" role=\"img\" "
      + "aria-label=\"card heights at \(Markup.escaped(width.device.label))\" font-family=\"sans-serif\" font-size=\"10\">"
    out +=
      "<text x=\"\(n(left))\" y=\"13\" font-size=\"12\" font-weight=\"600\" fill=\"#1f2328\">"
      + "\(Markup.escaped(width.device.name)) · \(Markup.escaped(width.device.label))</text>"
    let baseline = top + chartHeight
    out +=
      "<line x1=\"\(n(left))\" y1=\"\(n(baseline))\" x2=\"\(n(left + chartWidth))\" y2=\"\(n(baseline))\" stroke=\"#8c959f\"/>"
      + "<line x1=\"\(n(left))\" y1=\"\(n(top))\" x2=\"\(n(left))\" y2=\"\(n(baseline))\" stroke=\"#8c959f\"/>"
      + "<text x=\"\(n(left - 4))\" y=\"\(n(top + 4))\" text-anchor=\"end\" fill=\"#57606a\">\(countScale)</text>"
      + "<text x=\"\(n(left - 4))\" y=\"\(n(baseline))\" text-anchor=\"end\" fill=\"#57606a\">0</text>"
    for (index, count) in histogram.counts.enumerated() where count > 0 {
      let height = Double(count) * scale
      let low = histogram.lowerEdge(index)
      out +=
        "<rect x=\"\(n(left + Double(index) * barWidth + 0.5))\" y=\"\(n(baseline - height))\" "
        + "width=\"\(n(max(0.5, barWidth - 1)))\" height=\"\(n(height))\" fill=\"#6e9bd8\">"
        + "<title>\(format(low))–\(format(low + histogram.binWidth)) pt: \(count) items</title></rect>"
    }
    let span = histogram.binWidth * Double(bins)
    func x(_ height: Double) -> Double { left + (height - histogram.start) / span * chartWidth }
    for tick in 0...4 {
      let value = histogram.start + span * Double(tick) / 4
      out +=
        "<text x=\"\(n(x(value)))\" y=\"\(n(baseline + 12))\" text-anchor=\"middle\" fill=\"#57606a\">\(format(value))</text>"
    }
    out +=
      "<text x=\"\(n(left + chartWidth))\" y=\"\(n(baseline + 24))\" text-anchor=\"end\" fill=\"#57606a\">card height (pt)</text>"
    if width.items > 0 {
      for (value, dash, name) in [(width.heights.median, "4 3", "median"), (width.heights.p95, "1 2", "p95")]
      {
        out +=
          "<line x1=\"\(n(x(value)))\" y1=\"\(n(top))\" x2=\"\(n(x(value)))\" y2=\"\(n(baseline))\" stroke=\"#cf222e\" "
          + "stroke-dasharray=\"\(dash)\"><title>\(name) \(format(value)) pt</title></line>"
      }
    }
    return out + "</svg>"
  }

  /// The top of one width's waterfall at 1:5 as inline SVG: columns, cards (edge by state),
  /// image placeholders, label lines as bars of their measured width.
  func overviewSVG(_ scene: ReportScene, column: Int) -> String {
    let n = Markup.number
    let factor = 0.2
    let missing = Set(report.items.filter { $0.missingGlyphs > 0 }.map(\.id))
    var out =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(scene.size.width * factor))\" "
      + "height=\"\(n(scene.size.height * factor))\" viewBox=\"0 0 \(n(scene.size.width)) \(n(scene.size.height))\">"
    for frame in scene.columns {
      out +=
        "<rect x=\"\(n(frame.minX))\" y=\"\(n(frame.minY))\" width=\"\(n(frame.width))\" height=\"\(n(frame.height))\" "
        + "fill=\"\(ReportPalette.column.css)\"/>"
    }
    for cell in scene.cells {
      let frame = cell.frame
      let edge =
        cell.isClipped
        ? ReportPalette.clippedEdge
        : missing.contains(cell.id)
          ? ReportPalette.missingEdge
          : cell.labels.contains(where: \.truncated) ? ReportPalette.truncatedEdge : ReportPalette.cardEdge
      let thick = edge == ReportPalette.cardEdge ? 1.5 : 5
      out +=
        "<g><title>\(Markup.escaped(cell.id)) · \(format(frame.height)) pt</title>"
        + "<rect x=\"\(n(frame.minX))\" y=\"\(n(frame.minY))\" width=\"\(n(frame.width))\" height=\"\(n(frame.height))\" "
        + "fill=\"\(ReportPalette.card.css)\" stroke=\"\(edge.css)\" stroke-width=\"\(n(thick))\"/>"
      for image in cell.images {
        out +=
          "<rect x=\"\(n(image.minX))\" y=\"\(n(image.minY))\" width=\"\(n(image.width))\" height=\"\(n(image.height))\" "
          + "fill=\"\(ReportPalette.image.css)\"/>"
      }
      for label in cell.labels {
        let color = label.style.weight == .bold ? ReportPalette.boldText : ReportPalette.text
        for line in label.lines where line.width > 0 {
          out +=
            "<rect x=\"\(n(line.x))\" y=\"\(n(line.top + label.lineHeight * 0.25))\" width=\"\(n(line.width))\" "
            + "height=\"\(n(label.lineHeight * 0.5))\" fill=\"\(color.css)\" opacity=\"0.55\"/>"
        }
      }
      out += "</g>"
    }
    return out + "</svg>"
  }
}
