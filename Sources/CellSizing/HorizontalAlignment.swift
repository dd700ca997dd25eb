/// Where an element narrower than its stack sits across it, or how a label's lines are aligned
/// in their frame (for pictures; it never changes a measurement).
public enum HorizontalAlignment: String, Sendable, Hashable, CaseIterable {
  /// At the leading edge.
  case leading
  /// Centred.
  case center
  /// At the trailing edge.
  case trailing
}
