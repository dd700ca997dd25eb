/// A paragraph with all width-independent work done: segmented at line-break opportunities,
/// shaped, and measured per grapheme cluster. Laying it out at a width is arithmetic over these
/// widths: no shaping, and `measure(width:)` allocates nothing.
public struct PreparedText: Sendable, Hashable {
  /// One line-break segment: the text from one break opportunity to the next.
  struct Segment: Sendable, Hashable {
    /// Width without trailing (hanging) whitespace, in points.
    var contentWidth: Double
    /// Width including trailing whitespace, in points.
    var totalWidth: Double
    /// First grapheme of the segment in the flat grapheme arrays.
    var graphemeStart: Int32
    var graphemeCount: Int32
    /// Graphemes that are not trailing whitespace.
    var contentGraphemeCount: Int32
    /// A mandatory break follows the segment (`\n`, `\r\n`, U+2028, U+2029...).
    var hardBreakAfter: Bool
    /// A space lies before the segment's content ends (`ab :cd`, no opportunity after it), noted
    /// only where the platform ends lines after such a space (in what was padding).
    var hasSpaceInside = false
    /// The fonts its runs are set in (in what was padding: the segment stays 40 bytes).
    var fontMask: FontMask
    /// The last segment at or before this one with non-whitespace graphemes, or -1.
    var lastContent: Int32
    /// The kerning between this segment and the next where the next starts (`KerningPairs`;
    /// in what was padding), when the platform does not keep it in the line's end.
    var kernAfter: Float = 0
  }

  /// What the line finder reads of a segment, in one record (32 bytes), so that a line's
  /// search, its width and the next line's start are a few neighbouring records, not three
  /// arrays apart.
  struct LineKey {
    /// The total width of every segment before this one (a prefix sum), so a run of segments
    /// is measured by one subtraction and a line's end found by a search.
    var start: Double
    /// Where this segment's content ends: `start` plus its content width (the search key).
    var contentEnd: Double
    /// Where the content of the last segment with content at or before this one ends
    /// (`contentEnd` of `Segment.lastContent`), or −∞ when there is none in its paragraph.
    var lineContentEnd: Double
    /// The last segment of this segment's paragraph (up to the next hard break or the end).
    var paragraphEnd: Int32
    /// How a line ending here exactly at the limit is decided (in what was padding): it fits
    /// when this is at least its first segment's `startTieRank`. On the LayoutUnit grid these
    /// are how far `contentEnd` and `start` were rounded up (1/65536 px): Blink also tests the
    /// line's exact width, so a line whose rounded width is exactly the limit fits only when its
    /// end was rounded up at least as far as its start. 0 where lengths are not rounded.
    var tieRank: Int16 = 0
    /// See `tieRank`; with `reshapedStart` added when a line starting here never fits at a tie
    /// (Blink reshapes a line start inside a kerning pair and takes the rounding of its first
    /// cluster from the room left): above every `tieRank` (ranks are under 1,024), the rounding
    /// still in its low bits.
    var startTieRank: Int16 = 0

    /// The flag of `startTieRank` for a line start inside a kerning pair.
    static let reshapedStart: Int16 = 0x4000

    /// The flag of `startTieRank` for a line start inside a bidi item (the web) where a line
    /// that goes on past the item's end is one grid unit (1/64 px) wider than the difference of
    /// its positions: Blink snaps the line's part of that item as its advance rounded up
    /// (`ceil(F − o)`, the item's width less the start's offset in it), where positions give
    /// `ceil(F) − ceil(o)`. Ties read ranks without it (`rankedStart`).
    static let widerFirstItemPart: Int16 = 0x2000

    /// How far `start` was rounded up, without the flags.
    var startRounding: Int16 { startTieRank & ~(Self.reshapedStart | Self.widerFirstItemPart) }

    /// `startTieRank` as ties compare it: with `reshapedStart`, without `widerFirstItemPart`.
    var rankedStart: Int16 { startTieRank & ~Self.widerFirstItemPart }

