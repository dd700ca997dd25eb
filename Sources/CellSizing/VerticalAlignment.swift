/// How a row aligns a child shorter than the row.
public enum VerticalAlignment: String, Sendable, Hashable, CaseIterable {
  case top
  case center
  case bottom
}
