import SelfSizingCore
import TextEngine

extension WebCardStyleSheet {
  /// One card as HTML for this sheet: an element per visible template element with `data-name`
  /// (grid cells `photos[3]`, chips `tags[2]`), `data-id` and `data-width` on the card, whose
  /// inline width is the only thing that depends on the width. The layout is the sheet's; the
  /// page holds the item's data (texts, image aspect ratios) and nothing measured, except what
  /// CSS cannot say, marked `data-measured`: the truncation token (`body.more`, at its measured
  /// place) and a flow's chips under `maxLines` (the chips that fit and the "+N" chip).
  /// - Parameters:
  ///   - cell: the prepared item.
  ///   - measurement: `cell` measured at the card's width (for the measured parts).
  public func cardHTML(_ cell: PreparedCell, measurement: CellMeasurement) -> String {
    var writer = HTMLWriter(sheet: self, measurement: measurement)
    writer.overlays = Self.overlaysByTarget(cell.stack)
    writer.html +=
      "<div class=\"ss-card\" data-id=\"\(HTMLText.escaped(cell.item.id))\" "
      + "data-width=\"\(NumberFormat.string(measurement.width))\" style=\"width: \(Self.px(measurement.width))\">"
    for node in cell.stack where !node.isOverlay { writer.write(node, inFlow: true) }
    writer.writeOverlays(on: CellModel.cellName)
    for frame in measurement.elements where frame.name.hasSuffix(".more") {
      guard cell.node(named: String(frame.name.dropLast(5)))?.isTextual == true else { continue }
      writer.html +=
        "<div class=\"ss-more\" data-name=\"\(HTMLText.escaped(frame.name))\" data-measured "
        + "style=\"left: \(Self.px(frame.x)); top: \(Self.px(frame.y)); width: \(Self.px(frame.width)); "
        + "height: \(Self.px(frame.height))\"></div>"
    }
    writer.html += "</div>\n"
    return writer.html
  }

  /// A whole page: the sheet and the cards, in order.
  public func page(title: String, cards: [String]) -> String {
    pageStart(title: title) + cards.joined() + Self.pageEnd
  }

  /// The page up to the first card (for writing cards as they come).
  public func pageStart(title: String) -> String {
    """
    <!doctype html>
    <html><head><meta charset="utf-8"><title>\(HTMLText.escaped(title))</title>
    <style>
    body { margin: 0; }
    .ss-page > .ss-card { margin-bottom: 24px; }
    \(css)</style></head>
    <body><div class="ss-page">

    """
  }

  /// The page after the last card.
  public static let pageEnd = "</div></body></html>\n"

  static func overlaysByTarget(_ nodes: [CellNode]) -> [String: [CellNode]] {
    var result: [String: [CellNode]] = [:]
    func collect(_ nodes: [CellNode]) {
      for node in nodes {
        if case .overlay(let overlay) = node.element.kind { result[overlay.target, default: []].append(node) }
        collect(node.children)
      }
    }
    collect(nodes)
    return result
  }
}

/// Writes a card's elements (see ``WebCardStyleSheet/cardHTML(_:measurement:)``).
struct HTMLWriter {
  let sheet: WebCardStyleSheet
  let measurement: CellMeasurement
  var overlays: [String: [CellNode]] = [:]
  var html = ""

  init(sheet: WebCardStyleSheet, measurement: CellMeasurement) {
    self.sheet = sheet
    self.measurement = measurement
  }

  mutating func open(_ node: CellNode, inFlow: Bool, classes: [String] = [], attributes: String = "") {
    let all = (inFlow ? ["ss-i"] : []) + [sheet.className(node.element)] + classes
    html +=
      "<div class=\"\(all.joined(separator: " "))\" data-name=\"\(HTMLText.escaped(node.name))\"\(attributes)>"
  }

