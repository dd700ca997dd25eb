/// A layout: computes where every cell, supplementary view and decoration view of a collection
/// goes (the `UICollectionViewLayout` analogue).
///
/// A ``CollectionView`` drives a layout in UIKit's order: ``prepare(_:)`` (only after an
/// invalidation), then ``contentSize``, then ``layoutAttributesForElements(in:)`` for the
/// rectangles it needs, then per-element queries. Layouts are reference types because they keep
/// the state computed in `prepare` between queries; they are not thread-safe.
public protocol CollectionViewLayout: AnyObject {
  /// The registered decoration-view kinds. Returning decoration attributes of a kind that is not
  /// registered is an error the collection view reports.
  var decorationKinds: DecorationRegistry { get }

  /// Registers a decoration-view kind.
  ///
  /// - Throws: ``LayoutError`` when the kind is empty or already registered.
  func registerDecorationKind(_ kind: String) throws(LayoutError)

  /// Computes the layout for `context`'s bounds and data. Called after every invalidation,
  /// before any other query.
  func prepare(_ context: LayoutContext) throws(LayoutError)

  /// The size of the whole content (as `collectionViewContentSize`).
  var contentSize: Size { get }

  /// The attributes of every element whose frame intersects `rect` (see ``Rect/intersects(_:)``),
  /// in the order the layout documents.
  func layoutAttributesForElements(in rect: Rect) throws(LayoutError) -> [LayoutAttributes]

  /// The attributes of the cell at `indexPath`.
  ///
  /// - Throws: ``LayoutError/Code/indexPathOutOfRange`` when there is no such item.
  func layoutAttributesForItem(at indexPath: IndexPath) throws(LayoutError) -> LayoutAttributes

  /// The attributes of the supplementary view of `kind` at `indexPath`, or `nil` when the layout
  /// has none there (e.g. a header of height 0).
  ///
  /// - Throws: ``LayoutError/Code/unknownSupplementaryKind`` for a kind the layout never
  ///   provides, ``LayoutError/Code/indexPathOutOfRange`` for a missing section.
  func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
    throws(LayoutError) -> LayoutAttributes?

  /// The attributes of the decoration view of `kind` at `indexPath`, or `nil` when there is none.
  ///
  /// - Throws: ``LayoutError/Code/unregisteredDecorationKind`` when `kind` is not registered.
  func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath)
    throws(LayoutError) -> LayoutAttributes?

  /// Whether a change of the bounds to `newBounds` requires a new layout pass.
  func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool

  /// Marks the layout as needing ``prepare(_:)`` for `context`'s reasons.
  func invalidateLayout(with context: InvalidationContext)

  /// Called after ``prepare(_:)`` when the layout is about to animate a batch update.
  func prepare(forCollectionViewUpdates updates: [UpdateItem])

  /// Where the item at `indexPath` (after the update) starts its appearance animation.
  func initialLayoutAttributesForAppearingItem(at indexPath: IndexPath) throws(LayoutError)
    -> LayoutAttributes?

  /// Where the item at `indexPath` (before the update) ends its disappearance animation.
  func finalLayoutAttributesForDisappearingItem(at indexPath: IndexPath) throws(LayoutError)
    -> LayoutAttributes?

  /// Called when a batch update's animations have been set up.
  func finalizeCollectionViewUpdates()
}

extension CollectionViewLayout {
  /// Does not invalidate (UIKit's default).
  public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { false }

  /// Ignores the updates.
  public func prepare(forCollectionViewUpdates updates: [UpdateItem]) {}

  /// Does nothing.
  public func finalizeCollectionViewUpdates() {}

  /// `nil`: the collection view starts the item from its attributes before the update (a new
  /// item fades in at its place).
  public func initialLayoutAttributesForAppearingItem(at indexPath: IndexPath) throws(LayoutError)
    -> LayoutAttributes?
  {
    nil
  }

  /// `nil`: the collection view ends the item at its attributes after the update (a deleted item
  /// fades out at its place).
  public func finalLayoutAttributesForDisappearingItem(at indexPath: IndexPath) throws(LayoutError)
    -> LayoutAttributes?
  {
    nil
  }
}
