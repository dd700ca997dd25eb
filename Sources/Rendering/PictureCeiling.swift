/// The ceilings every picture selfsize draws is held to — `layout` and `report` pictures and the
/// `--diff-report` pairs alike — so that no input, however tall its cards, makes a picture
/// that cannot be allocated, written or opened. Pictures are drawn in strips of at most
/// ``stripBytes`` of pixels, so memory does not grow with a picture's height either.
///
/// `layout` refuses a picture beyond ``maximumWidth`` or ``maximumPixels`` (a usage error);
/// `report` writes PNG pages of at most ``pageHeight`` pixels; a `--diff-report` pair is drawn
/// at a scale that fits ``maximumWidth`` and cut at ``pageHeight``.
public enum PictureCeiling {
  /// The widest picture drawn, in pixels.
  public static let maximumWidth = 16_384
  /// The most pixels one picture may have (one PNG file).
  public static let maximumPixels = 1 << 30
  /// The tallest PNG page `report` writes, and the tallest `--diff-report` pair, in pixels.
  public static let pageHeight = 4_000
  /// The most bytes of pixels held at once while drawing (one strip).
  public static let stripBytes = 8 << 20

  /// The tallest picture allowed at `width` pixels.
  public static func maximumHeight(width: Int) -> Int { maximumPixels / max(1, width) }

  /// How many rows of `width` pixels one strip holds (at least one, at most `height`).
  public static func rowsPerStrip(width: Int, height: Int) -> Int {
    max(1, min(height, stripBytes / max(1, width * 3)))
  }

  /// Checks a picture of `width` × `height` pixels against the ceilings.
  public static func check(width: Int, height: Int) throws(PictureError) {
    guard width <= maximumWidth else {
      throw PictureError(
        .tooLarge,
        "the picture would be \(width) px wide; at most \(maximumWidth) px (lower --scale or the width)")
    }
    guard height <= maximumHeight(width: width) else {
      throw PictureError(
        .tooLarge,
        "the picture would be \(width)×\(height) px, more than \(maximumPixels / 1_000_000) million pixels; "
          + "cut it with --clip-height or write page images (selfsize report)")
    }
  }
}
