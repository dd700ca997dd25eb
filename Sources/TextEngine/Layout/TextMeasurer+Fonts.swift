extension TextMeasurer {
  /// The font each grapheme cluster of `text` gets in `style`: the first font of the style's
  /// chain that covers the cluster, else (with system fonts on) an installed fallback face. On
  /// the web and flutter a font covers what HarfBuzz draws with it (its cmap, and scalars it
  /// draws through their decomposition, `Font.rendersThroughNormalization`); elsewhere its cmap,
  /// and within a word the first font that covers its whole script run is taken when an earlier
  /// font has only part of it.
  public func clusterFonts(_ text: String, style: TextStyle) -> [ClusterFont] {
    let decoded = DecodedText(text)
    let codes = decoded.codes
    guard !codes.isEmpty else { return [] }
    let shaper = shaper(for: style)
    let chain = chain(for: style.weight)
    let segmentEnds: [Int] =
      (try? withLineBreaks(decoded) { breaks throws(TextError) in breaks.map(\.end) }) ?? [codes.count]
    var clusters: [ClusterFont] = []
    var segmentStart = 0
    for segmentEnd in segmentEnds where segmentEnd > segmentStart {
      let segment = Array(codes[segmentStart..<segmentEnd])
      let ends = segment.withUnsafeBufferPointer { shaper.graphemeBoundaries($0) }
      let choice = shaper.fontsOfClusters(
        segment, graphemeEnds: ends, scripts: shaper.resolvedScripts(segment))
      var start = 0
      for (grapheme, end) in ends.map(Int.init).enumerated() {
        let cluster = segment[start..<end]
        let font = choice.fontOfGrapheme[grapheme].map { choice.fonts[$0] }
        var string = String.UnicodeScalarView()
        for code in cluster { string.append(Unicode.Scalar(code)!) }
        clusters.append(
          ClusterFont(
            scalarRange: segmentStart + start..<segmentStart + end, text: String(string), font: font,
            isSystemFallback: font.map { font in !chain.fonts.contains { $0 === font } } ?? false,
            missingScalars: font == nil ? cluster.filter(shaper.isMissing).map { Unicode.Scalar($0)! } : []))
        start = end
      }
      segmentStart = segmentEnd
    }
    return clusters
  }

  /// The distinct scalars of a prepared text that no font has (the ones counted in its
  /// `missingGlyphs`), in order of first appearance; empty when it has none.
  public func missingScalars(of prepared: PreparedText) -> [Unicode.Scalar] {
    guard prepared.missingGlyphs > 0 else { return [] }
    return missingScalars(prepared.codes, style: prepared.style)
  }

  /// The distinct scalars of `text` that no font has in `style`, in order of first appearance.
  public func missingScalars(in text: String, style: TextStyle) -> [Unicode.Scalar] {
    missingScalars(DecodedText(text).codes, style: style)
  }

  private func missingScalars(_ codes: [UInt32], style: TextStyle) -> [Unicode.Scalar] {
    let shaper = shaper(for: style)
    var seen = Set<UInt32>()
    var missing: [Unicode.Scalar] = []
    for code in codes where !seen.contains(code) {
      seen.insert(code)
      if shaper.isMissing(code) { missing.append(Unicode.Scalar(code)!) }
    }
    return missing
  }
}
