/// A snapshot of a collection's data: sections of items, each with a stable identity.
///
/// It is also the simplest ``CollectionViewDataSource``: mutate it, then tell the collection view
/// what changed (as with a `UICollectionViewDataSource` backed by arrays).
public struct CollectionData: Sendable, Hashable, CollectionViewDataSource {
  /// The items of each section.
  public var sections: [[LayoutItem]]

  /// Creates data from sections of items.
  public init(sections: [[LayoutItem]] = []) {
    self.sections = sections
  }

  /// Creates one section of items with the given identities.
  public init(ids: [ItemID]) {
    self.sections = [ids.map { LayoutItem(id: $0) }]
  }

  /// Creates data from a data source by asking it for every section and item.
  public init(_ dataSource: some CollectionViewDataSource) {
    var sections: [[LayoutItem]] = []
    let count = max(0, dataSource.numberOfSections())
    sections.reserveCapacity(count)
    for section in 0..<count {
      let items = max(0, dataSource.numberOfItems(inSection: section))
      sections.append((0..<items).map { dataSource.item(at: IndexPath(section: section, item: $0)) })
    }
    self.sections = sections
  }

  /// The number of sections.
  public func numberOfSections() -> Int { sections.count }

  /// The number of items in `section` (0 for a section that does not exist).
  public func numberOfItems(inSection section: Int) -> Int {
    sections.indices.contains(section) ? sections[section].count : 0
  }

  /// The item at `indexPath` (which must exist).
  public func item(at indexPath: IndexPath) -> LayoutItem {
    sections[indexPath.section][indexPath.item]
  }

  /// The item at `indexPath`, or `nil` when it is out of range.
  public func itemIfPresent(at indexPath: IndexPath) -> LayoutItem? {
    guard contains(indexPath) else { return nil }
    return sections[indexPath.section][indexPath.item]
  }

  /// Whether `indexPath` names an item of the data.
  public func contains(_ indexPath: IndexPath) -> Bool {
    sections.indices.contains(indexPath.section)
      && sections[indexPath.section].indices.contains(indexPath.item)
  }

  /// The total number of items in all sections.
  public var totalItemCount: Int { sections.reduce(0) { $0 + $1.count } }
}
