extension PreparedText {
  /// What a text's lines are as tall as, when they are not all one height: a line holds the
  /// strut (when the platform has one) and the box of every font its segments are set in.
  struct LineBoxes: Sendable, Hashable {
    /// The platform whose rounding makes a line's box its height.
    var platform: TextPlatform
    /// The box every line holds whatever its text (CSS's strut), or `LineBox.empty`.
    var strut: LineBox
    /// The box each bit of a `FontMask` adds (16 entries; `LineBox.empty` for a font that adds
    /// nothing).
    var fontBoxes: [LineBox]
    /// A line's box when it holds no segment with a font (an empty line after a hard break).
    var emptyLine: LineBox
    /// True when the first line's top and the last line's bottom are the strut's whatever fonts
    /// are on them (Android's font padding replaces them with the paint's own).
    var strutBoundsEdges = false

    /// The height of the line of graphemes `range`; `previous` is the height of the line before
    /// it (an empty last line after a final hard break is as tall on a platform without strut);
    /// `first` and `last` tell whether it is the paragraph's first and last line, `truncated`
    /// whether it ends with the ellipsis (set in the primary font).
    func height(
      ofLine range: Range<Int>, in view: PreparedTextStorage.View, chain: FontChain?,
      after previous: Double,
      first: Bool = false,
      last: Bool = false,
      truncated: Bool = false
    ) -> Double {
      if !truncated, range.isEmpty, range.lowerBound == view.graphemeWidths.count, range.lowerBound > 0,
        strut.isEmpty
      {
        return previous
      }
      var fonts = fonts(ofGraphemes: range, in: view, chain: chain)
      if truncated { fonts.formUnion(.primary) }
      return height(of: fonts, first: first, last: last)
    }

    /// The fonts of graphemes `range` (a line's): those of the segments that hold them, but of a
    /// segment in several fonts that the line holds only part of, the fonts of that part, by
    /// `chain` and the platform's rule for a cluster's font (a line holds only its own glyphs'
    /// fonts: Blink's `AccumulateUsedFonts` over the line's parts of its items). The view holds the
    /// text's scalars whenever the text has line boxes.
    func fonts(ofGraphemes range: Range<Int>, in view: PreparedTextStorage.View, chain: FontChain?)
      -> FontMask
    {
      var fonts = FontMask()
      guard !range.isEmpty else { return fonts }
      let segments = view.segments
      // The segment holding the line's first grapheme: the last that starts at or before it.
      var low = 0
      var high = segments.count - 1
      while low < high {
        let middle = (low + high + 1) / 2
        if Int(segments[middle].graphemeStart) <= range.lowerBound { low = middle } else { high = middle - 1 }
      }
      var index = low
      while index < segments.count, Int(segments[index].graphemeStart) < range.upperBound {
        fonts.formUnion(segments[index].fontMask)
        index += 1
      }
      // A line that starts or ends inside a segment in several fonts (a word broken between
      // graphemes): that segment adds only its line's part's fonts.
      let last = index - 1
      guard let chain, let codes = view.codes,
        (Int(segments[low].graphemeStart) < range.lowerBound && segments[low].fontMask.hasSeveral)
          || (Int(segments[last].graphemeStart + segments[last].graphemeCount) > range.upperBound
            && segments[last].fontMask.hasSeveral)
      else { return fonts }
      fonts = FontMask()
      for index in low...last {
        let segment = segments[index]
        let start = Int(segment.graphemeStart)
        let end = start + Int(segment.graphemeCount)
        if segment.fontMask.hasSeveral, start < range.lowerBound || end > range.upperBound {
          fonts.formUnion(
            Self.fonts(
              ofGraphemes: max(start, range.lowerBound)..<min(end, range.upperBound), among: segment.fontMask,
              in: view, codes: codes, chain: chain, rule: platform.rules.clusterFontRule))
        } else {
          fonts.formUnion(segment.fontMask)
        }
      }
      return fonts
    }

