/// Prepares paragraphs for measurement with a regular and a bold font chain.
///
/// `prepare` does all width-independent work once (ICU line segmentation and HarfBuzz shaping
/// through a bounded per-segment cache shared by every paragraph); the `PreparedText` it
/// returns is laid out at any width by arithmetic. A measurer is `Sendable`: its caches are
/// behind locks and its fonts serialize their C calls, so one instance serves many threads.
public final class TextMeasurer: Sendable {
  /// The chain used for `FontWeight.regular`.
  public let regular: FontChain
  /// The chain used for `FontWeight.bold`.
  public let bold: FontChain
  /// Paragraphs longer than this many Unicode scalars are rejected.
  public static let maximumScalarCount = 4_000_000

  private let regularCache: SegmentCache
  private let boldCache: SegmentCache
  private let lineBreakers: BreakIteratorPool
  private let graphemeBreakers: BreakIteratorPool

  /// A measurer over the given chains (bold defaults to the regular chain).
  /// - Parameters:
  ///   - segmentCacheCapacity: shaped segments kept per chain and cache generation.
  ///   - locale: ICU locale for line breaking (the root rules by default).
  public init(regular: FontChain, bold: FontChain? = nil, segmentCacheCapacity: Int = 50_000, locale: String = "") {
    self.regular = regular
    self.bold = bold ?? regular
    self.regularCache = SegmentCache(capacity: segmentCacheCapacity)
    self.boldCache = SegmentCache(capacity: segmentCacheCapacity)
    self.lineBreakers = BreakIteratorPool(kind: .line, locale: locale)
    self.graphemeBreakers = BreakIteratorPool(kind: .grapheme, locale: locale)
  }

  /// The chain for a weight.
  public func chain(for weight: FontWeight) -> FontChain {
    weight == .bold ? bold : regular
  }

  /// Shaped segments currently cached (both chains).
  public var cachedSegmentCount: Int { regularCache.count + boldCache.count }

  /// Empties the shaping caches.
  public func removeCachedSegments() {
    regularCache.removeAll()
    boldCache.removeAll()
  }

