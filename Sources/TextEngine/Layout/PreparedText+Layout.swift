extension PreparedText {
  /// How far past the width a line may reach and still fit, in points.
  ///
  /// Widths are sums of per-glyph advances (HarfBuzz design units scaled to the font size) in
  /// double precision, so two engines can differ in the last bits, and real text has exact
  /// ties ("language and of UNIX" is exactly 150 pt at 15 pt). A line fits when its width
  /// without hanging whitespace is ≤ `width + fitTolerance`. 1/256 pt is far below a pixel at
  /// any scale and above accumulated rounding, so exact ties fit, as in browsers, Pango and Skia.
  public static let fitTolerance = 1.0 / 256

  /// One line found by the breaker: graphemes `graphemeRange`, `contentWidth` without
  /// trailing whitespace.
  struct LineBreak {
    var graphemeRange: Range<Int>
    var contentWidth: Double
    var endsWithHardBreak: Bool
  }

  /// Validates a layout width: positive and not NaN; +infinity means unconstrained.
  static func validate(width: Double) throws(TextError) {
    guard width > 0, !width.isNaN else {
      throw TextError(
        .invalidWidth, "width must be a positive number (or +infinity for no wrapping), got \(width)")
    }
  }

  /// Greedy line breaking over prepared widths, calling `body` for each line in order until it
  /// returns false. Breaks at UAX #14 opportunities; a segment wider than the line breaks
  /// between grapheme clusters; trailing spaces hang; hard breaks end lines.
  static func forEachLine(in view: PreparedTextStorage.View, width: Double, _ body: (LineBreak) -> Bool) {
    let segments = view.segments
    let graphemeWidths = view.graphemeWidths
    let limit = width + Self.fitTolerance
    var lineStart = 0
    var lineWidth = 0.0
    var lineContent = 0.0
    for segment in segments {
      let first = Int(segment.graphemeStart)
      let contentEnd = first + Int(segment.contentGraphemeCount)
      let end = first + Int(segment.graphemeCount)
      if lineStart < first, lineWidth + segment.contentWidth > limit {
        guard
          body(
            LineBreak(graphemeRange: lineStart..<first, contentWidth: lineContent, endsWithHardBreak: false))
        else { return }
        lineStart = first
        lineWidth = 0
        lineContent = 0
      }
      if lineWidth + segment.contentWidth <= limit {
        if contentEnd > first { lineContent = lineWidth + segment.contentWidth }
        lineWidth += segment.totalWidth
      } else {
        // Alone on its line and still too wide: break between grapheme clusters.
        for grapheme in first..<contentEnd {
          let advance = graphemeWidths[grapheme]
          if grapheme > lineStart, lineWidth + advance > limit {
            guard
              body(
                LineBreak(
                  graphemeRange: lineStart..<grapheme, contentWidth: lineContent, endsWithHardBreak: false))
            else { return }
            lineStart = grapheme
            lineWidth = 0
          }
          lineWidth += advance
          lineContent = lineWidth
        }
        for grapheme in contentEnd..<end { lineWidth += graphemeWidths[grapheme] }
      }
      if segment.hardBreakAfter {
        guard
          body(LineBreak(graphemeRange: lineStart..<end, contentWidth: lineContent, endsWithHardBreak: true))
        else { return }
        lineStart = end
        lineWidth = 0
        lineContent = 0
      }
    }
    // The last line; after a final hard break it is an empty line, as in Pango and SkParagraph.
    if let last = segments.last, lineStart < graphemeWidths.count || last.hardBreakAfter {
      _ = body(
        LineBreak(
          graphemeRange: lineStart..<graphemeWidths.count, contentWidth: lineContent, endsWithHardBreak: false
        ))
    }
  }

  /// Line count, height and truncation at a width: pure arithmetic, no allocation.
  /// - Throws: `TextError.Code.invalidWidth` for a width ≤ 0 or NaN.
  public func measure(width: Double) throws(TextError) -> TextMeasurement {
    try Self.validate(width: width)
    let maxLines = style.maxLines
    var count = 0
    var truncated = false
    var widest = 0.0
    withView { view in
      Self.forEachLine(in: view, width: width) { line in
        if maxLines > 0, count == maxLines {
          truncated = true
          return false
        }
        count += 1
        widest = max(widest, line.contentWidth)
        return true
      }
    }
    return TextMeasurement(
      lineCount: count, height: height(ofLineCount: count), truncated: truncated, maxLineWidth: widest)
  }

  /// The full layout at a width: lines with their text ranges and widths.
  /// - Throws: `TextError.Code.invalidWidth` for a width ≤ 0 or NaN.
  public func layout(width: Double) throws(TextError) -> TextLayout {
    try Self.validate(width: width)
    let maxLines = style.maxLines
    var lines: [TextLayout.Line] = []
    var truncated = false
    withView { view in
      Self.forEachLine(in: view, width: width) { line in
        if maxLines > 0, lines.count == maxLines {
          truncated = true
          return false
        }
        lines.append(
          TextLayout.Line(
            scalarRange: scalarRange(ofLine: line, in: view), width: line.contentWidth, isTruncated: false))
        return true
      }
      if truncated, let last = lines.popLast() {
        lines.append(truncatedLine(startingAt: last.scalarRange.lowerBound, width: width, in: view))
      }
    }
    return TextLayout(
      width: width, lines: lines, height: height(ofLineCount: lines.count), truncated: truncated,
      missingGlyphs: missingGlyphs)
  }

  /// The text of a line (trailing spaces kept, hard-break characters dropped).
  public func text(of line: TextLayout.Line) -> String {
    let text = string(ofScalars: line.scalarRange)
    return line.isTruncated ? text + "…" : text
  }

  private static func scalarStart(ofGrapheme grapheme: Int, in graphemeEnds: UnsafeBufferPointer<Int32>)
    -> Int
  {
    grapheme == 0 ? 0 : Int(graphemeEnds[grapheme - 1])
  }

  private static func graphemeIndex(startingAtScalar scalar: Int, in graphemeEnds: UnsafeBufferPointer<Int32>)
    -> Int
  {
    // Binary search: the grapheme whose start is `scalar`.
    var low = 0
    var high = graphemeEnds.count
    while low < high {
      let middle = (low + high) / 2
      if Int(graphemeEnds[middle]) <= scalar { low = middle + 1 } else { high = middle }
    }
    return low
  }

  private func scalarRange(ofLine line: LineBreak, in view: PreparedTextStorage.View) -> Range<Int> {
    let start = Self.scalarStart(ofGrapheme: line.graphemeRange.lowerBound, in: view.graphemeEnds)
    var end = Self.scalarStart(ofGrapheme: line.graphemeRange.upperBound, in: view.graphemeEnds)
    while end > start, UnicodeProperties.isHardBreak(codes[end - 1]) { end -= 1 }
    return start..<end
  }

  /// The last visible line of truncated text: as many grapheme clusters of the remaining text
  /// (up to the next hard break) as fit with the ellipsis, trailing spaces dropped.
  private func truncatedLine(startingAt scalarStart: Int, width: Double, in view: PreparedTextStorage.View)
    -> TextLayout.Line
  {
    let graphemeWidths = view.graphemeWidths
    let graphemeEnds = view.graphemeEnds
    let limit = width - ellipsisWidth + Self.fitTolerance
    var grapheme = Self.graphemeIndex(startingAtScalar: scalarStart, in: graphemeEnds)
    var lineWidth = 0.0
    var contentWidth = 0.0
    var contentEnd = scalarStart
    while grapheme < graphemeWidths.count {
      let start = Self.scalarStart(ofGrapheme: grapheme, in: graphemeEnds)
      let end = Int(graphemeEnds[grapheme])
      let first = codes[start]
      if UnicodeProperties.isHardBreak(first) { break }
      let advance = graphemeWidths[grapheme]
      if lineWidth + advance > limit { break }
      lineWidth += advance
      if !UnicodeProperties.isHangingSpace(first) {
        contentWidth = lineWidth
        contentEnd = end
      }
      grapheme += 1
    }
    return TextLayout.Line(
      scalarRange: scalarStart..<contentEnd, width: contentWidth + ellipsisWidth, isTruncated: true)
  }
}
