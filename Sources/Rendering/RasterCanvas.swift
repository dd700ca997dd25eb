import Feed
public import TextEngine

/// An opaque RGB raster with the few drawing operations the report needs: filled and stroked
/// rectangles, ellipses, lines, and alpha-blended glyph bitmaps (gray coverage or premultiplied
/// BGRA colour, scaled).
public struct RasterCanvas: Sendable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// Rows top to bottom, 3 bytes (R, G, B) per pixel.
  public private(set) var pixels: [UInt8]
  /// Rows above this one are left as they are by every drawing operation (a header band).
  var clipTop = 0

  /// A canvas filled with `color`.
  public init(width: Int, height: Int, color: RGBColor) {
    self.width = max(0, width)
    self.height = max(0, height)
    pixels = [UInt8](repeating: 0, count: self.width * self.height * 3)
    fill(x0: 0, y0: 0, x1: self.width, y1: self.height, color: color)
  }

  /// The colour at a pixel.
  public func color(x: Int, y: Int) -> RGBColor {
    let index = (y * width + x) * 3
    return RGBColor(UInt32(pixels[index]) << 16 | UInt32(pixels[index + 1]) << 8 | UInt32(pixels[index + 2]))
  }

  /// Fills pixels `x0..<x1`, `y0..<y1` (clipped to the canvas).
  public mutating func fill(x0: Int, y0: Int, x1: Int, y1: Int, color: RGBColor) {
    let left = max(0, x0)
    let right = min(width, x1)
    let top = max(clipTop, y0)
    let bottom = min(height, y1)
    guard left < right, top < bottom else { return }
    pixels.withUnsafeMutableBufferPointer { buffer in
      for y in top..<bottom {
        var index = (y * width + left) * 3
        for _ in left..<right {
          buffer[index] = color.red
          buffer[index + 1] = color.green
          buffer[index + 2] = color.blue
          index += 3
        }
      }
    }
  }

  /// Outlines pixels `x0..<x1`, `y0..<y1` with a border `thickness` pixels wide, inside.
  public mutating func stroke(x0: Int, y0: Int, x1: Int, y1: Int, thickness: Int, color: RGBColor) {
    let t = max(1, thickness)
    fill(x0: x0, y0: y0, x1: x1, y1: min(y1, y0 + t), color: color)
    fill(x0: x0, y0: max(y0, y1 - t), x1: x1, y1: y1, color: color)
    fill(x0: x0, y0: y0, x1: min(x1, x0 + t), y1: y1, color: color)
    fill(x0: max(x0, x1 - t), y0: y0, x1: x1, y1: y1, color: color)
  }

  /// Blends `color` at `(x, y)` with opacity `alpha` (0…255).
  @inline(__always)
  mutating func blend(x: Int, y: Int, color: RGBColor, alpha: Int) {
    guard alpha > 0, x >= 0, y >= clipTop, x < width, y < height else { return }
    let index = (y * width + x) * 3
    let inverse = 255 - alpha
    pixels[index] = UInt8((Int(color.red) * alpha + Int(pixels[index]) * inverse + 127) / 255)
    pixels[index + 1] = UInt8((Int(color.green) * alpha + Int(pixels[index + 1]) * inverse + 127) / 255)
    pixels[index + 2] = UInt8((Int(color.blue) * alpha + Int(pixels[index + 2]) * inverse + 127) / 255)
  }

  /// A line from `(x0, y0)` to `(x1, y1)` in pixels, one pixel wide (Bresenham), clipped.
  public mutating func line(x0: Int, y0: Int, x1: Int, y1: Int, color: RGBColor) {
    var x = x0
    var y = y0
    let dx = abs(x1 - x0)
    let dy = -abs(y1 - y0)
    let sx = x0 < x1 ? 1 : -1
    let sy = y0 < y1 ? 1 : -1
    var error = dx + dy
    while true {
      blend(x: x, y: y, color: color, alpha: 255)
      if x == x1 && y == y1 { break }
      let doubled = 2 * error
      if doubled >= dy {
        error += dy
        x += sx
      }
      if doubled <= dx {
        error += dx
        y += sy
      }
    }
  }

  /// Fills the ellipse inscribed in pixels `x0..<x1`, `y0..<y1` (4×4 supersampled edges), and
  /// outlines it with `edge` when given.
  public mutating func fillEllipse(
    x0: Double, y0: Double, x1: Double, y1: Double, color: RGBColor, edge: RGBColor? = nil
  ) {
    let cx = (x0 + x1) / 2
    let cy = (y0 + y1) / 2
    let rx = (x1 - x0) / 2
    let ry = (y1 - y0) / 2
    guard rx > 0, ry > 0 else { return }
    let top = max(0, Int(y0.rounded(.down)))
    let bottom = min(height, Int(y1.rounded(.up)))
    let left = max(0, Int(x0.rounded(.down)))
    let right = min(width, Int(x1.rounded(.up)))
    guard top < bottom, left < right else { return }
    for y in top..<bottom {
      for x in left..<right {
        var inside = 0
        var ring = 0
        for sy in 0..<4 {
          for sx in 0..<4 {
            let px = (Double(x) + (Double(sx) + 0.5) / 4 - cx) / rx
            let py = (Double(y) + (Double(sy) + 0.5) / 4 - cy) / ry
            let distance = px * px + py * py
            if distance <= 1 { inside += 1 }
            let innerX = (Double(x) + (Double(sx) + 0.5) / 4 - cx) / max(rx - 1.2, 0.1)
            let innerY = (Double(y) + (Double(sy) + 0.5) / 4 - cy) / max(ry - 1.2, 0.1)
            if distance <= 1 && innerX * innerX + innerY * innerY > 1 { ring += 1 }
          }
        }
        blend(x: x, y: y, color: color, alpha: inside * 255 / 16)
        if let edge { blend(x: x, y: y, color: edge, alpha: ring * 255 / 16) }
      }
    }
  }

  /// Draws a glyph bitmap with its pen position at `(penX, baselineY)` in pixels: gray coverage
  /// tinted with `color`, colour bitmaps (premultiplied BGRA) composited as they are. Bitmaps
  /// with a `drawScale` other than 1 (fixed-size emoji strikes) are resampled with a box filter.
  public mutating func draw(_ glyph: GlyphBitmap, penX: Double, baselineY: Double, color: RGBColor) {
    let scale = glyph.drawScale
    let left = penX + Double(glyph.left) * scale
    let top = baselineY - Double(glyph.top) * scale
    if scale == 1 {
      let x0 = Int(left.rounded())
      let y0 = Int(top.rounded())
      for row in 0..<glyph.height {
        for column in 0..<glyph.width {
          switch glyph.format {
          case .gray:
            blend(
              x: x0 + column, y: y0 + row, color: color, alpha: Int(glyph.pixels[row * glyph.width + column]))
          case .bgra:
            composite(
              x: x0 + column, y: y0 + row, bgra: glyph.pixels, offset: (row * glyph.width + column) * 4)
          }
        }
      }
      return
    }
    // Resample: each destination pixel averages the source pixels it covers.
    let x0 = Int(left.rounded(.down))
    let y0 = Int(top.rounded(.down))
    let x1 = Int((left + Double(glyph.width) * scale).rounded(.up))
    let y1 = Int((top + Double(glyph.height) * scale).rounded(.up))
    let channels = glyph.format == .gray ? 1 : 4
    guard max(0, y0) < min(height, y1), max(0, x0) < min(width, x1) else { return }
    for y in max(0, y0)..<min(height, y1) {
      let sy0 = max(0, Int(((Double(y) - top) / scale).rounded(.down)))
      let sy1 = min(glyph.height, max(sy0 + 1, Int(((Double(y + 1) - top) / scale).rounded(.up))))
      guard sy0 < sy1 else { continue }
      for x in max(0, x0)..<min(width, x1) {
        let sx0 = max(0, Int(((Double(x) - left) / scale).rounded(.down)))
        let sx1 = min(glyph.width, max(sx0 + 1, Int(((Double(x + 1) - left) / scale).rounded(.up))))
        guard sx0 < sx1 else { continue }
        var sums = (0, 0, 0, 0)
        for sy in sy0..<sy1 {
          for sx in sx0..<sx1 {
            let offset = (sy * glyph.width + sx) * channels
            if channels == 1 {
              sums.3 += Int(glyph.pixels[offset])
            } else {
              sums.0 += Int(glyph.pixels[offset])
              sums.1 += Int(glyph.pixels[offset + 1])
              sums.2 += Int(glyph.pixels[offset + 2])
              sums.3 += Int(glyph.pixels[offset + 3])
            }
          }
        }
        let count = (sy1 - sy0) * (sx1 - sx0)
        if channels == 1 {
          blend(x: x, y: y, color: color, alpha: sums.3 / count)
        } else {
          let averaged: [UInt8] = [
            UInt8(sums.0 / count), UInt8(sums.1 / count), UInt8(sums.2 / count), UInt8(sums.3 / count),
          ]
          composite(x: x, y: y, bgra: averaged, offset: 0)
        }
      }
    }
  }

  /// Source-over of one premultiplied BGRA pixel.
  @inline(__always)
  mutating func composite(x: Int, y: Int, bgra: [UInt8], offset: Int) {
    let alpha = Int(bgra[offset + 3])
    guard alpha > 0, x >= 0, y >= clipTop, x < width, y < height else { return }
    let index = (y * width + x) * 3
    let inverse = 255 - alpha
    pixels[index] = UInt8(min(255, Int(bgra[offset + 2]) + (Int(pixels[index]) * inverse + 127) / 255))
    pixels[index + 1] = UInt8(
      min(255, Int(bgra[offset + 1]) + (Int(pixels[index + 1]) * inverse + 127) / 255))
    pixels[index + 2] = UInt8(min(255, Int(bgra[offset]) + (Int(pixels[index + 2]) * inverse + 127) / 255))
  }
}
