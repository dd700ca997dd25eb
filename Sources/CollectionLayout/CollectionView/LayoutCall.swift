/// One call a ``CollectionView`` made to its layout, as recorded in ``CollectionView/callLog``.
public enum LayoutCall: Sendable, Hashable, CustomStringConvertible {
  /// `invalidateLayout(with:)`.
  case invalidate(InvalidationContext)
  /// `shouldInvalidateLayout(forBoundsChange:)` with the new bounds and the answer.
  case shouldInvalidate(newBounds: Rect, answer: Bool)
  /// `prepare(_:)` with the bounds it was given.
  case prepare(bounds: Rect)
  /// `contentSize` (`collectionViewContentSize`).
  case contentSize
  /// `layoutAttributesForElements(in:)` with the queried rectangle.
  case elements(in: Rect)
  /// `layoutAttributesForItem(at:)`.
  case item(IndexPath)
  /// `layoutAttributesForSupplementaryView(ofKind:at:)`.
  case supplementary(kind: String, IndexPath)
  /// `layoutAttributesForDecorationView(ofKind:at:)`.
  case decoration(kind: String, IndexPath)
  /// `prepare(forCollectionViewUpdates:)`.
  case prepareForUpdates([UpdateItem])
  /// `initialLayoutAttributesForAppearingItem(at:)`.
  case initialAppearing(IndexPath)
  /// `finalLayoutAttributesForDisappearingItem(at:)`.
  case finalDisappearing(IndexPath)
  /// `finalizeCollectionViewUpdates()`.
  case finalizeUpdates

  /// The call's name without arguments, e.g. `"prepare"`, `"elements(in:)"`.
  public var name: String {
    switch self {
    case .invalidate: return "invalidateLayout"
    case .shouldInvalidate: return "shouldInvalidateLayout(forBoundsChange:)"
    case .prepare: return "prepare"
    case .contentSize: return "collectionViewContentSize"
    case .elements: return "layoutAttributesForElements(in:)"
    case .item: return "layoutAttributesForItem(at:)"
    case .supplementary: return "layoutAttributesForSupplementaryView(ofKind:at:)"
    case .decoration: return "layoutAttributesForDecorationView(ofKind:at:)"
    case .prepareForUpdates: return "prepare(forCollectionViewUpdates:)"
    case .initialAppearing: return "initialLayoutAttributesForAppearingItem(at:)"
    case .finalDisappearing: return "finalLayoutAttributesForDisappearingItem(at:)"
    case .finalizeUpdates: return "finalizeCollectionViewUpdates"
    }
  }

  /// The call as written, e.g. `prepare` or `attributesForElements(in: …)`.
  public var description: String {
    switch self {
    case .shouldInvalidate(let bounds, let answer): return "\(name) \(bounds) → \(answer)"
    case .prepare(let bounds): return "\(name) \(bounds)"
    case .elements(let rect): return "\(name) \(rect)"
    case .item(let indexPath), .initialAppearing(let indexPath), .finalDisappearing(let indexPath):
      return "\(name) \(indexPath)"
    case .supplementary(let kind, let indexPath), .decoration(let kind, let indexPath):
      return "\(name) \(kind) \(indexPath)"
    default: return name
    }
  }
}
