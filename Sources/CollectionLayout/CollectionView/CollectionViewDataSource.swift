/// Supplies the data of a ``CollectionView`` (as `UICollectionViewDataSource`, without cells:
/// a headless collection view needs only the counts and a stable identity per item).
public protocol CollectionViewDataSource {
  /// The number of sections.
  func numberOfSections() -> Int
  /// The number of items in a section.
  func numberOfItems(inSection section: Int) -> Int
  /// The item at an index path within the counts above: its identity, revision and span.
  func item(at indexPath: IndexPath) -> LayoutItem
}
