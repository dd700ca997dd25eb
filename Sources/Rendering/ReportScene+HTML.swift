import CollectionLayout
import Feed
import TextEngine

extension ReportScene {
  /// The tolerance, in CSS px, the HTML page's overflow check allows beyond a label's width.
  public static let overflowTolerance = 0.05

  /// An HTML page of the scene: every element absolutely positioned at our frames, each label line in its own `white-space: pre`
  /// div at our line top with `line-height` equal to our line height (CSS's half-leading puts
  /// the baseline where ``ReportScene`` documents it).
  ///
  /// Fonts come by `@font-face` from the font files: by absolute `file://` URL (the page works
  /// only where they are), or, with `fontFolder`, by URL relative to the page (`fonts/…`) for
  /// the fonts its glyphs use (``usedFontPaths``), so the page works wherever it goes with that
  /// folder, once those files (``fontFileNames(in:)``) are copied there.
  ///
  /// The page checks itself once its fonts are loaded: for every label it lets the browser wrap
  /// the text we show in a hidden div of the label's width (plus ``overflowTolerance``) and
  /// counts the rendered lines, and it measures each of our lines as rendered. A label whose text
  /// needs more lines than we measured, or whose line is wider than the label, is outlined in red
  /// and listed in `<pre id="overflow-report">` as JSON
  /// `{"labels", "overflowing", "details": [{"id", "label", "measured", "rendered", "widest", "width"}],
  /// "fontsLoaded", "fonts"}`;
  /// `data-status` becomes `done` (read it with `chromium --headless --dump-dom`).
  public func html(title: String = "selfsize report", summary: [String] = [], fontFolder: String? = nil)
    -> String
  {
    let n = Markup.number
    var out = """
      <!DOCTYPE html>
      <html lang="zh">
      <head>
      <meta charset="utf-8">
      <title>\(Markup.escaped(title))</title>
      <style>
      \(fontFaceCSS(fontFolder: fontFolder, only: fontFolder == nil ? nil : usedFontPaths))
      body { margin: 0; background: \(ReportPalette.background.css); font-family: sans-serif; font-synthesis: none; }
      header { padding: 8px; font: 13px/1.4 sans-serif; color: #333; }
      #canvas { position: relative; width: \(n(size.width))px; height: \(n(size.height))px; overflow: hidden; background: \(ReportPalette.background.css); }
      #canvas div { position: absolute; box-sizing: border-box; }
      .column { background: \(ReportPalette.column.css); border: 0.5px solid \(ReportPalette.columnEdge.css); }
      .decoration { background: \(ReportPalette.decoration.css); border: 1px solid \(ReportPalette.decorationEdge.css); }
      .cell.round { border-radius: 50%; }
      \(Self.cardCSS)
      \(Self.sharedCSS)
      </style>
      </head>
      <body>
      <header><strong>\(Markup.escaped(title))</strong>\(summary.map { "<br>" + Markup.escaped($0) }.joined())</header>
      \(Self.overflowReportElement)
      \(Self.legendHTML)
      <div id="canvas">

      """
    func box(_ frame: Rect, _ classes: String, _ attributes: String = "") -> String {
      "<div class=\"\(classes)\"\(attributes) style=\"left:\(n(frame.minX))px;top:\(n(frame.minY))px;"
        + "width:\(n(frame.width))px;height:\(n(frame.height))px\">"
    }
    for column in columns { out += box(column, "column") + "</div>\n" }
    for element in decorations + supplementary {
      out += box(element.frame, "decoration", " data-kind=\"\(Markup.escaped(element.kind))\"") + "</div>\n"
    }
    for caption in captions { out += htmlLabel(caption) }
    for cell in cells {
      let classes = "cell" + (cell.isRound ? " round" : "") + (cell.isClipped ? " clipped" : "")
      out += box(cell.frame, classes, " data-id=\"\(Markup.escaped(cell.id))\"") + "</div>\n"
      for fill in cell.fills {
        out +=
          box(fill.frame, "fill", " data-id=\"\(Markup.escaped(cell.id))\"").dropLast(2)
          + ";background:rgba(\(fill.color.red),\(fill.color.green),\(fill.color.blue),\(n(Double(fill.alpha) / 255)));"
          + "border-radius:\(n(fill.cornerRadius))px\"></div>\n"
      }
      for image in cell.images {
        out += box(image, "image", " data-id=\"\(Markup.escaped(cell.id))\"") + "</div>\n"
      }
      for label in cell.labels { out += htmlLabel(label) }
    }
    out += """
      </div>
      <script>
      \(Self.overflowScript)
      </script>
      </body>
      </html>

      """
    return out
  }

