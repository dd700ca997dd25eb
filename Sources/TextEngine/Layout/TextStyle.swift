/// Everything about a paragraph's appearance that changes its measurement.
public struct TextStyle: Sendable, Hashable {
  /// Font size in points.
  public var fontSize: Double
  /// Which chain of the engine (regular or bold) to use.
  public var weight: FontWeight
  /// Extra advance added after every grapheme cluster, in points (may be negative).
  public var letterSpacing: Double
  /// The height of one line.
  public var lineHeight: LineHeight
  /// Extra space between consecutive lines, in points (not after the last line).
  public var lineSpacing: Double
  /// The most lines to show; 0 means unlimited. Longer text is truncated at the tail with "…".
  public var maxLines: Int
  /// When set, heights are rounded up to the next multiple of `1 / pixelScale` (UIKit's
  /// `ceil` to device pixels); nil keeps exact heights.
  public var pixelScale: Double?
  /// BCP 47 language passed to HarfBuzz (selects `locl` forms); empty for none.
  public var language: String

  /// A style; the defaults are 15 pt regular, natural line height, no spacing, no line limit,
  /// exact heights and no language.
  public init(
    fontSize: Double = 15, weight: FontWeight = .regular, letterSpacing: Double = 0,
    lineHeight: LineHeight = .natural, lineSpacing: Double = 0, maxLines: Int = 0,
    pixelScale: Double? = nil, language: String = ""
  ) {
    self.fontSize = fontSize
    self.weight = weight
    self.letterSpacing = letterSpacing
    self.lineHeight = lineHeight
    self.lineSpacing = lineSpacing
    self.maxLines = maxLines
    self.pixelScale = pixelScale
    self.language = language
  }

  /// Checks that every number is usable.
  /// - Throws: `TextError` with code `invalidStyle` naming the field.
  public func validate() throws(TextError) {
    // The message is built only on failure (formatting the numbers costs more than the checks).
    func check(_ ok: Bool, _ message: @autoclosure () -> String) throws(TextError) {
      if !ok { throw TextError(.invalidStyle, message()) }
    }
    try check(
      fontSize.isFinite && fontSize > 0, "font size must be a positive finite number, got \(fontSize)")
    try check(letterSpacing.isFinite, "letter spacing must be finite, got \(letterSpacing)")
    try check(
      lineSpacing.isFinite && lineSpacing >= 0, "line spacing must be finite and ≥ 0, got \(lineSpacing)")
    try check(maxLines >= 0, "max lines must be ≥ 0 (0 = unlimited), got \(maxLines)")
    switch lineHeight {
    case .natural: break
    case .fixed(let points):
      try check(
        points.isFinite && points > 0, "fixed line height must be a positive finite number, got \(points)")
    case .multiple(let factor):
      try check(
        factor.isFinite && factor > 0, "line height multiple must be a positive finite number, got \(factor)")
    }
    if let pixelScale {
      try check(
        pixelScale.isFinite && pixelScale > 0,
        "pixel scale must be a positive finite number, got \(pixelScale)")
    }
  }
}
