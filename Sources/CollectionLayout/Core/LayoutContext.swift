/// What a layout is prepared for: the collection view's bounds and data, and why it was
/// invalidated.
public struct LayoutContext: Sendable, Hashable {
  /// The visible rectangle in content coordinates: origin is the content offset, size the
  /// collection view's size.
  public var bounds: Rect
  /// The data to lay out.
  public var data: CollectionData
  /// Why the layout is being prepared again.
  public var invalidation: InvalidationContext

  /// Creates a context.
  public init(bounds: Rect, data: CollectionData, invalidation: InvalidationContext = .everything) {
    self.bounds = bounds
    self.data = data
    self.invalidation = invalidation
  }

  /// A context for a collection view of `size` scrolled to the top.
  public init(size: Size, data: CollectionData) {
    self.init(bounds: Rect(origin: .zero, size: size), data: data)
  }
}
