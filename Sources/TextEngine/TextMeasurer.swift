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

  private let regularEllipsisEm: Double
  private let boldEllipsisEm: Double
  private let regularCache: SegmentCache
  private let boldCache: SegmentCache
  private let lineBreakers: BreakIteratorPool
  private let graphemeBreakers: BreakIteratorPool

  /// A measurer over the given chains (bold defaults to the regular chain).
  /// - Parameters:
  ///   - segmentCacheCapacity: shaped segments kept per chain and cache generation.
  ///   - locale: ICU locale for line breaking (the root rules by default).
  public init(
    regular: FontChain, bold: FontChain? = nil, segmentCacheCapacity: Int = 50_000, locale: String = ""
  ) {
    self.regular = regular
    self.bold = bold ?? regular
    self.regularCache = SegmentCache(capacity: segmentCacheCapacity)
    self.boldCache = SegmentCache(capacity: segmentCacheCapacity)
    self.lineBreakers = BreakIteratorPool(kind: .line, locale: locale)
    self.graphemeBreakers = BreakIteratorPool(kind: .grapheme, locale: locale)
    let ellipsis: [UInt32] = [0x2026]
    let graphemeBreakers = self.graphemeBreakers
    func ellipsisEm(_ chain: FontChain) -> Double {
      ellipsis.withUnsafeBufferPointer {
        SegmentShaper(chain: chain, graphemeBreakers: graphemeBreakers, language: "")
          .shape($0, isRightToLeft: false).graphemeWidthsEm.reduce(0, +)
      }
    }
    self.regularEllipsisEm = ellipsisEm(regular)
    self.boldEllipsisEm = ellipsisEm(bold ?? regular)
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
    let decoded = DecodedText(text)
    let codes = decoded.codes
    guard codes.count <= Self.maximumScalarCount else {
      throw TextError(
        .textTooLong,
        "text has \(codes.count) Unicode scalars; at most \(Self.maximumScalarCount) are accepted")
    }
    let metrics = chain.primary.metrics(atPointSize: style.fontSize)
    let lineHeight: Double
    switch style.lineHeight {
    case .natural: lineHeight = metrics.naturalLineHeight
    case .fixed(let points): lineHeight = points
    case .multiple(let factor): lineHeight = metrics.naturalLineHeight * factor
    }
    let ellipsis =
      (style.weight == .bold ? boldEllipsisEm : regularEllipsisEm) * style.fontSize + style.letterSpacing

    let breaks = try lineBreaks(decoded)
    let rightToLeft =
      decoded.mayBeRightToLeft ? try BidiLevels.rightToLeftFlags(decoded, breaks: breaks) : nil

    var builder = PreparedTextBuilder(
      segmentCount: breaks.count, scalarCount: codes.count, fontSize: style.fontSize,
      letterSpacing: style.letterSpacing)
    codes.withUnsafeBufferPointer { buffer in
      // One pass under the cache lock appends every hit; at the first miss it only notes the
      // misses, which are shaped outside the lock, and a second pass finishes from there.
      var misses: [Int: ShapedSegment] = [:]
      var resumeAt = breaks.count
      cache.withLookup { lookup in
        var start = 0
        for index in breaks.indices {
          let end = breaks[index].end
          defer { start = end }
          let slice = UnsafeBufferPointer(rebasing: buffer[start..<end])
          let isRightToLeft = rightToLeft?[index] ?? false
          let hash = SegmentCache.hash(slice, isRightToLeft: isRightToLeft)
          if resumeAt == breaks.count {
            let hit = lookup(hash, slice) { view in
              builder.append(
                view, scalars: slice, start: start, hardBreakAfter: breaks[index].isHard)
            }
            if !hit {
              resumeAt = index
              misses[index] = ShapedSegment.placeholder
            }
          } else if !lookup(hash, slice, { _ in }) {
            misses[index] = ShapedSegment.placeholder
          }
        }
      }
      guard resumeAt < breaks.count else { return }
      let shaper = SegmentShaper(chain: chain, graphemeBreakers: graphemeBreakers, language: style.language)
      var start = resumeAt == 0 ? 0 : breaks[resumeAt - 1].end
      for index in misses.keys.sorted() {
        let segmentStart = index == 0 ? 0 : breaks[index - 1].end
        let slice = UnsafeBufferPointer(rebasing: buffer[segmentStart..<breaks[index].end])
        let isRightToLeft = rightToLeft?[index] ?? false
        let shaped = shaper.shape(slice, isRightToLeft: isRightToLeft)
        cache.insert(shaped, hash: SegmentCache.hash(slice, isRightToLeft: isRightToLeft))
        misses[index] = shaped
      }
      cache.withLookup { lookup in
        for index in resumeAt..<breaks.count {
          let end = breaks[index].end
          defer { start = end }
          let slice = UnsafeBufferPointer(rebasing: buffer[start..<end])
          let isHard = breaks[index].isHard
          if let shaped = misses[index] {
            builder.append(shaped, scalars: slice, start: start, hardBreakAfter: isHard)
            continue
          }
          let isRightToLeft = rightToLeft?[index] ?? false
          let hit = lookup(SegmentCache.hash(slice, isRightToLeft: isRightToLeft), slice) { view in
            builder.append(view, scalars: slice, start: start, hardBreakAfter: isHard)
          }
          if !hit {
            // Evicted since the first pass (the cache rotated): shape it here.
            builder.append(
              shaper.shape(slice, isRightToLeft: isRightToLeft), scalars: slice, start: start,
              hardBreakAfter: isHard)
          }
        }
      }
    }
    builder.finish()
    return PreparedText(
      codes: codes, style: style, lineHeight: lineHeight, missingGlyphs: builder.missingGlyphs,
      ellipsisWidth: ellipsis, ascender: metrics.ascender, segments: builder.segments,
      graphemeWidths: builder.graphemeWidths, graphemeEnds: builder.graphemeEnds)
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
    let decoded = DecodedText(text)
    let codes = decoded.codes
    let breaks = try lineBreaks(decoded)
    let rightToLeft =
      decoded.mayBeRightToLeft ? try BidiLevels.rightToLeftFlags(decoded, breaks: breaks) : nil
    var result: [GlyphRun] = []
    var pen = 0.0
    var start = 0
    codes.withUnsafeBufferPointer { buffer in
      for (index, segment) in breaks.enumerated() {
        let slice = UnsafeBufferPointer(rebasing: buffer[start..<segment.end])
        let (graphemeEnds, runs, _) = shaper.runs(slice, isRightToLeft: rightToLeft?[index] ?? false)
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
  public func lineBreakOpportunities(in text: String) throws(TextError) -> [(offset: Int, isMandatory: Bool)]
  {
    try lineBreaks(DecodedText(text)).map { ($0.end, $0.isHard) }
  }

  /// Line-break opportunities (scalar offsets where segments end) from ICU's UAX #14 rules.
  private func lineBreaks(_ decoded: DecodedText) throws(TextError) -> [(end: Int, isHard: Bool)] {
    let codes = decoded.codes
    guard !codes.isEmpty else { return [] }
    let scalarOfUTF16 = decoded.scalarOffsetsOfUTF16()
    let result: [(end: Int, isHard: Bool)]? = decoded.utf16.withUnsafeBufferPointer { buffer in
      lineBreakers.withIterator(over: buffer) { iterator in
        var breaks: [(end: Int, isHard: Bool)] = []
        breaks.reserveCapacity(codes.count / 3 + 4)
        while let boundary = iterator.next() {
          let end = DecodedText.scalarOffset(ofUTF16: boundary, in: scalarOfUTF16)
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
