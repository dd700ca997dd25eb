/// A rasterized glyph: an 8-bit coverage mask or premultiplied BGRA colour bitmap.
public struct GlyphBitmap: Sendable, Hashable {
  /// Pixel layout of `pixels`.
  public enum Format: Sendable, Hashable {
    /// One byte of coverage per pixel.
    case gray
    /// Four bytes per pixel, premultiplied blue, green, red, alpha (colour emoji).
    case bgra
  }
  /// Width in pixels.
  public var width: Int
  /// Height in pixels (rows).
  public var height: Int
  /// Offset from the pen position to the bitmap's left edge, in pixels.
  public var left: Int
  /// Offset from the baseline up to the bitmap's top edge, in pixels.
  public var top: Int
  /// Coverage mask or colour bitmap.
  public var format: Format
  /// Rows top to bottom, `width * (format == .gray ? 1 : 4)` bytes each.
  public var pixels: [UInt8]
  /// Scale to apply when drawing (colour bitmap strikes are fixed-size and must be scaled).
  public var drawScale: Double
}