    /// True when every segment of `keys` starts and ends its content (in context: its line
    /// content end, which a trimmed line end's search key is not) no earlier than the one before,
    /// and its search key is no earlier than its start: the searches over whole segments, which
    /// look for the first segment past a line's reach, assume it. Only a negative letter spacing
    /// larger than a cluster's advance takes positions back (trailing spaces narrower than nothing
    /// end a segment before the content of the one before it).
    static func positionsRise(_ keys: some Collection<LineKey>) -> Bool {
      var previousStart = -Double.infinity
      var previousContentEnd = -Double.infinity
      for key in keys {
        guard key.start >= previousStart, key.contentEnd >= key.start else { return false }
        // (−∞ before a paragraph's first content.)
        if key.lineContentEnd > -.infinity {
          guard key.lineContentEnd >= previousContentEnd else { return false }
          previousContentEnd = key.lineContentEnd
        }
        previousStart = key.start
      }
      return true
    }
  }

  /// What a prepared text holds beside its segment and grapheme arrays.
  struct Paragraph {
    var codes: [UInt32] = []
    var style = TextStyle()
    var lineHeight = 0.0
    /// What each line's height is made of when lines differ in height; nil when every line is
    /// `lineHeight` tall.
    var lineBoxes: LineBoxes?
    /// The chain, when lines differ in height (which fonts a line broken inside a segment holds).
    var fontChain: FontChain?
    /// The space between two lines (the style's line spacing, or 0 where the platform puts it
    /// in the lines' heights).
    var lineSpacing = 0.0
    /// What the first and last lines add to a middle line's height (Android).
    var edges = ParagraphEdges.none
    /// The platform it was prepared for (its fit rule).
    var platform = TextPlatform.ios
    var missingGlyphs = 0
    var ellipsisWidth = 0.0
    var ascender = 0.0
  }

  /// The segments, the grapheme arrays and the paragraph's values (immutable once prepared).
  let storage: PreparedTextStorage.Frozen

  /// The text's Unicode scalar values.
  var codes: [UInt32] { paragraph { $0.pointee.codes } }
  /// The style it was prepared with.
  public var style: TextStyle { paragraph { $0.pointee.style } }
  /// The height of one line in points.
  public var lineHeight: Double { paragraph { $0.pointee.lineHeight } }
  /// Scalars no font in the chain covers (each drawn as the primary font's .notdef).
  public var missingGlyphs: Int { paragraph { $0.pointee.missingGlyphs } }
  /// Width of the truncation ellipsis "…" in points.
  public var ellipsisWidth: Double { paragraph { $0.pointee.ellipsisWidth } }
  /// The primary font's ascender at the font size (baseline offset of the first line).
  public var ascender: Double { paragraph { $0.pointee.ascender } }

  /// Reads the paragraph's values in place (through the storage's header pointer: no copy of
  /// the whole header and no exclusivity check).
  @inline(__always) func paragraph<Value>(_ read: (UnsafeMutablePointer<Paragraph>) -> Value) -> Value {
    storage.storage.withUnsafeMutablePointerToHeader { read(&$0.pointee.paragraph) }
  }

  /// Runs `body` with the segments and grapheme arrays, valid inside it only.
  func withView<Result>(_ body: (PreparedTextStorage.View) -> Result) -> Result {
    storage.storage.withView(body)
  }

  /// `withView` with the text's scalars in the view, which Blink's `text-wrap-style`
  /// candidates read (`WebWrapStyles.candidate`: spaces told from other separators) where
  /// `breaking` is one of its styles.
  @inline(__always) func withView<Result>(
    breaking: LineBreaking, _ body: (PreparedTextStorage.View) -> Result
  ) -> Result {
    guard breaking == .balance || breaking == .pretty else { return withView(body) }
    return withView { view in
      guard view.codes == nil else { return body(view) }
      return paragraph { $0.pointee.codes }.withUnsafeBufferPointer { codes in
        var view = view
        view.codes = codes.baseAddress
        return body(view)
      }
    }
  }

  init(
    codes: [UInt32], style: TextStyle, lineHeight: Double, lineBoxes: LineBoxes?, fontChain: FontChain?,
    lineSpacing: Double, edges: ParagraphEdges,
    platform: TextPlatform, missingGlyphs: Int, ellipsisWidth: Double,
    ascender: Double, storage: PreparedTextStorage
  ) {
    storage.withUnsafeMutablePointerToHeader {
      $0.pointee.paragraph = Paragraph(
        codes: codes, style: style, lineHeight: lineHeight, lineBoxes: lineBoxes, fontChain: fontChain,
        lineSpacing: lineSpacing, edges: edges, platform: platform, missingGlyphs: missingGlyphs,
        ellipsisWidth: ellipsisWidth, ascender: ascender)
      $0.pointee.viewHasScalars = platform.layoutReadsScalars || lineBoxes != nil
    }
    self.storage = PreparedTextStorage.Frozen(storage: storage)
  }