  /// Does all width-independent work for `text` in `style`.
  /// - Throws: `TextError` for an invalid style, a text over `maximumScalarCount`, or an ICU
  ///   failure.
  public func prepare(_ text: String, style: TextStyle) throws(TextError) -> PreparedText {
    try style.validate()
    let chain = chain(for: style.weight)
    let cache = style.weight == .bold ? boldCache : regularCache
    let shaper = SegmentShaper(chain: chain, graphemeBreakers: graphemeBreakers, language: style.language)
    let scalars = Array(text.unicodeScalars)
    guard scalars.count <= Self.maximumScalarCount else {
      throw TextError(
        .textTooLong, "text has \(scalars.count) Unicode scalars; at most \(Self.maximumScalarCount) are accepted")
    }
    let metrics = chain.primary.metrics(atPointSize: style.fontSize)
    let natural = metrics.naturalLineHeight
    let lineHeight: Double
    switch style.lineHeight {
    case .natural: lineHeight = natural
    case .fixed(let points): lineHeight = points
    case .multiple(let factor): lineHeight = natural * factor
    }
    let ellipsis = ellipsisWidth(chain: chain, cache: cache, shaper: shaper, style: style)

    let codes = scalars.map(\.value)
    let breaks = try lineBreaks(codes)
    let isRightToLeft = try BidiLevels.rightToLeftFlags(codes, breaks: breaks)

    var segments: [PreparedText.Segment] = []
    segments.reserveCapacity(breaks.count)
    var graphemeWidths: [Double] = []
    graphemeWidths.reserveCapacity(scalars.count)
    var graphemeEnds: [Int32] = []
    graphemeEnds.reserveCapacity(scalars.count)
    var missing = 0

    codes.withUnsafeBufferPointer { buffer in
      // Look up every segment under one lock, then shape the misses.
      var shaped: [ShapedSegment?] = cache.withLookup { lookup in
        var start = 0
        return breaks.indices.map { index in
          defer { start = breaks[index].end }
          let slice = UnsafeBufferPointer(rebasing: buffer[start..<breaks[index].end])
          return lookup(SegmentCache.Key(hash: SegmentCache.hash(slice), isRightToLeft: isRightToLeft[index]), slice)
        }
      }
      var start = 0
      for index in breaks.indices {
        let end = breaks[index].end
        let slice = UnsafeBufferPointer(rebasing: buffer[start..<end])
        let segment: ShapedSegment
        if let hit = shaped[index] {
          segment = hit
        } else {
          segment = shaper.shape(slice, isRightToLeft: isRightToLeft[index])
          cache.insert(segment, key: SegmentCache.Key(hash: SegmentCache.hash(slice), isRightToLeft: isRightToLeft[index]))
          shaped[index] = segment
        }
        missing += segment.missingGlyphs
        let graphemeStart = graphemeWidths.count
        let contentCount = segment.graphemeWidthsEm.count - segment.trailingWhitespaceGraphemes
        var contentWidth = 0.0
        var totalWidth = 0.0
        for (grapheme, em) in segment.graphemeWidthsEm.enumerated() {
          let isBreak = UnicodeProperties.isHardBreak(codes[start + Int(grapheme == 0 ? 0 : segment.graphemeEnds[grapheme - 1])])
          let advance = isBreak ? 0 : em * style.fontSize + style.letterSpacing
          graphemeWidths.append(advance)
          graphemeEnds.append(Int32(start) + segment.graphemeEnds[grapheme])
          totalWidth += advance
          if grapheme < contentCount { contentWidth = totalWidth }
        }
        segments.append(
          PreparedText.Segment(
            scalarStart: Int32(start), scalarEnd: Int32(end), graphemeStart: Int32(graphemeStart),
            graphemeCount: Int32(segment.graphemeWidthsEm.count), contentGraphemeCount: Int32(contentCount),
            contentWidth: contentWidth, totalWidth: totalWidth, hardBreakAfter: breaks[index].isHard))
        start = end
      }
    }
    return PreparedText(
      scalars: scalars, style: style, lineHeight: lineHeight, missingGlyphs: missing,
      ellipsisWidth: ellipsis, ascender: metrics.ascender, segments: segments,
      graphemeWidths: graphemeWidths, graphemeEnds: graphemeEnds)
  }

  /// Convenience: prepare and lay out at one width.
  public func layout(_ text: String, style: TextStyle, width: Double) throws(TextError) -> TextLayout {
    try prepare(text, style: style).layout(width: width)
  }

  /// Shapes `text` as one line (no wrapping) and returns positioned glyph runs in points, for
  /// drawing or checking advances. Line-break segments are shaped separately, exactly as they
  /// are measured, so the glyph positions add up to the measured widths.
  public func glyphRuns(_ text: String, style: TextStyle) throws(TextError) -> [GlyphRun] {
    try style.validate()
    let chain = chain(for: style.weight)
    let shaper = SegmentShaper(chain: chain, graphemeBreakers: graphemeBreakers, language: style.language)
    let codes = text.unicodeScalars.map(\.value)
    let breaks = try lineBreaks(codes)
    let isRightToLeft = try BidiLevels.rightToLeftFlags(codes, breaks: breaks)
    var result: [GlyphRun] = []
    var pen = 0.0
    var start = 0
    codes.withUnsafeBufferPointer { buffer in
      for (index, segment) in breaks.enumerated() {
        let slice = UnsafeBufferPointer(rebasing: buffer[start..<segment.end])
        let (graphemeEnds, runs, _) = shaper.runs(slice, isRightToLeft: isRightToLeft[index])
        var graphemeStarts = Set([0])
        graphemeStarts.formUnion(graphemeEnds.dropLast().map { Int($0) })
        for run in runs {
          let font = chain.fonts[run.fontIndex]
          let scale = style.fontSize / Double(font.unitsPerEm)
          var glyphs: [PositionedGlyph] = []
          for glyph in run.glyphs {
            let cluster = Int(glyph.cluster)
            let isBreak = UnicodeProperties.isHardBreak(codes[start + cluster])
            var advance = isBreak ? 0 : Double(glyph.xAdvance) * scale
            // Letter spacing after each grapheme cluster, on the cluster's first glyph.
            if !isBreak, graphemeStarts.contains(cluster),
              glyphs.last?.cluster != start + cluster
            {
              advance += style.letterSpacing
            }
            glyphs.append(
              PositionedGlyph(
                glyphID: glyph.glyphID, cluster: start + cluster, x: pen, advance: advance,
                xOffset: Double(glyph.xOffset) * scale, yOffset: Double(glyph.yOffset) * scale))
            pen += advance
          }
          result.append(GlyphRun(font: font, glyphs: glyphs))
        }
        start = segment.end
      }
    }
    return result
  }

