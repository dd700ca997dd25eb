import CollectionLayout
public import TextEngine

/// The band at the top of a picture: lines of settings (fonts, width, columns, …) and the
/// legend, laid out and shaped by our own text engine, in points of the picture it heads.
public struct PictureHeader: Sendable, Hashable {
  /// A legend swatch.
  public struct Swatch: Sendable, Hashable {
    var frame: Rect
    var fill: RGBColor
    var edge: RGBColor
  }

  /// The band's height in points.
  public var height: Double
  /// The text lines and legend captions.
  public var labels: [SceneLabel]
  /// The legend swatches.
  public var swatches: [Swatch]

  /// A header `width` points wide for a picture drawn at `scale` pixels per point: `lines`
  /// (wrapped at the width) then the legend; text is 12 px high whatever the scale.
  public init(lines: [String], width: Double, scale: Double, measurer: TextMeasurer, legend: Bool = true) {
    let unit = 1 / max(scale, 0.01)
    let margin = 6 * unit
    let fontSize = 12 * unit
    let style = TextStyle(fontSize: fontSize, lineHeight: .fixed(16 * unit))
    var y = margin
    var labels: [SceneLabel] = []
    var swatches: [Swatch] = []
    let room = max(width - 2 * margin, fontSize)
    for (index, line) in lines.enumerated() {
      var lineStyle = style
      if index == 0 { lineStyle.weight = .bold }
      guard let prepared = try? measurer.prepare(line, style: lineStyle),
        let layout = try? prepared.layout(width: room)
      else { continue }
      let frame = Rect(x: margin, y: y, width: room, height: layout.height)
      if let label = ReportScene.label(
        prepared, frame: frame, cellID: "header", name: "header", centered: false, measurer: measurer)
      {
        labels.append(label)
      }
      y += layout.height
    }
    if legend {
      y += 4 * unit
      var x = margin
      let rowHeight = 16 * unit
      for entry in ReportLegend.entries {
        guard let prepared = try? measurer.prepare(entry.text, style: style) else { continue }
        let textWidth = prepared.unconstrainedWidth
        let entryWidth = 18 * unit + textWidth + 12 * unit
        if x > margin && x + entryWidth > width - margin {
          x = margin
          y += rowHeight
        }
        swatches.append(
          Swatch(
            frame: Rect(x: x, y: y + 3 * unit, width: 14 * unit, height: 10 * unit), fill: entry.fill,
            edge: entry.edge))
        let frame = Rect(x: x + 18 * unit, y: y, width: textWidth + unit, height: rowHeight)
        if let label = ReportScene.label(
          prepared, frame: frame, cellID: "legend", name: "legend", centered: false, measurer: measurer)
        {
          labels.append(label)
        }
        x += entryWidth
      }
      y += rowHeight
    }
    height = y + margin
    self.labels = labels
    self.swatches = swatches
  }
}
