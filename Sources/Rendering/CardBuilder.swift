import CellSizing
import CollectionLayout
import Feed
import TextEngine

/// Turns a measured cell into what is drawn: image placeholders (grid cells too), backgrounds
/// and chips, labels (attributed ones piece by piece in their styles and colours) and the
/// truncation tokens at their reported frames.
struct CardBuilder {
  let measurer: TextMeasurer
  let styles: [String: TemplateStyle]

  static func color(_ hex: String?) -> (RGBColor, UInt8)? {
    guard let hex, let color = RGBAColor(hex: hex) else { return nil }
    return (RGBColor(red: color.red, green: color.green, blue: color.blue), color.alpha)
  }

  func textColor(_ style: String?) -> RGBColor? {
    style.flatMap { Self.color(styles[$0]?.color)?.0 }
  }

  mutating func cell(_ item: PlacedItem, isRound: Bool) -> SceneCell {
    let origin = item.frame.origin
    var images: [Rect] = []
    var labels: [SceneLabel] = []
    var fills: [SceneFill] = []
    if let measurement = item.measurement, let cell = item.cell {
      for element in measurement.elements {
        let frame = Rect(
          x: origin.x + element.x, y: origin.y + element.y, width: element.width, height: element.height)
        if let template = cell.element(named: element.name) {
          if let (color, alpha) = Self.color(template.background) {
            fills.append(
              SceneFill(frame: frame, color: color, alpha: alpha, cornerRadius: template.cornerRadius ?? 0))
          }
          let padding = template.padding
          let inner = Rect(
            x: frame.minX + padding.left, y: frame.minY + padding.top,
            width: max(0, frame.width - padding.horizontal), height: max(0, frame.height - padding.vertical))
          switch template.kind {
          case .image:
            images.append(frame)
          case .label(let spec):
            if let prepared = cell.preparedText(named: element.name),
              var label = ReportScene.label(
                prepared, frame: inner, cellID: item.id, name: element.name, centered: false,
                measurer: measurer)
            {
              label.color = textColor(spec.style)
              label.strikethrough = styles[spec.style]?.strikethrough ?? false
              align(&label, template.textAlignment)
              labels.append(label)
            } else if let text = cell.attributedText(named: element.name),
              var label = attributed(
                text, styleNames: cell.spanStyles(named: element.name), frame: inner, cellID: item.id,
                name: element.name)
            {
              align(&label, template.textAlignment)
              labels.append(label)
            }
          case .spans:
            if let text = cell.attributedText(named: element.name),
              var label = attributed(
                text, styleNames: cell.spanStyles(named: element.name), frame: inner, cellID: item.id,
                name: element.name)
            {
              align(&label, template.textAlignment)
              labels.append(label)
            }
          default:
            break
          }
          continue
        }
        // Parts: grid cells and chips (`name[i]`), chips' "+N" and truncation tokens (`name.more`).
        guard let part = Self.part(of: element.name), let owner = cell.element(named: part.owner) else {
          continue
        }
        switch owner.kind {
        case .grid:
          images.append(frame)
        case .flow(let flow):
          guard let texts = cell.chipTexts(named: part.owner) else { continue }
          let text: PreparedText?
          if let index = part.index {
            text = index < texts.chips.count ? texts.chips[index] : nil
          } else {
            let shown = measurement.elements.filter { Self.part(of: $0.name)?.owner == part.owner }.count - 1
            let hidden = texts.chips.count - shown
            text = hidden >= 1 && hidden <= texts.more.count ? texts.more[hidden - 1] : nil
          }
          if let (color, alpha) = Self.color(flow.background) {
            fills.append(SceneFill(frame: frame, color: color, alpha: alpha, cornerRadius: frame.height / 2))
          }
          let inner = Rect(
            x: frame.minX + flow.padding.left, y: frame.minY + flow.padding.top,
            width: max(0, frame.width - flow.padding.horizontal),
            height: max(0, frame.height - flow.padding.vertical))
          if let text,
            var label = ReportScene.label(
              text, frame: inner, cellID: item.id, name: element.name, centered: false, measurer: measurer)
          {
            label.color = textColor(flow.style)
            labels.append(label)
          }
        case .label, .spans:
          guard part.index == nil, let text = cell.attributedText(named: part.owner), let token = text.token
          else {
            continue
          }
          let styleName: String?
          if case .label(let spec) = owner.kind {
            styleName = spec.more?.style ?? spec.style
          } else if case .spans(let spec) = owner.kind {
            styleName = spec.more?.style ?? cell.spanStyles(named: part.owner).last
          } else {
            styleName = nil
          }
          var style = token.style
          style.maxLines = 1
          style.lineHeight = .fixed(frame.height)
          if let prepared = try? measurer.prepare(token.text, style: style),
            var label = ReportScene.label(
              prepared, frame: frame, cellID: item.id, name: element.name, centered: false, measurer: measurer
            )
          {
            label.color = textColor(styleName)
            labels.append(label)
          }
        default:
          continue
        }
      }
    } else if let caption = ReportScene.caption(
      item.id, in: item.frame, cellID: item.id, fontSize: 12, measurer: measurer)
    {
      labels.append(caption)
    }
    return SceneCell(
      id: item.id, frame: item.frame, isRound: isRound, fills: fills, images: images, labels: labels,
      isClipped: item.measurement?.isClipped ?? false)
  }

