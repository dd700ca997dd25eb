extension TextMeasurer {
  /// The font each grapheme cluster of `text` gets in `style`: the first font of the style's
  /// chain that covers the cluster, else (with system fonts on) an installed fallback face.
  public func clusterFonts(_ text: String, style: TextStyle) -> [ClusterFont] {
    let codes = DecodedText(text).codes
    guard !codes.isEmpty else { return [] }
    let shaper = shaper(for: style)
    let chain = chain(for: style.weight)
    let ends = codes.withUnsafeBufferPointer { shaper.graphemeBoundaries($0) }
    var clusters: [ClusterFont] = []
    var start = 0
    for end in ends.map(Int.init) {
      let cluster = codes[start..<end]
      let font = shaper.font(forCluster: cluster)
      var string = String.UnicodeScalarView()
      for code in cluster { string.append(Unicode.Scalar(code)!) }
      clusters.append(
        ClusterFont(
          scalarRange: start..<end, text: String(string), font: font,
          isSystemFallback: font.map { font in !chain.fonts.contains { $0 === font } } ?? false,
          missingScalars: font == nil ? cluster.filter(shaper.isMissing).map { Unicode.Scalar($0)! } : []))
      start = end
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
