/// The regular and bold chains a ``FontSelection`` resolved to, with what a user should be told.
public struct ResolvedFonts: Sendable, Hashable {
  /// The chain for regular text, primary first.
  public var regular: FontChain
  /// The chain for bold text, primary first.
  public var bold: FontChain
  /// Things that work but not as asked, once each: a family or file without a bold face (bold
  /// text then uses the regular face).
  public var warnings: [String]

  /// Resolved chains.
  public init(regular: FontChain, bold: FontChain, warnings: [String] = []) {
    self.regular = regular
    self.bold = bold
    self.warnings = warnings
  }
}