  mutating func write(_ node: CellNode, inFlow: Bool) {
    let element = node.element
    switch node.content {
    case .text(let text):
      let style = if case .label(let label) = element.kind { label.style } else { "" }
      open(
        node, inFlow: inFlow, classes: ["ss-text", "ss-t\(sheet.styleClass[style] ?? 0)"],
        attributes: lang(text.style))
      html += HTMLText.escaped(text.text)
    case .attributed(let text):
      var paragraph = ""
      if case .spans(let spans) = element.kind {
        paragraph = spans.paragraphStyle ?? spans.spans.first?.style ?? ""
      } else if case .label(let label) = element.kind {
        paragraph = label.style
      }
      open(
        node, inFlow: inFlow, classes: ["ss-text", "ss-t\(sheet.styleClass[paragraph] ?? 0)"],
        attributes: lang(text.paragraph))
      for (index, span) in text.spans.enumerated() {
        let style = index < node.spanStyles.count ? node.spanStyles[index] : paragraph
        html +=
          "<span class=\"ss-u\(sheet.styleClass[style] ?? 0)\">\(HTMLText.escaped(span.text))</span>"
      }
    case .aspect(let aspect):
      open(node, inFlow: inFlow, attributes: " style=\"aspect-ratio: \(NumberFormat.string(aspect))\"")
    case .grid(let count, let singleAspect):
      let columns = count == 1 ? 1 : GridSpec.columns(for: count)
      open(node, inFlow: inFlow, classes: ["ss-g\(columns)"])
      for cell in 0..<count {
        let name = "\(node.name)[\(cell)]"
        let style = count == 1 ? " style=\"aspect-ratio: \(NumberFormat.string(singleAspect))\"" : ""
        html += "<div class=\"ss-cell\" data-name=\"\(HTMLText.escaped(name))\"\(style)>"
        writeOverlays(on: name)
        html += "</div>"
      }
    case .flow(let chips, let more):
      guard case .flow(let flow) = element.kind else { return }
      let moreFrame = measurement.frame(named: "\(node.name).more")
      let styleClass = "ss-t\(sheet.styleClass[flow.style] ?? 0)"
      open(node, inFlow: inFlow, classes: [styleClass])
      // Every chip is in the page (the flow's `max-height` clips the lines past `maxLines`);
      // chips the "+N" chip replaced on the last line are kept in place but not shown.
      var lastShown = -1
      for index in chips.indices where measurement.frame(named: "\(node.name)[\(index)]") != nil {
        lastShown = index
      }
      for (index, chip) in chips.enumerated() {
        let name = "\(node.name)[\(index)]"
        let replaced = moreFrame != nil && index > lastShown
        html +=
          "<div class=\"ss-chip ss-text \(styleClass)\(replaced ? " ss-replaced" : "")\" "
          + "data-name=\"\(HTMLText.escaped(name))\"\(replaced ? " data-measured" : "")>"
          + HTMLText.escaped(chip.text)
        writeOverlays(on: name)
        html += "</div>"
      }
      if let moreFrame, let flowFrame = measurement.frame(named: node.name) {
        let hiddenCount = chips.count - lastShown - 1
        let x = moreFrame.x - flowFrame.x - element.padding.left
        let y = moreFrame.y - flowFrame.y - element.padding.top
        html +=
          "<div class=\"ss-chip ss-text \(styleClass) ss-more\" data-name=\"\(HTMLText.escaped(moreFrame.name))\" "
          + "data-measured style=\"left: \(WebCardStyleSheet.px(x + element.padding.left)); top: \(WebCardStyleSheet.px(y + element.padding.top))\">"
          + HTMLText.escaped(more[max(0, hiddenCount - 1)].text) + "</div>"
      }
    case .placeholder, .none:
      open(node, inFlow: inFlow)
      switch element.kind {
      case .overlay:
        // The wrapper is the overlay's frame; its child sits in it.
        for child in node.children where !child.isOverlay { write(child, inFlow: false) }
      default:
        for child in node.children where !child.isOverlay { write(child, inFlow: true) }
      }
    }
    writeOverlays(on: node.name)
    html += "</div>"
  }

  /// The overlays whose target is `name`, inside its element.
  mutating func writeOverlays(on name: String) {
    for overlay in overlays[name] ?? [] { write(overlay, inFlow: false) }
  }

  func lang(_ style: TextStyle) -> String {
    style.language.isEmpty ? "" : " lang=\"\(HTMLText.escaped(style.language))\""
  }
}
