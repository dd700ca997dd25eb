/// The font one grapheme cluster of a text is measured with.
public struct ClusterFont: Sendable, Hashable {
  /// The cluster's Unicode scalar offsets in the text.
  public var scalarRange: Range<Int>
  /// The cluster's text.
  public var text: String
  /// The chosen font, or nil when no font has the cluster (it is measured as the primary
  /// font's `.notdef`).
  public var font: Font?
  /// True when the font is an installed fallback face rather than a font of the chain.
  public var isSystemFallback: Bool
  /// The cluster's scalars that no font has (counted in `missingGlyphs`).
  public var missingScalars: [Unicode.Scalar]

  /// A cluster's font.
  public init(
    scalarRange: Range<Int>, text: String, font: Font?, isSystemFallback: Bool,
    missingScalars: [Unicode.Scalar]
  ) {
    self.scalarRange = scalarRange
    self.text = text
    self.font = font
    self.isSystemFallback = isSystemFallback
    self.missingScalars = missingScalars
  }
}