  /// Line-break opportunities of a text per UAX #14 (ICU): the scalar offsets where a line may
  /// start, each flagged when the break there is mandatory. The end of the text is included.
  public func lineBreakOpportunities(in text: String) throws(TextError) -> [(offset: Int, isMandatory: Bool)] {
    try lineBreaks(text.unicodeScalars.map(\.value)).map { ($0.end, $0.isHard) }
  }

  private func ellipsisWidth(chain: FontChain, cache: SegmentCache, shaper: SegmentShaper, style: TextStyle) -> Double {
    let ellipsis: [UInt32] = [0x2026]
    return ellipsis.withUnsafeBufferPointer { buffer in
      let key = SegmentCache.Key(hash: SegmentCache.hash(buffer), isRightToLeft: false)
      let segment = cache.withLookup { $0(key, buffer) } ?? {
        let shaped = shaper.shape(buffer, isRightToLeft: false)
        cache.insert(shaped, key: key)
        return shaped
      }()
      return segment.graphemeWidthsEm.reduce(0, +) * style.fontSize + style.letterSpacing
    }
  }

  /// Line-break opportunities (scalar offsets where segments end) from ICU's UAX #14 rules.
  private func lineBreaks(_ codes: [UInt32]) throws(TextError) -> [(end: Int, isHard: Bool)] {
    guard !codes.isEmpty else { return [] }
    var utf16: [UInt16] = []
    utf16.reserveCapacity(codes.count)
    var scalarOfUTF16: [Int32] = []
    scalarOfUTF16.reserveCapacity(codes.count + 1)
    for (index, scalar) in codes.enumerated() {
      if scalar > 0xFFFF {
        let value = scalar - 0x10000
        utf16.append(UInt16(0xD800 + (value >> 10)))
        utf16.append(UInt16(0xDC00 + (value & 0x3FF)))
        scalarOfUTF16.append(Int32(index))
      } else {
        utf16.append(UInt16(scalar))
      }
      scalarOfUTF16.append(Int32(index))
    }
    scalarOfUTF16.append(Int32(codes.count))
    let result: [(end: Int, isHard: Bool)]? = utf16.withUnsafeBufferPointer { buffer in
      lineBreakers.withIterator(over: buffer) { iterator in
        var breaks: [(end: Int, isHard: Bool)] = []
        while let boundary = iterator.next() {
          let end = Int(scalarOfUTF16[boundary])
          // ICU marks the boundary after a mandatory break character; the end of text is not one.
          let isHard = iterator.isHardBreak && UnicodeProperties.isHardBreak(codes[end - 1])
          breaks.append((end, isHard))
        }
        return breaks
      }
    }
    guard let result else { throw TextError(.segmentationFailed, "ICU could not open a line break iterator") }
    return result
  }
}
