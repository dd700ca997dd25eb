/// How wide a child of a row is.
public enum RowWidth: Sendable, Hashable {
  /// Exactly this many points (required).
  case fixed(Double)
  /// Its content's width (a label's single-line width): high hugging (750) and compression
  /// resistance (751), so it keeps its content and a `fill` sibling gives way.
  case hug
  /// The remaining width: low hugging (250) and compression resistance (750).
  case fill
}
