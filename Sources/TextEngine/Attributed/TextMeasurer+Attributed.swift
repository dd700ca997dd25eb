extension TextMeasurer {
  /// Does all width-independent work for a paragraph of styled spans: each span is shaped in
  /// its own style (through the segment cache, as `prepare(_:style:)` does), and line-break
  /// opportunities come from the joined text.
  ///
  /// - Parameters:
  ///   - spans: the paragraph's runs of text, each in its own style, in reading order.
  ///   - paragraph: line height, line spacing, max lines and pixel scale; nil takes them from
  ///     the first span's style.
  ///   - truncationToken: ends the last visible line of truncated text in place of "…" (in the
  ///     last span's style when nil).
  /// - Throws: `TextError` for an invalid style or a text over `maximumScalarCount`.
  public func prepare(
    _ spans: [TextSpan], paragraph: TextStyle? = nil, truncationToken: TextSpan? = nil
  ) throws(TextError) -> AttributedText {
    let paragraph = paragraph ?? spans.first?.style ?? TextStyle()
    try paragraph.validate()
    var codes: [UInt32] = []
    var spanStarts: [Int] = []
    var spanMetrics: [AttributedText.LineMetrics] = []
    var graphemeWidths: [Double] = []
    var graphemeEnds: [Int32] = []
    var graphemeSpans: [Int32] = []
    var missing = 0
    var joined = ""
    var lastPrepared: PreparedText?
    for span in spans { joined += span.text }
    // Scalar starts of the spans, then one shaping run per group of consecutive spans that
    // share a style (so one style shapes exactly like the plain text).
    spanStarts = []
    var offset = 0
    for span in spans {
      spanStarts.append(offset)
      offset += span.text.unicodeScalars.count
      spanMetrics.append(metrics(of: span.style, paragraph: paragraph))
    }
    guard offset <= Self.maximumScalarCount else {
      throw TextError(
        .textTooLong,
        "the spans have \(offset) Unicode scalars together; at most \(Self.maximumScalarCount) are accepted")
    }
    var group = 0
    while group < spans.count {
      var next = group + 1
      var text = spans[group].text
      while next < spans.count, spans[next].style == spans[group].style {
        text += spans[next].text
        next += 1
      }
      let prepared = try prepare(text, style: spans[group].style)
      lastPrepared = prepared
      let base = Int32(codes.count)
      var span = group
      prepared.withView { view in
        graphemeWidths.append(contentsOf: view.graphemeWidths)
        var start = Int(base)
        for end in view.graphemeEnds {
          // The original span holding the cluster's first scalar.
          while span + 1 < next, spanStarts[span + 1] <= start { span += 1 }
          graphemeEnds.append(base + end)
          graphemeSpans.append(Int32(span))
          start = Int(base + end)
        }
      }
      codes.append(contentsOf: prepared.codes)
      missing += prepared.missingGlyphs
      group = next
    }
    spanStarts.append(codes.count)

    var segments: [AttributedText.Segment] = []
    var grapheme = 0
    var runningWidth = 0.0
    for (end, isMandatory) in try lineBreakOpportunities(in: joined) {
      let start = grapheme
      while grapheme < graphemeEnds.count, Int(graphemeEnds[grapheme]) <= end { grapheme += 1 }
      // A break inside a cluster (only where spans split one) moves to the cluster's end.
      if grapheme < graphemeEnds.count, grapheme > 0, Int(graphemeEnds[grapheme - 1]) < end { grapheme += 1 }
      guard grapheme > start else { continue }
      var contentEnd = grapheme
      while contentEnd > start, isWhitespace(grapheme: contentEnd - 1, codes: codes, ends: graphemeEnds) {
        contentEnd -= 1
      }
      var total = 0.0
      var content = 0.0
      var metrics = AttributedText.LineMetrics()
      for index in start..<grapheme {
        total += graphemeWidths[index]
        if index < contentEnd { content = total }
        metrics.formUnion(spanMetrics[Int(graphemeSpans[index])])
      }
      segments.append(
        AttributedText.Segment(
          contentWidth: content, totalWidth: total, start: runningWidth, graphemeStart: start,
          graphemeCount: grapheme - start, contentGraphemeCount: contentEnd - start,
          hardBreakAfter: isMandatory,
          metrics: metrics))
      runningWidth += total
    }

    let tokenWidth: Double
    let tokenMetrics: AttributedText.LineMetrics
    if let truncationToken {
      tokenWidth = try prepare(truncationToken.text, style: truncationToken.style).unconstrainedWidth
      tokenMetrics = metrics(of: truncationToken.style, paragraph: paragraph)
    } else {
      tokenWidth = lastPrepared?.ellipsisWidth ?? 0
      tokenMetrics = spanMetrics.last ?? metrics(of: paragraph, paragraph: paragraph)
    }
    return AttributedText(
      spans: spans, paragraph: paragraph, token: truncationToken, missingGlyphs: missing, codes: codes,
      spanStarts: spanStarts, spanMetrics: spanMetrics, graphemeWidths: graphemeWidths,
      graphemeEnds: graphemeEnds, graphemeSpans: graphemeSpans, segments: segments, tokenWidth: tokenWidth,
      tokenMetrics: tokenMetrics)
  }

  /// A span's line box: its natural line height (or the paragraph's multiple of it) with the
  /// leading split evenly above the ascent and below the descent.
  private func metrics(of style: TextStyle, paragraph: TextStyle) -> AttributedText.LineMetrics {
    let font = chain(for: style.weight).primary.metrics(atPointSize: style.fontSize)
    let ascent = font.ascender
    let descent = -font.descender
    var height = font.naturalLineHeight
    if case .multiple(let factor) = paragraph.lineHeight { height *= factor }
    let above = ascent + (height - (ascent + descent)) / 2
    return AttributedText.LineMetrics(
      above: above, below: height - above, tallest: height, ascent: ascent, descent: descent)
  }

  private func isWhitespace(grapheme: Int, codes: [UInt32], ends: [Int32]) -> Bool {
    let start = grapheme == 0 ? 0 : Int(ends[grapheme - 1])
    return codes[start..<Int(ends[grapheme])].allSatisfy(UnicodeProperties.isTrailingWhitespace)
  }
}
