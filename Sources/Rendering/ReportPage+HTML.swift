import CollectionLayout
import Feed
import SelfSizingCore
import TextEngine

extension ReportPage {
  /// The page: settings and the browser's overflow check at the top, a summary table per
  /// width, a histogram of card heights per width (inline SVG, no script needed), the widths'
  /// waterfalls side by side, the items most sensitive to the width with their texts, and the
  /// truncated, tallest and failing cards, each drawn as measured (HTML boxes at our frames,
  /// our line breaks, the fonts from `fontFolder/`). The page's only script is the overflow
  /// check (see ``ReportScene/html(title:summary:fontFolder:)``), which covers every card drawn.
  public func html(title: String = "selfsize report", fontFolder: String? = nil) -> String {
    var out = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(Markup.escaped(title))</title>
      <style>
      \(fonts.fontFaceCSS(fontFolder: fontFolder, only: fontFolder == nil ? nil : usedFontPaths))
      \(Self.css)
      \(ReportScene.sharedCSS)
      </style>
      </head>
      <body>
      <header><h1>\(Markup.escaped(title))</h1>
      \(settingsHTML)
      </header>
      \(ReportScene.overflowReportElement)

      """
    out += summaryHTML()
    out += platformsHTML()
    out += histogramsHTML()
    out += overviewsHTML()
    out += sensitiveHTML()
    out += truncatedHTML()
    out += tallestHTML()
    out += problemsHTML()
    out += """
      <footer>Figures from the same code as <code>selfsize measure</code> and <code>selfsize layout</code>; \
      every item at every width is in <code>report.json</code>. Cards are drawn at our frames with our \
      line breaks; the browser only paints them.</footer>
      <script>
      \(ReportScene.overflowScript)
      </script>
      </body>
      </html>

      """
    return out
  }

  static let css = """
    body { margin: 0; background: #f6f7f9; color: #1f2328; font: 14px/1.45 -apple-system, "Segoe UI", sans-serif; font-synthesis: none; }
    header, section, footer { padding: 8px 16px; }
    h1 { font-size: 20px; margin: 8px 0 4px; } h2 { font-size: 16px; margin: 18px 0 6px; }
    header p { margin: 2px 0; color: #444; font-size: 13px; }
    table { border-collapse: collapse; background: #fff; font-variant-numeric: tabular-nums; }
    th, td { border: 1px solid #d0d7de; padding: 3px 8px; text-align: right; vertical-align: top; }
    th { background: #eef1f4; font-weight: 600; } td.text, th.text { text-align: left; }
    td.bad { color: \(ReportPalette.clippedEdge.css); font-weight: 600; }
    .row { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; }
    figure { margin: 0; background: #fff; border: 1px solid #d0d7de; padding: 6px; }
    figcaption { font-size: 12px; color: #444; max-width: 260px; margin-top: 4px; overflow-wrap: anywhere; }
    figcaption b { color: #1f2328; } figcaption .full { display: block; color: #1f2328; margin-top: 2px; }
    .thumb { position: relative; background: \(ReportPalette.background.css); }
    .thumb div { position: absolute; box-sizing: border-box; }
    \(ReportScene.cardCSS)
    .overview svg { display: block; background: \(ReportPalette.background.css); }
    .muted { color: #666; font-size: 12px; }
    footer { color: #666; font-size: 12px; padding-bottom: 24px; }
    """

  var settingsHTML: String {
    let settings = report.settings
    let insets = settings.insets
    var lines = [
      "Template <code>\(Markup.escaped(settings.template))</code>, items <code>\(Markup.escaped(settings.items.joined(separator: ", ")))</code>",
      "Fonts: \(Markup.escaped(settings.fonts.joined(separator: ", ")))",
      "Column spacing \(format(settings.columnSpacing)) pt, line spacing \(format(settings.lineSpacing)) pt, insets "
        + "\([insets.top, insets.left, insets.bottom, insets.right].map(format).joined(separator: ","))",
      "Widths: "
        + report.widths.map { Markup.escaped("\($0.device.name) \($0.device.label)") }.joined(separator: "; "),
    ]
    if let cut = report.widths.first(where: { report.picturedCards($0) < $0.items }) {
      lines.append(
        "<b>Pictures show the first \(report.picturedCards(cut)) of \(cut.items) cards</b> of each width "
          + "(<code>--picture-cards</code>); the figures, lists and <code>report.json</code> cover every card."
      )
    }
    return lines.map { "<p>\($0)</p>" }.joined(separator: "\n")
  }

  func summaryHTML() -> String {
    var out = """
      <section><h2>Summary per width</h2>
      <table><tr><th class="text">device</th><th>collection</th><th>column</th><th>items</th>\
      <th>median</th><th>p95</th><th>max</th><th>content height</th><th>truncated</th>\
      <th>missing glyphs</th><th>errors</th><th>measuring</th></tr>

      """
    for width in report.widths {
      let cells = [
        format(width.itemWidth), "\(width.items)", format(width.heights.median), format(width.heights.p95),
        format(width.heights.maximum), format(width.contentHeight),
      ]
      out +=
        "<tr><td class=\"text\">\(Markup.escaped(width.device.name))</td><td>\(Markup.escaped(width.device.label))</td>"
        + cells.map { "<td>\($0)</td>" }.joined()
        + count(width.truncated) + count(width.missingGlyphs) + count(width.errors)
        + "<td>\(milliseconds(width.seconds))</td></tr>\n"
    }
    return out
      + "</table><p class=\"muted\">Heights and widths in points. Median, 95th percentile (nearest rank) "
      + "and maximum card height; truncated and missing glyphs count items. Measuring: reading, "
      + "shaping, measuring and placing at that width.</p></section>\n"
  }

  private func count(_ value: Int) -> String { "<td\(value > 0 ? " class=\"bad\"" : "")>\(value)</td>" }

  func histogramsHTML() -> String {
    var out = "<section><h2>Card heights</h2><div class=\"row\">\n"
    let tallest = report.widths.flatMap(\.histogram.counts).max() ?? 0
    for width in report.widths {
      out += "<figure>" + histogramSVG(width, countScale: tallest) + "</figure>\n"
    }
    return out
      + "</div><p class=\"muted\">Items per height bin (same bins and scale for every width); "
      + "dashed: median, dotted: 95th percentile.</p></section>\n"
  }

  func overviewsHTML() -> String {
    var out =
      "<section><h2>The waterfalls side by side</h2><div class=\"row overview\">\n"
    for (column, scene) in overviews.enumerated() where report.widths.indices.contains(column) {
      let width = report.widths[column]
      let files = (links.indices.contains(column) ? links[column] : []).map {
        "<a href=\"\(Markup.escaped($0.href))\">\(Markup.escaped($0.title))</a>"
      }
      out +=
        "<figure>" + overviewSVG(scene, column: column)
        + "<figcaption><b>\(Markup.escaped(width.device.name))</b> \(Markup.escaped(width.device.label))"
        + (files.isEmpty ? "" : "<br>" + files.joined(separator: " · ")) + "</figcaption></figure>\n"
    }
    return out
      + "</div><p class=\"muted\">The first \(format(Self.overviewHeight)) pt of each waterfall at 1:5; "
      + "label lines as bars of their measured width. Edges: amber a truncated label, red clipped, "
      + "purple missing glyphs.</p></section>\n"
  }

  func sensitiveHTML() -> String {
    let order = report.widthsByColumnWidth
    guard let narrow = order.first, let wide = order.last, narrow != wide else { return "" }
    let entries = report.sensitiveItems(limit: listLimit)
    let narrowName = report.widths[narrow].device.label
    let wideName = report.widths[wide].device.label
    var out = """
      <section><h2>Sensitive to width</h2>
      <p class="muted">Items whose lines change most between the narrowest column \
      (\(format(report.widths[narrow].itemWidth)) pt, \(Markup.escaped(narrowName))) and the widest \
      (\(format(report.widths[wide].itemWidth)) pt, \(Markup.escaped(wideName))).</p>

      """
    guard !entries.isEmpty else { return out + "<p>No item changes its line count.</p></section>\n" }
    out +=
      "<table><tr><th class=\"text\">id</th><th>lines narrow</th><th>lines wide</th>"
      + report.widths.map { "<th>\(Markup.escaped($0.device.label))</th>" }.joined()
      + "<th class=\"text\">labels that change: text</th></tr>\n"
    for entry in entries {
      let item = report.items[entry.index]
      let perWidth = item.cards.map { card in
        "<td>\(card.map { "\($0.lineCount)" } ?? "–")</td>"
      }.joined()
      let texts = entry.labels.map { name in
        "<b>\(Markup.escaped(name))</b>: \(Markup.escaped(item.text(of: name) ?? ""))"
      }.joined(separator: "<br>")
      out +=
        "<tr><td class=\"text\">\(Markup.escaped(item.id))</td><td>\(entry.narrowLines)</td><td>\(entry.wideLines)</td>"
        + perWidth + "<td class=\"text\">\(texts)</td></tr>\n"
    }
    return out + "</table><p class=\"muted\">Line counts over all labels of the card.</p></section>\n"
  }

  func truncatedHTML() -> String {
    let indices = report.truncatedItems
    var out = "<section><h2>Truncated (\(indices.count) items)</h2>\n"
    guard !indices.isEmpty else { return out + "<p>No label is truncated at any width.</p></section>\n" }
    out += "<div class=\"row\">\n"
    for (index, column) in truncatedCards {
      let item = report.items[index]
      var names: [String] = []
      for card in item.cards {
        for name in card?.truncatedLabels ?? [] where !names.contains(name) { names.append(name) }
      }
      let widths = report.widths.indices.filter { !(item.cards[$0]?.truncatedLabels.isEmpty ?? true) }.map {
        report.widths[$0].device.label
      }
      let caption =
        "<b>\(Markup.escaped(item.id))</b> truncated at \(Markup.escaped(widths.joined(separator: ", ")))"
        + names.map { name in
          "<span class=\"full\"><b>\(Markup.escaped(name))</b>: \(Markup.escaped(item.text(of: name) ?? ""))</span>"
        }.joined()
      out += entryHTML(index: index, column: column, caption: caption)
    }
    return out + "</div>" + more(indices.count) + "</section>\n"
  }

  func tallestHTML() -> String {
    var out = "<section><h2>Tallest cards</h2><div class=\"row\">\n"
    for (index, column) in tallestCards {
      let item = report.items[index]
      let heights = zip(report.widths, item.cards).map { width, card in
        "\(format(width.device.collectionWidth)): \(card.map { format($0.height) } ?? "–")"
      }
      let caption =
        "<b>\(Markup.escaped(item.id))</b> height by collection width: " + heights.joined(separator: ", ")
      out += entryHTML(index: index, column: column, caption: caption)
    }
    return out + "</div></section>\n"
  }

  func problemsHTML() -> String {
    let indices = report.problemItems
    var out = "<section><h2>Missing glyphs and errors</h2>\n"
    if indices.isEmpty && report.failures.isEmpty {
      return out + "<p>No missing glyphs and no errors.</p></section>\n"
    }
    if !indices.isEmpty {
      out += "<div class=\"row\">\n"
      for (index, column) in problemCards {
        let item = report.items[index]
        var caption = "<b>\(Markup.escaped(item.id))</b>"
        if item.missingGlyphs > 0 {
          caption += " \(item.missingGlyphs) missing glyph\(item.missingGlyphs == 1 ? "" : "s")"
        }
        for error in item.errors { caption += "<span class=\"full\">\(Markup.escaped(error))</span>" }
        out += entryHTML(index: index, column: column, caption: caption)
      }
      out += "</div>" + more(indices.count) + "\n"
    }
    let unattached = report.failures.filter { failure in
      failure.itemID.map { id in !report.items.contains { $0.id == id } } ?? true
    }
    if !unattached.isEmpty {
      out += "<p>Inputs that could not be laid out:</p><ul>\n"
      for failure in unattached.prefix(listLimit * 4) {
        out += "<li><code>\(Markup.escaped(failure.description))</code></li>\n"
      }
      out += "</ul>" + (unattached.count > listLimit * 4 ? more(unattached.count, shown: listLimit * 4) : "")
    }
    return out + "</section>\n"
  }

  private func more(_ total: Int, shown: Int? = nil) -> String {
    let limit = shown ?? listLimit
    return total > limit ? "<p class=\"muted\">\(limit) of \(total) shown; all are in report.json.</p>" : ""
  }

  /// The truncated cards drawn (item index, width column).
  var truncatedCards: [(index: Int, column: Int?)] {
    report.truncatedItems.prefix(listLimit).map { ($0, report.preferredWidth(forItem: $0)) }
  }

  /// The tallest cards drawn, each at the width where it is tallest.
  var tallestCards: [(index: Int, column: Int?)] {
    report.tallestItems(limit: min(listLimit, 12)).map { index in
      let cards = report.items[index].cards
      return (index, cards.indices.max { (cards[$0]?.height ?? 0, -$0) < (cards[$1]?.height ?? 0, -$1) })
    }
  }

  /// The cards with missing glyphs or errors drawn.
  var problemCards: [(index: Int, column: Int?)] {
    report.problemItems.prefix(listLimit).map { ($0, report.preferredWidth(forItem: $0)) }
  }

  /// One card as drawn, with its caption.
  func entryHTML(index: Int, column: Int?, caption: String) -> String {
    var out = "<figure>"
    if let column, let cell = thumbnail(item: index, width: column) {
      out += thumbnailHTML(cell) + "<figcaption>at \(Markup.escaped(report.widths[column].device.label)) · "
    } else {
      out += "<figcaption>"
    }
    return out + caption + "</figcaption></figure>\n"
  }

  /// A card as HTML boxes at our frames, labels as ``ReportScene`` draws them on its pages.
  func thumbnailHTML(_ cell: SceneCell) -> String {
    let n = Markup.number
    func box(_ frame: Rect, _ classes: String) -> String {
      "<div class=\"\(classes)\" style=\"left:\(n(frame.minX))px;top:\(n(frame.minY))px;"
        + "width:\(n(frame.width))px;height:\(n(frame.height))px\"></div>"
    }
    // The same language as the waterfall pages (`zh`): Chromium's glyph choices for CJK fonts
    // (locl forms, the ellipsis) follow it, and the overflow check is made in that setting.
    var out =
      "<div class=\"thumb\" lang=\"zh\" data-id=\"\(Markup.escaped(cell.id))\" style=\"width:\(n(cell.frame.width))px;"
      + "height:\(n(cell.frame.height))px\">" + box(cell.frame, "cell" + (cell.isClipped ? " clipped" : ""))
    for fill in cell.fills {
      out +=
        "<div class=\"fill\" style=\"left:\(n(fill.frame.minX))px;top:\(n(fill.frame.minY))px;"
        + "width:\(n(fill.frame.width))px;height:\(n(fill.frame.height))px;"
        + "background:rgba(\(fill.color.red),\(fill.color.green),\(fill.color.blue),\(n(Double(fill.alpha) / 255)));"
        + "border-radius:\(n(fill.cornerRadius))px\"></div>"
    }
    for image in cell.images { out += box(image, "image") }
    for label in cell.labels { out += fonts.htmlLabel(label) }
    return out + "</div>"
  }
}

/// A number for people: at most one decimal.
func format(_ value: Double) -> String { JSONValue.format(value, decimals: 1) }

/// Seconds as milliseconds for people.
func milliseconds(_ seconds: Double) -> String { "\(JSONValue.format((seconds * 1000).rounded())) ms" }
