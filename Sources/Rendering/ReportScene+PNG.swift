import CollectionLayout
import Feed
public import Foundation
import TextEngine

extension ReportScene {
  /// The picture's size in pixels at `scale` for content rows `top..<bottom` (points), header
  /// included.
  public func pixelSize(scale: Double, top: Double = 0, bottom: Double? = nil) -> (width: Int, height: Int) {
    let s = max(scale, 0.01)
    let headerRows = header.map { Int(($0.height * s).rounded()) } ?? 0
    let contentRows = Int(((bottom ?? size.height) * s).rounded()) - Int((top * s).rounded())
    return (max(1, Int((size.width * s).rounded())), max(1, headerRows + max(0, contentRows)))
  }

  /// Content ranges (points) of pages at most `maximumHeight` pixels tall each, header included.
  public func pageRanges(scale: Double, maximumHeight: Int) -> [Range<Double>] {
    let s = max(scale, 0.01)
    let headerRows = header.map { Int(($0.height * s).rounded()) } ?? 0
    let pageHeight = max(1, Double(maximumHeight - headerRows)) / s
    var ranges: [Range<Double>] = []
    var top = 0.0
    repeat {
      let bottom = min(size.height, top + pageHeight)
      ranges.append(top..<max(bottom, top))
      top = bottom
    } while top < size.height
    return ranges
  }

  /// The scene rasterized at `scale` pixels per point (whole picture, header included): see
  /// ``writePNG(scale:top:bottom:to:)``. For tests and small pictures.
  public func raster(scale: Int) -> RasterCanvas {
    let (width, height) = pixelSize(scale: Double(scale))
    var cache = GlyphCache()
    return strip(scale: Double(max(1, scale)), top: 0, firstRow: 0, rows: height, width: width, cache: &cache)
  }

  /// The PNG file of the whole scene at `scale` (drawn in strips).
  /// - Throws: ``PictureError`` when it exceeds the ceilings or encoding fails.
  public func png(scale: Int) throws(PictureError) -> Data {
    var data = Data()
    try writePNG(scale: Double(scale)) { data.append($0) }
    return data
  }

  /// Writes the PNG of content rows `top..<bottom` (points; default all) at `scale`, with the
  /// header above: columns, decorations, cards with image placeholders (light fill and both
  /// diagonals) and every label's real glyphs rasterized by FreeType (colour emoji included),
  /// then the tags. Drawn strip by strip (at most ``PictureCeiling/stripBytes`` of pixels) and
  /// deflated as it goes, so memory does not grow with the picture's height.
  ///
  /// - Parameter progress: called with (rows written, rows) after each strip.
  /// - Throws: ``PictureError`` when the picture exceeds the ceilings or encoding fails (checked
  ///   before anything is drawn); what `sink` throws, as ``PictureError/Code/encoding``.
  public func writePNG(
    scale: Double, top: Double = 0, bottom: Double? = nil, progress: ((Int, Int) -> Void)? = nil,
    to sink: @escaping (Data) throws -> Void
  ) throws(PictureError) {
    let s = max(scale, 0.01)
    let (width, height) = pixelSize(scale: s, top: top, bottom: bottom)
    try PictureCeiling.check(width: width, height: height)
    let rowsPerStrip = PictureCeiling.rowsPerStrip(width: width, height: height)
    var cache = GlyphCache()
    do {
      let writer = try PNGStreamWriter(width: width, height: height, sink: sink)
      var row = 0
      while row < height {
        let rows = min(rowsPerStrip, height - row)
        let canvas = strip(scale: s, top: top, firstRow: row, rows: rows, width: width, cache: &cache)
        try canvas.pixels.withUnsafeBufferPointer { try writer.append(rows: $0) }
        row += rows
        progress?(row, height)
      }
      try writer.finish()
    } catch let error as PictureError {
      throw error
    } catch {
      throw PictureError(.encoding, "cannot write the PNG: \(error)")
    }
  }