    /// The fonts of graphemes `range` of one segment set in `segmentFonts`: each cluster's font
    /// by the chain's rule, or every font of the segment for a cluster whose font is not one of
    /// them (a word moved to one font, an installed fallback face).
    static func fonts(
      ofGraphemes range: Range<Int>, among segmentFonts: FontMask, in view: PreparedTextStorage.View,
      codes: UnsafePointer<UInt32>, chain: FontChain, rule: ClusterFontRule
    ) -> FontMask {
      var fonts = FontMask()
      for grapheme in range {
        let start = grapheme == 0 ? 0 : Int(view.graphemeEnds[grapheme - 1])
        let cluster = UnsafeBufferPointer(
          start: codes + start, count: Int(view.graphemeEnds[grapheme]) - start)
        // Hard breaks add no font (as in `SegmentShaper.shape`).
        if cluster.allSatisfy(UnicodeProperties.isHardBreak) { continue }
        let font = FontMask(fontAt: chain.fontIndex(coveringCluster: cluster, rule: rule))
        guard font.rawValue & segmentFonts.rawValue != 0 else { return segmentFonts }
        fonts.formUnion(font)
      }
      return fonts
    }

    /// The height of a line set in `fonts` (the first and last of its paragraph when `first` and
    /// `last`).
    func height(of fonts: FontMask, first: Bool = false, last: Bool = false) -> Double {
      var box = strut
      var bits = fonts.rawValue
      while bits != 0 {
        let bit = bits.trailingZeroBitCount
        box.formUnion(fontBoxes[bit])
        bits &= bits &- 1
      }
      if box.isEmpty { box = emptyLine }
      if strutBoundsEdges {
        if first { box.above = strut.above }
        if last { box.below = strut.below }
      }
      return platform.height(of: box)
    }
  }

  /// `measure(width:)` for a text whose lines differ in height: every line found, its fonts'
  /// boxes joined.
  static func measureLinesOfDifferentHeights(
    _ view: PreparedTextStorage.View, width: Double, paragraph: UnsafeMutablePointer<Paragraph>,
    boxes: LineBoxes
  ) -> TextMeasurement {
    let maxLines = paragraph.pointee.style.maxLines
    var count = 0
    var truncated = false
    var widest = 0.0
    var height = 0.0
    var lastHeight = 0.0
    var lastRange = 0..<0
    forEachLine(
      in: view, limit: paragraph.pointee.platform.lineLimit(forWidth: width, in: paragraph.pointee.style),
      width: width,
      platform: paragraph.pointee.platform,
      breaking: LineBreaking(
        textWrap: paragraph.pointee.style.textWrap, androidStyle: paragraph.pointee.style.androidStyle),
      fontSize: paragraph.pointee.style.fontSize
    ) { line in
      if maxLines > 0, count == maxLines {
        truncated = true
        return false
      }
      count += 1
      widest = max(widest, line.contentWidth)
      lastHeight = boxes.height(
        ofLine: line.graphemeRange, in: view, chain: paragraph.pointee.fontChain,
        after: lastHeight,
        first: count == 1)
      lastRange = line.graphemeRange
      height += lastHeight
      return true
    }
    if boxes.strutBoundsEdges || truncated, count > 0 {
      // The last line, known only now, ends at the strut's bottom; a truncated one holds the
      // ellipsis.
      height +=
        boxes.height(
          ofLine: lastRange, in: view, chain: paragraph.pointee.fontChain,
          after: lastHeight, first: count == 1,
          last: true, truncated: truncated)
        - lastHeight
    }
    let style = paragraph.pointee.style
    return TextMeasurement(
      lineCount: count,
      height: count > 0
        ? Self.height(
          ofLines: height, count: count, lineSpacing: paragraph.pointee.lineSpacing,
          edges: paragraph.pointee.edges, pixelScale: style.pixelScale) : 0,
      truncated: truncated, maxLineWidth: widest)
  }
}
