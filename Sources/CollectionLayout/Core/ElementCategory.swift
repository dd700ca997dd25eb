/// What kind of view a set of layout attributes is for (as `UICollectionView.ElementCategory`,
/// plus the supplementary or decoration kind).
public enum ElementCategory: Sendable, Hashable, CustomStringConvertible {
  /// A cell for a data item.
  case cell
  /// A supplementary view (header, footer, …) of a kind, provided by the data source in UIKit.
  case supplementary(kind: String)
  /// A decoration view of a kind registered on the layout.
  case decoration(kind: String)

  /// The supplementary or decoration kind; `nil` for cells.
  public var kind: String? {
    switch self {
    case .cell: return nil
    case .supplementary(let kind), .decoration(let kind): return kind
    }
  }

  /// `cell`, or the supplementary or decoration kind.
  public var description: String {
    switch self {
    case .cell: return "cell"
    case .supplementary(let kind): return "supplementary(\(kind))"
    case .decoration(let kind): return "decoration(\(kind))"
    }
  }
}
