public import CollectionLayout
public import Feed
public import Foundation
public import TextEngine

extension ReportScene {
  /// The scene rasterized at `scale` pixels per point: columns, decorations, cards with image
  /// placeholders (light fill and both diagonals, at the image's aspect) and every label's real
  /// glyphs rasterized by FreeType (colour emoji included), blended onto the card.
  public func raster(scale: Int) -> RasterCanvas {
    let s = Double(max(1, scale))
    func px(_ value: Double) -> Int { Int((value * s).rounded()) }
    let pixelWidth = max(1, px(size.width))
    let pixelHeight = max(1, px(size.height))
    var canvas = RasterCanvas(width: pixelWidth, height: pixelHeight, color: ReportPalette.background)
    let line = max(1, Int(s.rounded()))
    /// A filled rectangle with its edge, on whole pixels.
    func box(_ frame: Rect, fill: RGBColor, edge: RGBColor, thickness: Int) {
      let (x0, y0, x1, y1) = (px(frame.minX), px(frame.minY), px(frame.maxX), px(frame.maxY))
      canvas.fill(x0: x0, y0: y0, x1: x1, y1: y1, color: fill)
      canvas.stroke(x0: x0, y0: y0, x1: x1, y1: y1, thickness: thickness, color: edge)
    }
    for column in columns {
      box(column, fill: ReportPalette.column, edge: ReportPalette.columnEdge, thickness: 1)
    }
    for element in decorations + supplementary {
      box(element.frame, fill: ReportPalette.decoration, edge: ReportPalette.decorationEdge, thickness: line)
    }
    var glyphs = GlyphCache()
    for caption in captions { draw(caption, on: &canvas, scale: s, cache: &glyphs) }
    for cell in cells {
      let frame = cell.frame
      if cell.isRound {
        canvas.fillEllipse(
          x0: frame.minX * s, y0: frame.minY * s, x1: frame.maxX * s, y1: frame.maxY * s,
          color: ReportPalette.card,
          edge: ReportPalette.cardEdge)
      } else {
        box(
          frame, fill: ReportPalette.card,
          edge: cell.isClipped ? ReportPalette.clippedEdge : ReportPalette.cardEdge,
          thickness: line)
      }
      for fill in cell.fills {
        let (x0, y0, x1, y1) = (
          px(fill.frame.minX), px(fill.frame.minY), px(fill.frame.maxX), px(fill.frame.maxY)
        )
        for y in max(0, y0)..<min(canvas.height, max(y0, y1)) {
          for x in max(0, x0)..<min(canvas.width, max(x0, x1)) {
            canvas.blend(x: x, y: y, color: fill.color, alpha: Int(fill.alpha))
          }
        }
      }
      for image in cell.images {
        let (x0, y0, x1, y1) = (px(image.minX), px(image.minY), px(image.maxX), px(image.maxY))
        canvas.fill(x0: x0, y0: y0, x1: x1, y1: y1, color: ReportPalette.image)
        if x1 - x0 > 1, y1 - y0 > 1 {
          canvas.line(x0: x0, y0: y0, x1: x1 - 1, y1: y1 - 1, color: ReportPalette.imageLine)
          canvas.line(x0: x0, y0: y1 - 1, x1: x1 - 1, y1: y0, color: ReportPalette.imageLine)
        }
        canvas.stroke(x0: x0, y0: y0, x1: x1, y1: y1, thickness: 1, color: ReportPalette.imageLine)
      }
      for label in cell.labels { draw(label, on: &canvas, scale: s, cache: &glyphs) }
    }
    return canvas
  }

  /// The PNG file of ``raster(scale:)``.
  /// - Throws: ``PNGEncoder/EncodingError`` when zlib fails.
  public func png(scale: Int) throws -> Data {
    let canvas = raster(scale: scale)
    return try PNGEncoder.encode(width: canvas.width, height: canvas.height, rgb: canvas.pixels)
  }

  private func draw(
    _ label: SceneLabel, on canvas: inout RasterCanvas, scale: Double, cache: inout GlyphCache
  ) {
    let color = label.color ?? (label.style.weight == .bold ? ReportPalette.boldText : ReportPalette.text)
    let pixelSize = label.style.fontSize * scale
    func strike(x: Double, width: Double, baseline: Double, fontSize: Double, color: RGBColor) {
      let y = Int(((baseline - fontSize * 0.3) * scale).rounded())
      canvas.fill(
        x0: Int((x * scale).rounded()), y0: y, x1: Int(((x + width) * scale).rounded()),
        y1: y + max(1, Int(scale.rounded())), color: color)
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
              baselineY: (line.baseline - glyph.yOffset) * scale, color: pieceColor)
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
            baselineY: (line.baseline - glyph.yOffset) * scale,
            color: color)
        }
      }
    }
  }
}

/// Rasterized glyphs by font, glyph and pixel size (each glyph is rendered once per picture).
struct GlyphCache {
  private struct Key: Hashable {
    var font: ObjectIdentifier
    var glyph: UInt32
    var pixelSize: Double
  }
  private var bitmaps: [Key: GlyphBitmap?] = [:]

  mutating func bitmap(_ font: Font, _ glyph: UInt32, _ pixelSize: Double) -> GlyphBitmap? {
    let key = Key(font: ObjectIdentifier(font), glyph: glyph, pixelSize: pixelSize)
    if let cached = bitmaps[key] { return cached }
    let bitmap = font.rasterize(glyphID: glyph, pixelSize: pixelSize)
    bitmaps[key] = bitmap
    return bitmap
  }
}
