import CollectionLayout
import Rendering
import SelfSizingCore
import TextEngine

extension DiffReport {
  static func escaped(_ text: String) -> String { HTMLText.escaped(text) }

  static func css(_ value: Double) -> String { JSONValue.format(value, decimals: 3) }

  /// One changed item: a heading, then the two cards drawn in HTML and the PNG.
  static func htmlSection(
    _ before: CardDrawing, _ after: CardDrawing, change: BaselineChange, picture: String, cutAt: Double? = nil
  )
    -> String
  {
    func card(_ drawing: CardDrawing, _ side: String) -> String {
      var html =
        "<figure><figcaption>\(escaped(caption(drawing.record, side)))</figcaption>"
        + "<div class=\"card\" style=\"width:\(css(drawing.size.width))px;height:\(css(drawing.size.height))px\">"
      for image in drawing.images {
        html +=
          "<div class=\"image\" style=\"left:\(css(image.minX))px;top:\(css(image.minY))px;"
          + "width:\(css(image.width))px;height:\(css(image.height))px\"></div>"
      }
      for line in drawing.lines {
        html +=
          "<div class=\"line\(line.isHighlighted ? " changed \(side)" : "")\(line.isBold ? " bold" : "")\" "
          + "style=\"left:\(css(line.x))px;top:\(css(line.top))px;width:\(css(line.boxWidth))px;"
          + "height:\(css(line.height))px;line-height:\(css(line.height))px;font-size:\(css(line.fontSize))px\">"
          + escaped(line.text) + "</div>"
      }
      return html + "</div></figure>"
    }
    let delta = change.delta
    var summary =
      "\(change.status.rawValue): height \(css(change.oldHeight)) → \(css(change.newHeight)) pt"
      + " (\(delta > 0 ? "+" : "")\(css(delta)))"
    if !change.elements.isEmpty { summary += "; elements " + change.elements.joined(separator: ", ") }
    if let line = change.firstChangedLine {
      summary +=
        "; first changed line: \(change.lineElement.map { "\($0) " } ?? "")line \(line.number)"
    }
    let cut =
      cutAt.map {
        " (cut at \(css($0.rounded(.down))) pt of \(css(max(before.size.height, after.size.height))) pt: pictures are "
          + "at most \(PictureCeiling.pageHeight) px tall; the pair above shows every line)"
      } ?? ""
    return """
      <section id="\(escaped(picture))">
      <h2>\(escaped(change.key.id)) at \(css(change.key.width)) pt</h2>
      <p>\(escaped(summary))</p>
      <div class="pair">\(card(before, "before"))\(card(after, "after"))</div>
      <p class="png"><a href="\(escaped(picture))">\(escaped(picture))</a>\(cut)</p>
      </section>

      """
  }

  func page(sections: [String], skipped: Int, measurer: TextMeasurer) -> String {
    func families(_ chain: FontChain) -> String {
      (chain.fonts.map { "\"\(Self.escaped($0.familyName))\"" } + ["sans-serif"]).joined(separator: ", ")
    }
    var summary = [
      "\(comparison.unchangedCount) unchanged, \(comparison.movedCount) moved beyond "
        + "\(Self.css(comparison.tolerance)) pt, \(comparison.changes.count - comparison.movedCount) changed within it, "
        + "\(comparison.added.count) added, \(comparison.removed.count) removed"
    ]
    summary += comparison.causes
    if skipped > 0 { summary.append("\(skipped) more changed items are not drawn") }
    if !comparison.added.isEmpty {
      summary.append("added: " + comparison.added.map(\.description).joined(separator: ", "))
    }
    if !comparison.removed.isEmpty {
      summary.append("removed: " + comparison.removed.map(\.description).joined(separator: ", "))
    }
    return """
      <!DOCTYPE html>
      <html>
      <head>
      <meta charset="utf-8">
      <title>selfsize baseline comparison</title>
      <style>
      body { margin: 16px; background: #F2F3F5; font: 13px/1.4 sans-serif; color: #1F2328; }
      .pair { display: flex; gap: 24px; align-items: flex-start; }
      figure { margin: 0; }
      figcaption { margin-bottom: 4px; }
      .card { position: relative; background: #FFFFFF; border: 1px solid #B8BCC4; box-sizing: border-box; }
      .card div { position: absolute; box-sizing: border-box; }
      .image { background: #D6DEE8; border: 0.5px solid #98A6B8; }
      .line { white-space: pre; overflow: visible; color: #57606A; font-family: \(families(measurer.regular)); }
      .line.bold { color: #1F2328; font-weight: bold; font-family: \(families(measurer.bold)); }
      .line.changed.before { background: #FFD8D6; }
      .line.changed.after { background: #CDEFD3; }
      section { margin-bottom: 24px; }
      </style>
      </head>
      <body>
      <h1>Baseline comparison</h1>
      \(summary.map { "<p>\(Self.escaped($0))</p>" }.joined(separator: "\n"))
      \(sections.joined())
      </body>
      </html>

      """
  }
}