  /// The page's overflow result: filled in by ``overflowScript`` once the fonts are loaded.
  static let overflowReportElement =
    "<div id=\"overflow-summary\">Overflow check pending (needs JavaScript and the fonts).</div>\n"
    + "<pre id=\"overflow-report\" data-status=\"pending\"></pre>"

  /// The rules of a drawn card (cell, image, text lines, their reflow check, overflow), for the
  /// page of each device and the report's thumbnails alike.
  static let cardCSS = """
    .cell { background: \(ReportPalette.card.css); border: 1px solid \(ReportPalette.cardEdge.css); }
    .cell.clipped { border-color: \(ReportPalette.clippedEdge.css); }
    .image { background: linear-gradient(to top right, transparent calc(50% - 0.5px), \(ReportPalette.imageLine.css) 50%, transparent calc(50% + 0.5px)),
      linear-gradient(to bottom right, transparent calc(50% - 0.5px), \(ReportPalette.imageLine.css) 50%, transparent calc(50% + 0.5px)), \(ReportPalette.image.css);
      border: 0.5px solid \(ReportPalette.imageLine.css); }
    .line { left: 0; white-space: pre; }
    .reflow { left: 0; top: 0; visibility: hidden; white-space: pre-wrap; overflow-wrap: break-word; }
    .label.overflow { outline: 2px solid \(ReportPalette.clippedEdge.css); }
    """

  /// CSS shared by the report pages: the overflow result, the legend.
  static let sharedCSS = """
    #overflow-summary { padding: 6px 8px; font: 13px/1.4 sans-serif; background: #fff; border-bottom: 1px solid #ddd; }
    #overflow-summary.ok { color: #1a7f37; } #overflow-summary.bad { color: \(ReportPalette.clippedEdge.css); font-weight: bold; }
    #overflow-report { margin: 0; padding: 0 8px; font: 11px/1.4 monospace; white-space: pre-wrap; color: #666; max-height: 6em; overflow: auto; }
    .legend { display: flex; flex-wrap: wrap; gap: 4px 14px; padding: 6px 8px; font: 12px/1.4 sans-serif; color: #333; }
    .legend span.swatch { display: inline-block; width: 14px; height: 10px; margin-right: 4px; vertical-align: -1px; border: 1px solid; }
    """

  /// The legend of what the pictures show (HTML).
  static var legendHTML: String {
    "<div class=\"legend\">"
      + ReportLegend.entries.map {
        "<span><span class=\"swatch\" style=\"background:\($0.fill.css);border-color:\($0.edge.css)\"></span>"
          + "\(Markup.escaped($0.text))</span>"
      }.joined() + "</div>"
  }

  /// The script that checks every `.label` of a page against the browser's own wrapping (see
  /// ``html(title:summary:fontFolder:)``) and writes the result into `#overflow-report`.
  static let overflowScript = """
    function checkOverflow() {
      const labels = document.querySelectorAll('.label');
      const details = [];
      for (const label of labels) {
        const measured = Number(label.dataset.lines);
        const lineHeight = Number(label.dataset.lineHeight);
        const width = Number(label.dataset.width);
        let rendered = 0;
        const reflow = label.querySelector('.reflow');
        if (reflow && reflow.firstChild) {
          const range = document.createRange();
          range.selectNodeContents(reflow);
          const rects = Array.from(range.getClientRects()).filter(r => r.width > 0).sort((a, b) => a.top - b.top);
          let lastTop = -Infinity;
          for (const rect of rects) {
            if (rect.top >= lastTop + lineHeight / 2) { rendered += 1; lastTop = rect.top; }
          }
        }
        let widest = 0;
        for (const line of label.querySelectorAll('.line')) {
          const range = document.createRange();
          range.selectNodeContents(line);
          widest = Math.max(widest, range.getBoundingClientRect().width);
        }
        if (rendered > measured || widest > width + \(overflowTolerance)) {
          label.classList.add('overflow');
          details.push({ id: label.dataset.id, label: label.dataset.label, measured, rendered,
            widest: Math.round(widest * 1000) / 1000, width });
        }
      }
      const report = document.getElementById('overflow-report');
      const fonts = Array.from(document.fonts);
      report.textContent = JSON.stringify({ labels: labels.length, overflowing: details.length, details,
        fontsLoaded: fonts.filter(f => f.status === 'loaded').length, fonts: fonts.length });
      report.dataset.status = 'done';
      document.body.dataset.overflow = String(details.length);
      const summary = document.getElementById('overflow-summary');
      summary.className = details.length ? 'bad' : 'ok';
      summary.textContent = details.length
        ? 'Overflow check: ' + details.length + ' of ' + labels.length + ' labels need more room in this browser (outlined in red).'
        : 'Overflow check: all ' + labels.length + ' labels drawn on this page fit in this browser, which wraps them as we measured.';
    }
    document.fonts.ready.then(checkOverflow);
    """