  /// `photos[3]` → ("photos", 3); `body.more` → ("body", nil).
  static func part(of name: String) -> (owner: String, index: Int?)? {
    if name.hasSuffix(".more") { return (String(name.dropLast(5)), nil) }
    guard name.hasSuffix("]"), let open = name.lastIndex(of: "["),
      let index = Int(name[name.index(after: open)..<name.index(before: name.endIndex)])
    else { return nil }
    return (String(name[..<open]), index)
  }

  /// Lines shifted for centred or trailing text alignment.
  func align(_ label: inout SceneLabel, _ alignment: HorizontalAlignment?) {
    guard let alignment, alignment != .leading else { return }
    label.alignment = alignment
    let factor = alignment == .center ? 0.5 : 1
    for index in label.lines.indices {
      label.lines[index].x += (label.frame.width - label.lines[index].width) * factor
    }
  }

  /// An attributed label: each line's pieces shaped in their span's style and colour; the
  /// truncation token is drawn from its own frame.
  func attributed(
    _ text: AttributedText, styleNames: [String], frame: Rect, cellID: String, name: String
  ) -> SceneLabel? {
    guard frame.width > 0, let layout = try? text.layout(width: frame.width) else { return nil }
    let textHeight = layout.height
    let top = frame.minY + max(0, (frame.height - textHeight) / 2)
    var lines: [SceneLine] = []
    for line in layout.lines {
      var pieces: [ScenePiece] = []
      for piece in text.pieces(of: line) {
        let span = text.spans[piece.span]
        let styleName = piece.span < styleNames.count ? styleNames[piece.span] : nil
        let string = text.string(ofScalars: piece.scalarRange)
        pieces.append(
          ScenePiece(
            text: string, x: piece.x, width: piece.width, style: span.style, color: textColor(styleName),
            strikethrough: styleName.flatMap { styles[$0]?.strikethrough } ?? false,
            runs: (try? measurer.glyphRuns(string, style: span.style)) ?? []))
      }
      if line.isTruncated, text.token == nil, let last = text.spans.last {
        pieces.append(
          ScenePiece(
            text: "…", x: line.width - text.truncationTokenWidth, width: text.truncationTokenWidth,
            style: last.style, color: textColor(styleNames.last), strikethrough: false,
            runs: (try? measurer.glyphRuns("…", style: last.style)) ?? []))
      }
      lines.append(
        SceneLine(
          text: text.string(ofScalars: line.scalarRange), x: frame.minX, top: top + line.top,
          baseline: top + line.baseline,
          width: line.width - (line.isTruncated ? text.truncationTokenWidth : 0),
          runs: [], pieces: pieces, height: line.height))
    }
    let first = text.spans.first?.style ?? text.paragraph
    let metrics = measurer.chain(for: first.weight).primary.metrics(atPointSize: first.fontSize)
    return SceneLabel(
      cellID: cellID, name: name, frame: frame, style: text.paragraph,
      lineHeight: layout.lines.map(\.height).max() ?? 0, ascender: metrics.ascender,
      descender: metrics.descender,
      isCentered: false, lines: lines, truncated: layout.truncated)
  }
}
