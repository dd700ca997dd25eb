public import CollectionLayout
public import Feed

/// What a picture of a layout shows, in points: the drawing model shared by the PNG, SVG and
/// HTML renderers, so all three draw exactly the same cells, frames and lines.
///
/// Text is positioned line by line from our own layout (never re-wrapped by the renderer).
/// Line `i` of a label starts at `top = frame.minY + i · (lineHeight + lineSpacing)`, and its
/// baseline is
///
///     baseline = top + (lineHeight − (ascender − descender)) / 2 + ascender
///
/// with the primary font's ascender and descender (descender negative) at the font size: the
/// glyphs' ascent-plus-descent box is centred in the line box, which is CSS's half-leading model
/// (so the HTML page puts the baseline at the same place) and, for the natural line height,
/// puts half the font's line gap above the text.
public struct ReportScene: Sendable, Hashable {
  /// Which layout is shown.
  public var kind: FeedLayout.Kind
  /// The canvas size in points (the content size, cut to the clip height when given).
  public var size: Size
  /// The full content height (greater than `size.height` when the picture is cut).
  public var contentHeight: Double
  /// Column rectangles (waterfall).
  public var columns: [Rect]
  /// Cells in index-path order (only those starting above the clip height).
  public var cells: [SceneCell]
  /// Decoration views (drawn below cells) with their captions.
  public var decorations: [PlacedElement]
  /// Captions of decoration views (their kind, centred).
  public var captions: [SceneLabel]
  /// Headers and footers.
  public var supplementary: [PlacedElement]
  /// Font files of the regular chain, primary first (for @font-face in SVG and HTML).
  public var regularFonts: [String] = []
  /// Font files of the bold chain, primary first.
  public var boldFonts: [String] = []
  /// The band drawn above the content (settings and legend), if any.
  public var header: PictureHeader? = nil
  /// Id-and-height tags drawn on the cards.
  public var tags: [SceneTag] = []
}
