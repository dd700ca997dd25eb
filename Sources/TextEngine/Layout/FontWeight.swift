/// The weight of the font chain to use.
public enum FontWeight: String, Sendable, Hashable, Codable, CaseIterable {
  /// The regular chain.
  case regular
  /// The bold chain.
  case bold
}
