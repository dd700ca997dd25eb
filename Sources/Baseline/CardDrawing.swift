import CollectionLayout
import Rendering
import TextEngine

/// One side of a diff picture: a card (or paragraph) drawn from a baseline record.
struct CardDrawing {
  /// A line of text placed in the card.
  struct Line {
    var text: String
    var x: Double
    var top: Double
    var height: Double
    var baseline: Double
    /// The width of the label the line belongs to (the highlight's width).
    var boxWidth: Double
    var fontSize: Double
    var isBold: Bool
    var isHighlighted: Bool
    var runs: [GlyphRun]

    /// Draws the glyphs; `rowOffset` is the picture row of the canvas's first row (a strip).
    func draw(
      on canvas: inout RasterCanvas, scale: Double, rowOffset: Int = 0, color: RGBColor,
      glyphs: inout GlyphCache
    ) {
      let top = Double(rowOffset)
      let reach = 2 * max(height, fontSize) * scale
      guard baseline * scale + reach >= top, baseline * scale - reach <= top + Double(canvas.height) else {
        return
      }
      for run in runs {
        for glyph in run.glyphs {
          guard let bitmap = glyphs.bitmap(run.font, glyph.glyphID, fontSize * scale) else { continue }
          canvas.draw(
            bitmap, penX: (x + glyph.x + glyph.xOffset) * scale,
            baselineY: (baseline - glyph.yOffset) * scale - top,
            color: color)
        }
      }
    }
  }

  var record: BaselineRecord
  var size: Size
  var images: [Rect] = []
  var labels: [Rect] = []
  var lines: [Line] = []

  init(
    record: BaselineRecord, changedLines: [String: [Int]], measurer: TextMeasurer,
    styles: [String: TextStyle],
    imageNames: Set<String>
  ) {
    self.record = record
    size = Size(width: record.width, height: record.height)
    if let texts = record.lines {
      let style = styles[""] ?? TextStyle()
      add(
        texts, frame: Rect(x: 0, y: 0, width: record.width, height: record.height), style: style,
        changed: Set(changedLines[""] ?? []), measurer: measurer)
    }
    for element in record.elements {
      let frame = Rect(
        x: element.frame[0], y: element.frame[1], width: element.frame[2], height: element.frame[3])
      if let texts = element.lines {
        labels.append(frame)
        add(
          texts, frame: frame, style: styles[element.name] ?? TextStyle(),
          changed: Set(changedLines[element.name] ?? []), measurer: measurer)
      } else if imageNames.contains(element.name) {
        images.append(frame)
      }
    }
  }

  /// Places `texts` as the lines of a label at `frame`, vertically centred when the frame is
  /// taller than the text (as UILabel draws).
  private mutating func add(
    _ texts: [String], frame: Rect, style: TextStyle, changed: Set<Int>, measurer: TextMeasurer
  ) {
    var lineStyle = style
    lineStyle.maxLines = 0
    let lineHeight = (try? measurer.prepare("", style: lineStyle))?.lineHeight ?? style.fontSize * 1.2
    let textHeight =
      Double(texts.count) * lineHeight + Double(max(0, texts.count - 1)) * style.lineSpacing
    let top = frame.minY + max(0, (frame.height - textHeight) / 2)
    for (index, text) in texts.enumerated() {
      guard
        var line = Self.line(
          text, style: lineStyle, x: frame.minX, top: top + Double(index) * (lineHeight + style.lineSpacing),
          measurer: measurer)
      else { continue }
      line.boxWidth = frame.width
      line.isHighlighted = changed.contains(index)
      lines.append(line)
    }
  }

  /// One line of `text` in `style` with its top at `top`.
  static func line(_ text: String, style: TextStyle, x: Double, top: Double, measurer: TextMeasurer) -> Line?
  {
    guard let prepared = try? measurer.prepare(text, style: style) else { return nil }
    let metrics = measurer.chain(for: style.weight).primary.metrics(atPointSize: style.fontSize)
    let lineHeight = prepared.lineHeight
    let baseline = top + (lineHeight - (metrics.ascender - metrics.descender)) / 2 + metrics.ascender
    return Line(
      text: text, x: x, top: top, height: lineHeight, baseline: baseline,
      boxWidth: prepared.unconstrainedWidth,
      fontSize: style.fontSize, isBold: style.weight == .bold, isHighlighted: false,
      runs: (try? measurer.glyphRuns(text, style: style)) ?? [])
  }

  /// Draws the card with its top-leading corner at `origin` (points); `rowOffset` is the picture
  /// row of the canvas's first row (a strip), so a tall pair is drawn strip by strip.
  func draw(
    on canvas: inout RasterCanvas, origin: (Double, Double), scale s: Double, rowOffset: Int = 0,
    highlight: RGBColor, glyphs: inout GlyphCache
  ) {
    func px(_ value: Double) -> Int { Int((value * s).rounded()) }
    func py(_ value: Double) -> Int { Int((value * s).rounded()) - rowOffset }
    let (x, y) = origin
    let line = max(1, Int(s.rounded()))
    canvas.fill(
      x0: px(x), y0: py(y), x1: px(x + size.width), y1: py(y + size.height), color: RGBColor(0xFFFFFF))
    canvas.stroke(
      x0: px(x), y0: py(y), x1: px(x + size.width), y1: py(y + size.height), thickness: line,
      color: RGBColor(0xB8BCC4))
    for image in images {
      let (x0, y0, x1, y1) = (px(x + image.minX), py(y + image.minY), px(x + image.maxX), py(y + image.maxY))
      canvas.fill(x0: x0, y0: y0, x1: x1, y1: y1, color: RGBColor(0xD6DEE8))
      if x1 - x0 > 1, y1 - y0 > 1 {
        canvas.line(x0: x0, y0: y0, x1: x1 - 1, y1: y1 - 1, color: RGBColor(0x98A6B8))
        canvas.line(x0: x0, y0: y1 - 1, x1: x1 - 1, y1: y0, color: RGBColor(0x98A6B8))
      }
    }
    for text in lines where text.isHighlighted {
      canvas.fill(
        x0: px(x + text.x), y0: py(y + text.top), x1: px(x + text.x + text.boxWidth),
        y1: py(y + text.top + text.height), color: highlight)
    }
    for text in lines {
      var moved = text
      moved.x += x
      moved.baseline += y
      moved.draw(
        on: &canvas, scale: s, rowOffset: rowOffset,
        color: text.isBold ? RGBColor(0x1F2328) : RGBColor(0x57606A), glyphs: &glyphs)
    }
  }
}
