/// A paragraph of styled spans with all width-independent work done, laid out at any width by
/// arithmetic (no shaping; `measure(width:)` allocates nothing).
///
/// It is one paragraph: line-break opportunities come from the joined text (UAX #14), so a
/// line may break inside a span or at a span boundary; each span is shaped in its own style.
/// Spans that all share one style measure exactly like a `PreparedText` of the joined text.
///
/// Line heights follow the measurer's ``TextPlatform``. On ``TextPlatform/web`` a line is the
/// paragraph's strut united with the box of every span on it (its own font size, and its own
/// multiple of it for a number line height) and, under the natural line height, of every font
/// its glyphs use, as CSS inline boxes; on ``TextPlatform/flutter`` a line is as tall as the runs
/// on it (each span's fonts at its size, `TextStyle.height` applied to each), rounded to a whole
/// pixel. On ``TextPlatform/android`` lines follow the plain text's rules (StaticLayout's
/// spacing, fallback fonts, font padding, Compose's line height and its trimmed first and last
/// lines, TextView's optimal breaker), each span's paint at its own size. On
/// ``TextPlatform/ios``: with a fixed paragraph line height
/// (`paragraph.lineHeight = .fixed`), every line has that height. Otherwise each span has a line box of its natural line height (times
/// the multiple), with the leading split above and below its glyphs' ascent and descent, and a
/// line is as tall as the boxes of the spans on it aligned on one baseline: the largest part
/// above the baseline plus the largest part below (the CSS inline model and UILabel's; one
/// font at several sizes gives the tallest span's natural height). Under 1× a box is shorter
/// than its glyphs and its leading negative, as in CSS, so one style still measures as plain
/// text. Fallback fonts never change a height. Line spacing, max lines and the pixel scale come
/// from `paragraph` as well.
public struct AttributedText: Sendable, Hashable {
  /// One line-break segment of the joined text.
  struct Segment: Sendable, Hashable {
    var contentWidth: Double
    var totalWidth: Double
    /// The total width of every segment before this one (a prefix sum): lines are measured
    /// from these, as `PreparedText` measures them.
    var start: Double
    var graphemeStart: Int
    var graphemeCount: Int
    var contentGraphemeCount: Int
    var hardBreakAfter: Bool
    /// The largest parts above and below the baseline of its spans' line boxes, and the
    /// tallest box.
    var metrics: LineMetrics
    /// The kerning across the opportunity after it (`KerningPairs`): where the segment is cut
    /// between graphemes, the next segment starts after it, as in `PreparedText`.
    var kernAfter = 0.0
  }

  /// How a paragraph's lines stack, by its platform's rules.
  struct Lines: Sendable, Hashable {
    /// The box every line holds (the paragraph's strut; empty on ios and flutter).
    var strut: LineBox
    /// The space added between two lines.
    var spaceBetweenLines: Double
    /// What the first and last lines add to a middle line's height.
    var edges: ParagraphEdges
    /// True when the first line's top and the last line's bottom are the strut's whatever spans
    /// are on them (Android's font padding).
    var strutBoundsEdges: Bool
  }

  /// Vertical extent of the spans on a line, accumulated as the line fills.
  ///
  /// A new value holds no span: the parts above and below the baseline start at −∞, not 0,
  /// because a line height under 1× the natural one gives a box whose part below the baseline
  /// is negative, and a 0 there would make one span's line taller than its box.
  struct LineMetrics: Sendable, Hashable {
    var above = -Double.infinity
    var below = -Double.infinity
    var tallest = -Double.infinity
    var ascent = 0.0
    var descent = 0.0

    mutating func formUnion(_ other: LineMetrics) {
      above = max(above, other.above)
      below = max(below, other.below)
      tallest = max(tallest, other.tallest)
      ascent = max(ascent, other.ascent)
      descent = max(descent, other.descent)
    }
  }

  /// The spans as given.
  public let spans: [TextSpan]
  /// The paragraph settings: line height, line spacing, max lines, pixel scale.
  public let paragraph: TextStyle
  /// The token ending truncated text; nil: "…" in the last span's style.
  public let token: TextSpan?
  /// Scalars no font covers.
  public let missingGlyphs: Int

  let codes: [UInt32]
  /// Scalar offset where each span starts (one more entry: the end).
  let spanStarts: [Int]
  /// Line-box metrics of each span.
  let spanMetrics: [LineMetrics]
  /// Line-box metrics of each grapheme: its span's, with the fonts it is set in where the
  /// platform counts them.
  let graphemeMetrics: [LineMetrics]
  /// The font of the chain each grapheme's cluster is set in by the platform's cluster font rule
  /// (-1: a hard break, which takes none; -2: no font covers it), where a word too long for any
  /// line is decided by the runs it crosses (SkParagraph, ``FlutterTooLongWords``); empty
  /// elsewhere.
  let clusterFontIndices: [Int16]
  /// False when a span's positions fall back (`PreparedText.LineKey.positionsRise`: a negative
  /// letter spacing larger than a cluster's advance, or a paragraph after a hard break starting a
  /// hair back; checked under `text-wrap-style` or a negative spacing): the greedy lines then
  /// find each line's last segment by plain text's search (`lastSegmentWherePositionsFallBack`),
  /// and `text-wrap-style` keeps them.
  let positionsRise: Bool
  /// The platform whose line rules apply.
  let platform: TextPlatform
  /// How the paragraph's lines stack: its strut, the space between lines, what its first and
  /// last lines add (the platform's rules, as for plain text).
  let lines: Lines
  /// Each grapheme's advance from its span's start, where spans are inline items snapped one at
  /// a time (the web); nil elsewhere.
  let itemAdvances: ItemAdvances?

