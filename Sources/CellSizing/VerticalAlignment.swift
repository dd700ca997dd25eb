/// How a row aligns a child shorter than the row.
public enum VerticalAlignment: String, Sendable, Hashable, CaseIterable {
  /// At the top.
  case top
  /// Centred.
  case center
  /// At the bottom.
  case bottom
}