  /// Rows `firstRow..<firstRow + rows` of the picture whose content starts at `top` points.
  func strip(
    scale s: Double, top: Double, firstRow: Int, rows: Int, width: Int, cache: inout GlyphCache
  ) -> RasterCanvas {
    var canvas = RasterCanvas(width: width, height: rows, color: ReportPalette.background)
    let headerRows = header.map { Int(($0.height * s).rounded()) } ?? 0
    let line = max(1, Int(s.rounded()))
    if let header, firstRow < headerRows {
      let pen = Pen(scale: s, originRow: firstRow)
      pen.fill(Rect(x: 0, y: 0, width: size.width, height: header.height), ReportPalette.header, on: &canvas)
      for swatch in header.swatches { pen.box(swatch.frame, swatch.fill, swatch.edge, 1, on: &canvas) }
      for label in header.labels {
        pen.draw(label, color: ReportPalette.headerText, on: &canvas, cache: &cache)
      }
      canvas.fill(
        x0: 0, y0: headerRows - 1 - firstRow, x1: width, y1: headerRows - firstRow,
        color: ReportPalette.cardEdge)
    }
    guard firstRow + rows > headerRows else { return canvas }
    let pen = Pen(scale: s, originRow: Int((top * s).rounded()) - headerRows + firstRow)
    let visibleTop = top + Double(max(0, firstRow - headerRows)) / s - 2
    let visibleBottom = top + Double(firstRow + rows - headerRows) / s + 2
    canvas.clipTop = max(0, headerRows - firstRow)
    func visible(_ frame: Rect) -> Bool { frame.maxY >= visibleTop && frame.minY <= visibleBottom }
    for column in columns where visible(column) {
      pen.box(column, ReportPalette.column, ReportPalette.columnEdge, 1, on: &canvas)
    }
    for element in decorations + supplementary where visible(element.frame) {
      pen.box(element.frame, ReportPalette.decoration, ReportPalette.decorationEdge, line, on: &canvas)
    }
    for caption in captions where visible(caption.frame) {
      pen.draw(caption, color: nil, on: &canvas, cache: &cache)
    }
    for cell in cells where visible(cell.frame) {
      let frame = cell.frame
      if cell.isRound {
        pen.ellipse(frame, on: &canvas)
      } else {
        let edge =
          cell.isClipped
          ? ReportPalette.clippedEdge
          : cell.labels.contains(where: \.truncated) ? ReportPalette.truncatedEdge : ReportPalette.cardEdge
        pen.box(
          frame, ReportPalette.card, edge, edge == ReportPalette.cardEdge ? line : 2 * line, on: &canvas)
      }
      for fill in cell.fills { pen.blend(fill.frame, fill.color, alpha: Int(fill.alpha), on: &canvas) }
      for image in cell.images { pen.image(image, on: &canvas) }
      for label in cell.labels { pen.draw(label, color: nil, on: &canvas, cache: &cache) }
    }
    for tag in tags where visible(tag.frame) {
      pen.fill(tag.frame, ReportPalette.tag, on: &canvas)
      pen.draw(tag.label, color: ReportPalette.tagText, on: &canvas, cache: &cache)
    }
    return canvas
  }
}

/// Draws scene shapes (points) onto a strip of a picture: `originRow` is the picture row of the
/// strip's first row, measured from the content's point 0.
struct Pen {
  var scale: Double
  var originRow: Int

  func x(_ value: Double) -> Int { Int((value * scale).rounded()) }
  func y(_ value: Double) -> Int { Int((value * scale).rounded()) - originRow }

  func fill(_ frame: Rect, _ color: RGBColor, on canvas: inout RasterCanvas) {
    canvas.fill(x0: x(frame.minX), y0: y(frame.minY), x1: x(frame.maxX), y1: y(frame.maxY), color: color)
  }

  func box(_ frame: Rect, _ fill: RGBColor, _ edge: RGBColor, _ thickness: Int, on canvas: inout RasterCanvas)
  {
    let (x0, y0, x1, y1) = (x(frame.minX), y(frame.minY), x(frame.maxX), y(frame.maxY))
    canvas.fill(x0: x0, y0: y0, x1: x1, y1: y1, color: fill)
    canvas.stroke(x0: x0, y0: y0, x1: x1, y1: y1, thickness: thickness, color: edge)
  }

