/// An ordered list of fonts: the first is the primary font (its metrics give the natural line
/// height), the others are fallbacks chosen per grapheme cluster (per script run of a word when
/// an earlier font covers only part of it).
public struct FontChain: Sendable, Hashable {
  /// The fonts, primary first. Never empty.
  public let fonts: [Font]

  /// A chain of the given fonts, primary first.
  /// - Throws: `FontError.Code.emptyChain` for an empty list.
  public init(_ fonts: [Font]) throws(FontError) {
    guard !fonts.isEmpty else {
      throw FontError(.emptyChain, path: "<font chain>", message: "a font chain needs at least one font")
    }
    self.fonts = fonts
  }

  /// Loads each file (`path` or `path#faceIndex` for collections) into a chain.
  public init(paths: [String]) throws(FontError) {
    var fonts: [Font] = []
    for spec in paths {
      let (path, index) = try FontChain.parse(spec)
      fonts.append(try Font(path: path, faceIndex: index))
    }
    try self.init(fonts)
  }

  /// The primary font.
  public var primary: Font { fonts[0] }

  /// The index of the first font covering every scalar of the cluster that needs a glyph
  /// (default-ignorable scalars such as ZWJ and variation selectors are not required), or nil
  /// when no font covers it.
  func fontIndex<C: Collection<UInt32>>(
    coveringCluster cluster: C, rule: ClusterFontRule = .colourFontForEmojiPresentation
  ) -> Int? {
    switch rule {
    case .colourFontForEmojiPresentation:
      if UnicodeProperties.wantsEmojiPresentation(cluster),
        let index = fontIndex(coveringCluster: cluster, rule: rule, where: { $0.hasColorGlyphs })
      {
        return index
      }
    case .chainOrderMatchingVariationSelector:
      if cluster.contains(0xFE0F),
        let index = fontIndex(coveringCluster: cluster, rule: rule, where: { $0.hasColorGlyphs })
      {
        return index
      }
      if cluster.contains(0xFE0E),
        let index = fontIndex(coveringCluster: cluster, rule: rule, where: { !$0.hasColorGlyphs })
      {
        return index
      }
    case .chainOrder:
      break
    }
    return fontIndex(coveringCluster: cluster, rule: rule, where: { _ in true })
  }

  /// The index of the first font covering every scalar of `scalars` that needs a glyph, or nil.
  func fontIndex<C: Collection<UInt32>>(coveringAll scalars: C) -> Int? {
    fontIndex(coveringCluster: scalars, where: { _ in true })
  }

  private func fontIndex<C: Collection<UInt32>>(
    coveringCluster cluster: C, rule: ClusterFontRule = .colourFontForEmojiPresentation,
    where isEligible: (Font) -> Bool
  ) -> Int? {
    fontLoop: for (index, font) in fonts.enumerated() where isEligible(font) {
      for scalar in cluster where !UnicodeProperties.isDefaultIgnorable(scalar) {
        if !font.coverage.contains(scalar)
          && !(rule.fallsBackForNotdefOnly && font.rendersThroughNormalization(scalar))
        {
          continue fontLoop
        }
      }
      return index
    }
    return nil
  }

  /// Splits "file.ttc#2" into a path and a face index.
  static func parse(_ spec: String) throws(FontError) -> (String, Int) {
    guard let hash = spec.lastIndex(of: "#") else { return (spec, 0) }
    let indexText = spec[spec.index(after: hash)...]
    guard let index = Int(indexText) else {
      throw FontError(
        .faceIndexOutOfRange, path: spec, message: "face index \"\(indexText)\" is not a number")
    }
    return (String(spec[..<hash]), index)
  }
}