  func htmlLabel(_ label: SceneLabel) -> String {
    let n = Markup.number
    let frame = label.frame
    let color = label.color ?? (label.style.weight == .bold ? ReportPalette.boldText : ReportPalette.text)
    let spacing =
      (label.style.letterSpacing == 0 ? "" : "letter-spacing:\(n(label.style.letterSpacing))px;")
      + (label.strikethrough ? "text-decoration:line-through;" : "")
    func pieces(_ line: SceneLine, trimmed: Bool) -> String {
      line.pieces.enumerated().map { index, piece in
        let pieceColor =
          piece.color ?? (piece.style.weight == .bold ? ReportPalette.boldText : ReportPalette.text)
        var text = piece.text
        if trimmed, index == line.pieces.count - 1 {
          text = String(text.reversed().drop(while: { $0 == " " }).reversed())
        }
        return
          "<span style=\"font-family:\(fontFamilyList(for: piece.style.weight));font-size:\(n(piece.style.fontSize))px;"
          + "font-weight:\(piece.style.weight == .bold ? 700 : 400);color:\(pieceColor.css);"
          + "letter-spacing:\(n(piece.style.letterSpacing))px"
          + (piece.strikethrough ? ";text-decoration:line-through" : "") + "\">\(Markup.escaped(text))</span>"
      }.joined()
    }
    var out =
      "<div class=\"label\" data-id=\"\(Markup.escaped(label.cellID))\" data-label=\"\(Markup.escaped(label.name))\" "
      + "data-lines=\"\(label.lines.count)\" data-line-height=\"\(n(label.lineHeight))\" data-width=\"\(n(frame.width))\" "
      + "data-truncated=\"\(label.truncated)\" style=\"left:\(n(frame.minX))px;top:\(n(frame.minY))px;"
      + "width:\(n(frame.width))px;height:\(n(frame.height))px;font-family:\(fontFamilyList(for: label.style.weight));"
      + "font-size:\(n(label.style.fontSize))px;font-weight:\(label.style.weight == .bold ? 700 : 400);"
      + "color:\(color.css);\(spacing)\">"
    for line in label.lines {
      let text = String(line.text.reversed().drop(while: { $0 == " " }).reversed())
      let height = line.pieces.isEmpty ? label.lineHeight : line.height
      out +=
        "<div class=\"line\" style=\"left:\(n(line.x - frame.minX))px;top:\(n(line.top - frame.minY))px;"
        + "height:\(n(height))px;line-height:\(n(height))px\">"
        + (line.pieces.isEmpty ? Markup.escaped(text) : pieces(line, trimmed: true)) + "</div>"
    }
    let shown =
      label.lines.contains { !$0.pieces.isEmpty }
      ? label.lines.map { pieces($0, trimmed: false) }.joined()
      : Markup.escaped(label.lines.map(\.text).joined())
    out +=
      "<div class=\"reflow\" aria-hidden=\"true\" style=\"width:\(n(frame.width + Self.overflowTolerance))px;"
      + "line-height:\(n(label.lineHeight))px\">\(shown)</div>"
    return out + "</div>\n"
  }
}