  func image(_ frame: Rect, on canvas: inout RasterCanvas) {
    let (x0, y0, x1, y1) = (x(frame.minX), y(frame.minY), x(frame.maxX), y(frame.maxY))
    canvas.fill(x0: x0, y0: y0, x1: x1, y1: y1, color: ReportPalette.image)
    if x1 - x0 > 1, y1 - y0 > 1 {
      canvas.line(x0: x0, y0: y0, x1: x1 - 1, y1: y1 - 1, color: ReportPalette.imageLine)
      canvas.line(x0: x0, y0: y1 - 1, x1: x1 - 1, y1: y0, color: ReportPalette.imageLine)
    }
    canvas.stroke(x0: x0, y0: y0, x1: x1, y1: y1, thickness: 1, color: ReportPalette.imageLine)
  }

  func ellipse(_ frame: Rect, on canvas: inout RasterCanvas) {
    let offset = Double(originRow)
    canvas.fillEllipse(
      x0: frame.minX * scale, y0: frame.minY * scale - offset, x1: frame.maxX * scale,
      y1: frame.maxY * scale - offset, color: ReportPalette.card, edge: ReportPalette.cardEdge)
  }

  /// `color` blended over `frame` with opacity `alpha` (0…255).
  func blend(_ frame: Rect, _ color: RGBColor, alpha: Int, on canvas: inout RasterCanvas) {
    let (x0, y0, x1, y1) = (x(frame.minX), y(frame.minY), x(frame.maxX), y(frame.maxY))
    for row in max(0, y0)..<min(canvas.height, max(y0, y1)) {
      for column in max(0, x0)..<min(canvas.width, max(x0, x1)) {
        canvas.blend(x: column, y: row, color: color, alpha: alpha)
      }
    }
  }

  /// A label's glyphs (and its styled pieces, strikethrough) in `color`, or the label's own
  /// (its colour, else the bold or regular text colour).
  func draw(_ label: SceneLabel, color: RGBColor?, on canvas: inout RasterCanvas, cache: inout GlyphCache) {
    let color =
      color ?? label.color ?? (label.style.weight == .bold ? ReportPalette.boldText : ReportPalette.text)
    let pixelSize = label.style.fontSize * scale
    let offset = Double(originRow)
    func strike(x: Double, width: Double, baseline: Double, fontSize: Double, color: RGBColor) {
      let row = Int(((baseline - fontSize * 0.3) * scale).rounded()) - originRow
      canvas.fill(
        x0: Int((x * scale).rounded()), y0: row, x1: Int(((x + width) * scale).rounded()),
        y1: row + max(1, Int(scale.rounded())), color: color)
    }
    for line in label.lines {
      for piece in line.pieces {
        let pieceColor =
          piece.color ?? (piece.style.weight == .bold ? ReportPalette.boldText : ReportPalette.text)
        for run in piece.runs {
          for glyph in run.glyphs {
            guard let bitmap = cache.bitmap(run.font, glyph.glyphID, piece.style.fontSize * scale) else {
              continue
            }
            canvas.draw(
              bitmap, penX: (line.x + piece.x + glyph.x + glyph.xOffset) * scale,
              baselineY: (line.baseline - glyph.yOffset) * scale - offset, color: pieceColor)
          }
        }
        if piece.strikethrough {
          strike(
            x: line.x + piece.x, width: piece.width, baseline: line.baseline, fontSize: piece.style.fontSize,
            color: pieceColor)
        }
      }
      if label.strikethrough {
        strike(
          x: line.x, width: line.width, baseline: line.baseline, fontSize: label.style.fontSize, color: color)
      }
      for run in line.runs {
        for glyph in run.glyphs {
          guard let bitmap = cache.bitmap(run.font, glyph.glyphID, pixelSize) else { continue }
          canvas.draw(
            bitmap, penX: (line.x + glyph.x + glyph.xOffset) * scale,
            baselineY: (line.baseline - glyph.yOffset) * scale - offset, color: color)
        }
      }
    }
  }
}
