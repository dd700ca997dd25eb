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
    try paragraph.validateTextWrap(on: platform)
    try paragraph.validateAndroidStyle(on: platform)
    try paragraph.validateFlutterRoundingHack(on: platform)
    try paragraph.validateTextSpacingTrim(on: platform)
    var codes: [UInt32] = []
    var spanStarts: [Int] = []
    var spanMetrics: [AttributedText.LineMetrics] = []
    var graphemeWidths: [Double] = []
    var graphemeEnds: [Int32] = []
    var graphemeSpans: [Int32] = []
    // Each grapheme's segment's fonts (what a whole segment on a line adds), and its own cluster's
    // (what a segment cut between graphemes adds), as plain text's line boxes take them.
    var graphemeFonts: [FontMask] = []
    var clusterFonts: [FontMask] = []
    // Each cluster's font, where the platform's too-long words count the runs they cross.
    var clusterFontIndices: [Int16] = []
    let countsRunsOfTooLongWords = platform.overlongWordsFillLines
    // Whether every group's positions rise, where a wrap style re-breaks lines by them (checked
    // under any spacing, as plain text's wrap styles check them) and where a negative letter
    // spacing may take them back within a paragraph (the greedy lines' search).
    var positionsRise = true
    var missing = 0
    var joined = ""
    var lastPrepared: PreparedText?
    // The kerning after each grapheme: a plain segment's after its last one (see `KerningPairs`).
    var graphemeKerning: [Double] = []
    // What a line ending inside a word after each grapheme adds (`View.cutKerning`; the web),
    // empty while no group has any.
    var graphemeCutKerning: [Double] = []
    // The web: each tab grapheme and the tab stops of its span's font (`WebTabStops`).
    var tabGraphemes: [Int: WebTabStops] = [:]
    // The web: each soft hyphen ending a segment, and the hyphen a line ending there ends with
    // (`WebSoftHyphens`, its span's).
    var softHyphens: [Int: Double] = [:]
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
    // Where each run of spans of one style starts (graphemes).
    var groupStarts: [Int] = []
    // The marks trimmed after a segment inside a run (`LineEndTrim.trimAfter`), by the
    // segment's last grapheme.
    var trimsAfter: [Int: Double] = [:]
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
      groupStarts.append(graphemeWidths.count)
      prepared.withView { view in
        let firstGrapheme = graphemeKerning.count
        graphemeKerning.append(contentsOf: repeatElement(0, count: view.graphemeWidths.count))
        for segment in view.segments where segment.kernAfter != 0 {
          let end = Int(segment.graphemeStart + segment.graphemeCount) - 1
          graphemeKerning[firstGrapheme + end] = Double(segment.kernAfter)
        }
        for index in view.softHyphenSegments {
          let segment = view.segments[Int(index)]
          softHyphens[firstGrapheme + Int(segment.graphemeStart + segment.contentGraphemeCount) - 1] =
            view.hyphenWidth
        }
        // (What of that kerning is a mark trimmed after the segment: wrap styles' candidates.)
        for trim in view.lineEndTrims where trim.trimAfter != 0 {
          let segment = view.segments[Int(trim.segment)]
          trimsAfter[firstGrapheme + Int(segment.graphemeStart + segment.graphemeCount) - 1] = trim.trimAfter
        }
        if !view.cutKerning.isEmpty || !graphemeCutKerning.isEmpty {
          if graphemeCutKerning.count < firstGrapheme {
            graphemeCutKerning.append(
              contentsOf: repeatElement(0, count: firstGrapheme - graphemeCutKerning.count))
          }
          if view.cutKerning.isEmpty {
            graphemeCutKerning.append(contentsOf: repeatElement(0, count: view.graphemeWidths.count))
          } else {
            graphemeCutKerning.append(contentsOf: view.cutKerning.lazy.map(Double.init))
          }
        }
        graphemeWidths.append(contentsOf: view.graphemeWidths)
        if let stops = view.tabStops {
          // (The web: the span's tabs, 0 wide in its widths, reach its font's tab stops.)
          for run in view.tabRuns {
            for tab in Int(run.grapheme)..<Int(run.grapheme + run.count) {
              tabGraphemes[firstGrapheme + tab] = stops
            }
          }
        }
        let chain = chain(for: spans[group].style.weight)
        if positionsRise, paragraph.textWrap != .auto || spans[group].style.letterSpacing < 0 {
          positionsRise = PreparedText.LineKey.positionsRise(view.keys)
        }
        if countsRunsOfTooLongWords, let scalars = view.codes {
          clusterFontIndices.append(
            contentsOf: Self.clusterFontIndices(
              codes: scalars, graphemeEnds: view.graphemeEnds, chain: chain,
              rule: platform.rules.clusterFontRule))
        }
        for segment in view.segments {
          graphemeFonts.append(contentsOf: repeatElement(segment.fontMask, count: Int(segment.graphemeCount)))
          guard segment.fontMask.hasSeveral, let scalars = view.codes else {
            clusterFonts.append(
              contentsOf: repeatElement(segment.fontMask, count: Int(segment.graphemeCount)))
            continue
          }
          let first = Int(segment.graphemeStart)
          for grapheme in first..<first + Int(segment.graphemeCount) {
            clusterFonts.append(
              PreparedText.LineBoxes.fonts(
                ofGraphemes: grapheme..<grapheme + 1, among: segment.fontMask, in: view, codes: scalars,
                chain: chain, rule: platform.rules.clusterFontRule))
          }
        }
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
    let opportunities = try lineBreakOpportunities(in: joined)
    // `text-spacing-trim: normal` across spans and at their lines' ends (the web).
    var spanTrims: WebSpacingTrim.SpanTrims?
    if platform.hasTextSpacingTrim, spans.contains(where: { $0.style.textSpacingTrim == .normal }) {
      spanTrims = WebSpacingTrim.spanTrims(
        codes: codes, graphemeEnds: graphemeEnds, graphemeSpans: graphemeSpans, groupStarts: Set(groupStarts),
        opportunities: Set(opportunities.map(\.offset)), style: { spans[$0].style },
        chain: { self.chain(for: spans[$0].style.weight) })
      for trim in spanTrims?.insideTrims ?? [] {
        graphemeWidths[trim.grapheme] = max(0, graphemeWidths[trim.grapheme] + trim.points)
      }
      for trim in spanTrims?.kerningTakenBack ?? [] {
        // (Its line start widens instead, and the candidates read it as a trim no more.)
        graphemeKerning[trim.grapheme] -= trim.points
        trimsAfter[trim.grapheme] = nil
      }
    }
    let segmentGraphemeMetrics = graphemeMetrics(
      spans: spans, paragraph: paragraph, spanMetrics: spanMetrics, graphemeSpans: graphemeSpans,
      graphemeFonts: graphemeFonts)
    let graphemeMetrics =
      clusterFonts == graphemeFonts
      ? segmentGraphemeMetrics
      : self.graphemeMetrics(
        spans: spans, paragraph: paragraph, spanMetrics: spanMetrics, graphemeSpans: graphemeSpans,
        graphemeFonts: clusterFonts)

    // Where the platform snaps positions to a grid (the web: LayoutUnits), each span is its own
    // inline item: its positions are snapped from its own start, and a line's width is the sum of
    // its spans' snapped parts.
    var itemAdvances: AttributedText.ItemAdvances?
    if let grid = platform.rules.positionGrid {
      // Items are cut where the paragraph's bidi level changes too (texts with right-to-left
      // scalars only).
      let itemStarts =
        codes.contains(where: BidiLevels.mayBeRightToLeft)
        ? try BidiLevels.itemStarts(
          of: codes,
          utf16: codes.withUnsafeBufferPointer { DecodedText.withUTF16(of: $0) { utf16, _ in Array(utf16) } })
        : []
      itemAdvances = AttributedText.ItemAdvances(
        widths: graphemeWidths, kerningAfter: graphemeKerning, spans: graphemeSpans,
        graphemeEnds: graphemeEnds,
        itemStarts: itemStarts, codes: codes, grid: grid,
        cutKerning: graphemeCutKerning.isEmpty
          ? []
          : graphemeCutKerning
            + repeatElement(0, count: max(0, graphemeWidths.count - graphemeCutKerning.count)),
        tabs: tabGraphemes)
      if let spanTrims {
        if !spanTrims.lineStartWidening.isEmpty {
          var widening = [Double](repeating: 0, count: graphemeWidths.count)
          for (grapheme, points) in spanTrims.lineStartWidening { widening[grapheme] = points }
          itemAdvances?.lineStartWidening = widening
        }
        itemAdvances?.lineEndTrims = spanTrims.lineEndTrims
      }
      itemAdvances?.trimsAfter = trimsAfter
      itemAdvances?.softHyphens = softHyphens
    }
    let snappedPositions = itemAdvances?.positions()
    var segments: [AttributedText.Segment] = []
    var grapheme = 0
    var runningWidth = 0.0
    for (end, isMandatory) in opportunities {
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
        metrics.formUnion(segmentGraphemeMetrics[index])
      }
      if let positions = snappedPositions {
        total = positions.starts[grapheme] - positions.starts[start]
        content = contentEnd > start ? positions.ends[contentEnd - 1] - positions.starts[start] : 0
      } else {
        // The next segment starts after the kerning; a line ending here ends without it.
        total += graphemeKerning[grapheme - 1]
      }
      segments.append(
        AttributedText.Segment(
          contentWidth: content, totalWidth: total, start: snappedPositions?.starts[start] ?? runningWidth,
          graphemeStart: start,
          graphemeCount: grapheme - start, contentGraphemeCount: contentEnd - start,
          hardBreakAfter: isMandatory,
          metrics: metrics, kernAfter: graphemeKerning[grapheme - 1]))
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
      spanStarts: spanStarts, spanMetrics: spanMetrics, graphemeMetrics: graphemeMetrics,
      clusterFontIndices: clusterFontIndices, positionsRise: positionsRise, platform: platform,
      lines: lines(of: paragraph),
      itemAdvances: itemAdvances, graphemeWidths: graphemeWidths,
      graphemeEnds: graphemeEnds, graphemeSpans: graphemeSpans, segments: segments, tokenWidth: tokenWidth,
      tokenMetrics: tokenMetrics)
  }

  /// How the lines of `paragraph` stack: the box every line holds (the strut, where the
  /// platform has one; ios's spans have their own model), the space between lines and what
  /// the first and last lines add, as for plain text.
  private func lines(of paragraph: TextStyle) -> AttributedText.Lines {
    let rules = platform.rules
    let primary = chain(for: paragraph.weight).primary.metrics
    return AttributedText.Lines(
      strut: rules.hasStrut && platform != .ios
        ? rules.spanBox(of: primary, fontSize: paragraph.fontSize, primary: primary, paragraph: paragraph)
        : .empty,
      spaceBetweenLines: rules.spaceBetweenLines(in: paragraph),
      edges: rules.edges(primary: primary, style: paragraph),
      strutBoundsEdges: rules.hasStrut && rules.strutBoundsParagraphEdges(in: paragraph))
  }

  /// The line metrics of a box.
  private static func lineMetrics(_ box: LineBox) -> AttributedText.LineMetrics {
    AttributedText.LineMetrics(
      above: box.above, below: box.below, tallest: box.above + box.below, ascent: 0, descent: 0)
  }

  /// The box a run in `font` at `style`'s size adds to its line (the platform's rules).
  private func box(of font: Font, style: TextStyle, paragraph: TextStyle) -> LineBox {
    platform.rules.spanBox(
      of: font.metrics, fontSize: style.fontSize, primary: chain(for: paragraph.weight).primary.metrics,
      paragraph: paragraph)
  }

  /// The chain's font of each cluster by `rule` (-1 for a hard break, which takes no font, as in
  /// `SegmentShaper.shape`; -2 where no font covers it), as ``FlutterTooLongWords`` finds them in
  /// plain text.
  private static func clusterFontIndices(
    codes: UnsafePointer<UInt32>, graphemeEnds: UnsafeBufferPointer<Int32>, chain: FontChain,
    rule: ClusterFontRule
  ) -> [Int16] {
    var start = 0
    return graphemeEnds.map { end in
      let cluster = UnsafeBufferPointer(start: codes + start, count: Int(end) - start)
      start = Int(end)
      if cluster.allSatisfy(UnicodeProperties.isHardBreak) { return -1 }
      return chain.fontIndex(coveringCluster: cluster, rule: rule).map { Int16($0) } ?? -2
    }
  }

  /// Each grapheme's line metrics: its span's box, and, where the platform's fallback fonts grow
  /// lines, the boxes of the fonts it is set in (the web under the natural line height and
  /// Android: with the span's own; SkParagraph: the fonts alone, each a run).
  private func graphemeMetrics(
    spans: [TextSpan], paragraph: TextStyle, spanMetrics: [AttributedText.LineMetrics],
    graphemeSpans: [Int32], graphemeFonts: [FontMask]
  ) -> [AttributedText.LineMetrics] {
    let spanOf = graphemeSpans.map { Int($0) }
    let rules = platform.rules
    // (ios's spans have a model of their own, where fallback fonts never change a height.)
    guard platform != .ios, rules.fallbackFontsGrowLines(in: paragraph) else {
      return spanOf.map { spanMetrics[$0] }
    }
    var boxes: [Int: LineBox] = [:]
    func fontBox(span: Int, bit: Int) -> LineBox {
      let key = span << 4 | bit
      if let box = boxes[key] { return box }
      let style = spans[span].style
      let fonts = chain(for: style.weight).fonts
      // Fonts past the fifteenth and installed fallback faces count as the primary font.
      let font = bit < FontMask.othersBit && bit < fonts.count ? fonts[bit] : fonts[0]
      let box = self.box(of: font, style: style, paragraph: paragraph)
      boxes[key] = box
      return box
    }
    // (A grapheme in no font, a hard break, adds nothing where a line is only as tall as its
    // runs; a line with nothing else takes its span's box, `withEmptyLineMetrics`.)
    return zip(spanOf, graphemeFonts).map { span, fonts in
      var box =
        rules.hasStrut
        ? LineBox(above: spanMetrics[span].above, below: spanMetrics[span].below) : LineBox.empty
      var bits = fonts.rawValue
      while bits != 0 {
        box.formUnion(fontBox(span: span, bit: bits.trailingZeroBitCount))
        bits &= bits &- 1
      }
      return Self.lineMetrics(box)
    }
  }

  /// A span's line box: its natural line height (or the paragraph's multiple of it) with the
  /// leading split evenly above the ascent and below the descent.
  private func metrics(of style: TextStyle, paragraph: TextStyle) -> AttributedText.LineMetrics {
    if platform != .ios {
      return Self.lineMetrics(box(of: chain(for: style.weight).primary, style: style, paragraph: paragraph))
    }
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
    return UnicodeProperties.isTrailingWhitespace(
      cluster: codes[start..<Int(ends[grapheme])], hangsOtherSpaces: platform.rules.hangsOtherSpaceSeparators)
  }
}