  let graphemeWidths: [Double]
  let graphemeEnds: [Int32]
  let graphemeSpans: [Int32]
  let segments: [Segment]
  let tokenWidth: Double
  let tokenMetrics: LineMetrics

  init(
    spans: [TextSpan], paragraph: TextStyle, token: TextSpan?, missingGlyphs: Int, codes: [UInt32],
    spanStarts: [Int], spanMetrics: [LineMetrics], graphemeMetrics: [LineMetrics],
    clusterFontIndices: [Int16], positionsRise: Bool, platform: TextPlatform, lines: Lines,
    itemAdvances: ItemAdvances?, graphemeWidths: [Double], graphemeEnds: [Int32],
    graphemeSpans: [Int32], segments: [Segment], tokenWidth: Double, tokenMetrics: LineMetrics
  ) {
    self.spans = spans
    self.paragraph = paragraph
    self.token = token
    self.missingGlyphs = missingGlyphs
    self.codes = codes
    self.spanStarts = spanStarts
    self.spanMetrics = spanMetrics
    self.graphemeMetrics = graphemeMetrics
    self.clusterFontIndices = clusterFontIndices
    self.positionsRise = positionsRise
    self.platform = platform
    self.lines = lines
    self.itemAdvances = itemAdvances
    self.graphemeWidths = graphemeWidths
    self.graphemeEnds = graphemeEnds
    self.graphemeSpans = graphemeSpans
    self.segments = segments
    self.tokenWidth = tokenWidth
    self.tokenMetrics = tokenMetrics
  }

  /// The number of Unicode scalars of the joined text.
  public var scalarCount: Int { codes.count }

  /// The joined text.
  public var text: String { string(ofScalars: 0..<codes.count) }

  /// The text of a scalar range of the joined text.
  public func string(ofScalars range: Range<Int>) -> String {
    var string = String.UnicodeScalarView()
    for code in codes[range] { string.append(Unicode.Scalar(code)!) }
    return String(string)
  }

  /// The scalar range of span `index` in the joined text.
  public func scalarRange(ofSpan index: Int) -> Range<Int> { spanStarts[index]..<spanStarts[index + 1] }

  /// The width of the truncation token.
  public var truncationTokenWidth: Double { tokenWidth }

  /// The width of the text on one line (no wrapping), without trailing whitespace.
  public var unconstrainedWidth: Double {
    // Each paragraph's width from the prefix sums, as `forEachLine` and `PreparedText` find it.
    var width = 0.0
    var origin = Double.nan
    for segment in segments {
      if origin.isNaN { origin = segment.start }
      if segment.contentGraphemeCount > 0 {
        width = max(width, (segment.start + segment.contentWidth) - origin)
      }
      if segment.hardBreakAfter { origin = .nan }
    }
    return width
  }

  /// The height of a line with these metrics (the first or last of its paragraph when `first`
  /// or `last`), before what the paragraph's edges add.
  func lineHeight(_ metrics: LineMetrics, first: Bool = false, last: Bool = false) -> Double {
    if platform != .ios {
      var box = lines.strut.union(LineBox(above: metrics.above, below: metrics.below))
      if lines.strutBoundsEdges {
        if first { box.above = lines.strut.above }
        if last { box.below = lines.strut.below }
      }
      return box.isEmpty ? 0 : platform.height(of: box)
    }
    if let points = IOSTextRules.fixedLineHeight(paragraph.lineHeight, fontSize: paragraph.fontSize) {
      return points
    }
    guard metrics.tallest.isFinite else { return 0 }  // no span: never a line the breaker ends
    let sum = metrics.above + metrics.below
    // One style (or proportional metrics): the tallest box exactly, not its parts re-added.
    return abs(sum - metrics.tallest) <= 1e-9 * max(1, metrics.tallest) ? metrics.tallest : sum
  }

  /// The baseline's offset from the top of a line with these metrics (the first of its
  /// paragraph when `first`, with what the edges add above it).
  func baseline(_ metrics: LineMetrics, height: Double, first: Bool = false) -> Double {
    if platform != .ios {
      var above = max(lines.strut.above, metrics.above)
      if first, lines.strutBoundsEdges { above = lines.strut.above }
      return (above.isFinite ? above : 0) + (first ? lines.edges.firstLineAbove : 0)
    }
    if IOSTextRules.fixedLineHeight(paragraph.lineHeight, fontSize: paragraph.fontSize) != nil {
      return (height - (metrics.ascent + metrics.descent)) / 2 + metrics.ascent
    }
    return metrics.tallest.isFinite ? metrics.above : 0
  }

  /// Total height of lines whose heights were summed as `sum` (all equal to `uniform` when
  /// set), with line spacing and what the first and last lines add, rounded up to the pixel grid
  /// with a pixel scale.
  func height(lineCount: Int, sum: Double, uniform: Double?) -> Double {
    guard lineCount > 0 else { return 0 }
    return PreparedText.height(
      ofLines: uniform.map { Double(lineCount) * $0 } ?? sum, count: lineCount,
      lineSpacing: lines.spaceBetweenLines, edges: lines.edges, pixelScale: paragraph.pixelScale)
  }
}