  /// Equal when the texts, styles and every prepared width are equal.
  public static func == (lhs: PreparedText, rhs: PreparedText) -> Bool {
    lhs.codes == rhs.codes && lhs.style == rhs.style && lhs.lineHeight == rhs.lineHeight
      && lhs.missingGlyphs == rhs.missingGlyphs && lhs.ellipsisWidth == rhs.ellipsisWidth
      && lhs.ascender == rhs.ascender
      && lhs.withView { left in
        rhs.withView { right in
          left.segments.elementsEqual(right.segments)
            && left.graphemeWidths.elementsEqual(right.graphemeWidths)
            && left.graphemeEnds.elementsEqual(right.graphemeEnds)
        }
      }
  }

  /// Hashes the text, the style and the prepared widths.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(codes)
    hasher.combine(style)
    withView { view in
      hasher.combine(view.segments.count)
      for segment in view.segments { hasher.combine(segment) }
      for width in view.graphemeWidths { hasher.combine(width) }
    }
  }

  /// The text's Unicode scalars.
  public var scalars: [Unicode.Scalar] { codes.map { Unicode.Scalar($0)! } }

  /// The number of Unicode scalars (the unit of every offset).
  public var scalarCount: Int { codes.count }

  /// Every font the text's segments are set in.
  var fontMask: FontMask {
    withView { view in view.segments.reduce(into: FontMask()) { $0.formUnion($1.fontMask) } }
  }

  /// The text as a string.
  public var text: String { string(ofScalars: 0..<codes.count) }

  /// The text of a scalar range.
  public func string(ofScalars range: Range<Int>) -> String {
    var string = String.UnicodeScalarView()
    for code in codes[range] { string.append(Unicode.Scalar(code)!) }
    return String(string)
  }

  /// The width of the text on one line (no wrapping), without trailing whitespace: its widest
  /// paragraph, the same value as `measure(width: .infinity).maxLineWidth` when no line limit
  /// cuts the text. A step per paragraph (prefix sums), not per segment.
  public var unconstrainedWidth: Double {
    withView { view in
      let keys = view.keys
      var width = 0.0
      var first = 0
      while first < keys.count {
        let last = Int(keys[first].paragraphEnd)
        width = max(width, keys[last].lineContentEnd - keys[first].start)
        first = last + 1
      }
      return width
    }
  }

  /// The total height of `lineCount` lines: line heights plus line spacing between them (on
  /// Android, the first and last lines' own heights), rounded up to the pixel grid when the
  /// style has a pixel scale.
  public func height(ofLineCount lineCount: Int) -> Double {
    paragraph {
      Self.height(
        ofLineCount: lineCount, lineHeight: $0.pointee.lineHeight, lineSpacing: $0.pointee.lineSpacing,
        edges: $0.pointee.edges, pixelScale: $0.pointee.style.pixelScale)
    }
  }

  /// `height(ofLineCount:)` from the paragraph's values.
  @inline(__always) static func height(
    ofLineCount lineCount: Int, lineHeight: Double, lineSpacing: Double, edges: ParagraphEdges = .none,
    pixelScale: Double?
  ) -> Double {
    guard lineCount > 0 else { return 0 }
    return height(
      ofLines: Double(lineCount) * lineHeight, count: lineCount, lineSpacing: lineSpacing, edges: edges,
      pixelScale: pixelScale)
  }

  /// The height of `lineCount` lines (at least one) whose own heights add up to `lines`: with
  /// `lineSpacing` between them and what the first and last lines add (`edges`), rounded up to
  /// the next multiple of `1 / pixelScale` when given. Every height of a text, a prepared one or
  /// an attributed one, is made here.
  @inline(__always) static func height(
    ofLines lines: Double, count lineCount: Int, lineSpacing: Double, edges: ParagraphEdges = .none,
    pixelScale: Double?
  ) -> Double {
    let height = lines + Double(lineCount - 1) * lineSpacing + edges.total(lineCount: lineCount)
    guard let scale = pixelScale else { return height }
    // A tiny epsilon keeps exact multiples (e.g. 21 * 3 at 2x) from rounding up.
    return (height * scale - 1e-9).rounded(.up) / scale
  }
}
