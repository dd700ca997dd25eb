/// A headless collection view: it owns no views, only bounds, a content offset and a data
/// source, and drives a ``CollectionViewLayout`` in UIKit's order so layouts can be run and tested
/// off-device.
///
/// A layout pass (``layoutIfNeeded()``) is, as in UIKit:
/// 1. `prepare(_:)` — only when the layout was invalidated (first pass, ``reloadData()``, batch
///    updates, a bounds change the layout asked to be invalidated for);
/// 2. `collectionViewContentSize` (``CollectionViewLayout/contentSize``), after a prepare;
/// 3. `layoutAttributesForElements(in:)` for the visible rectangle (the bounds);
/// 4. a per-element query for each returned element (`layoutAttributesForItem(at:)`,
///    `…SupplementaryView(ofKind:at:)`, `…DecorationView(ofKind:at:)`), which UIKit makes when it
///    realizes a view; answers that differ from the rectangle query are collected in
///    ``inconsistencies``.
///
/// Changing the content offset asks `shouldInvalidateLayout(forBoundsChange:)`; the next pass
/// queries the new rectangle. Every call can be recorded in ``callLog``.
public final class CollectionView {
  /// The layout.
  public let layout: any CollectionViewLayout
  /// The data source. Change it, then call ``reloadData()`` or a batch update.
  public var dataSource: any CollectionViewDataSource
  /// The size of the viewport.
  public private(set) var size: Size
  /// The content offset (the bounds' origin).
  public private(set) var contentOffset: Point
  /// The data as of the last ``reloadData()`` or batch update.
  public private(set) var data: CollectionData
  /// Whether calls to the layout are appended to ``callLog``.
  public var isRecordingCalls: Bool
  /// The recorded calls, oldest first.
  public private(set) var callLog: [LayoutCall] = []
  /// Elements whose per-element query disagreed with the rectangle query.
  public private(set) var inconsistencies: [LayoutAttributes] = []
  /// The elements of the last layout pass.
  public private(set) var visibleElements: [LayoutAttributes] = []

  private var pendingInvalidation: InvalidationContext? = .everything

  /// Creates a collection view of `size` scrolled to the top, with the layout invalidated.
  public init(
    layout: any CollectionViewLayout, dataSource: any CollectionViewDataSource, size: Size,
    recordsCalls: Bool = false
  ) {
    self.layout = layout
    self.dataSource = dataSource
    self.size = size
    self.contentOffset = .zero
    self.data = CollectionData(dataSource)
    self.isRecordingCalls = recordsCalls
  }

  /// The visible rectangle in content coordinates.
  public var bounds: Rect { Rect(origin: contentOffset, size: size) }

  /// The layout's content size (logged as `collectionViewContentSize`).
  public var contentSize: Size {
    record(.contentSize)
    return layout.contentSize
  }

  /// Empties ``callLog``.
  public func clearCallLog() { callLog.removeAll() }

  // MARK: Bounds

  /// Scrolls to `offset`. The layout is asked whether the new bounds invalidate it.
  public func setContentOffset(_ offset: Point) {
    setBounds(Rect(origin: offset, size: size))
  }

  /// Resizes the viewport. The layout is asked whether the new bounds invalidate it.
  public func setSize(_ newSize: Size) {
    setBounds(Rect(origin: contentOffset, size: newSize))
  }

  /// Sets origin and size together.
  public func setBounds(_ newBounds: Rect) {
    guard newBounds != bounds else { return }
    let answer = layout.shouldInvalidateLayout(forBoundsChange: newBounds)
    record(.shouldInvalidate(newBounds: newBounds, answer: answer))
    contentOffset = newBounds.origin
    size = newBounds.size
    if answer { invalidate(.boundsChange) }
  }

  // MARK: Layout passes

  /// Invalidates the layout and re-reads the data source.
  public func reloadData() {
    data = CollectionData(dataSource)
    invalidate(.everything)
  }

  /// Runs a layout pass (see the type's documentation) and returns the visible elements.
  ///
  /// - Throws: any error from the layout; ``LayoutError/Code/unregisteredDecorationKind`` when the
  ///   layout returns a decoration of a kind that was never registered,
  ///   ``LayoutError/Code/indexPathOutOfRange`` when it returns a cell for a missing item,
  ///   ``LayoutError/Code/invalidMetric`` when a frame is not finite.
  @discardableResult
  public func layoutIfNeeded() throws(LayoutError) -> [LayoutAttributes] {
    try prepareIfNeeded()
    visibleElements = try queryElements(in: bounds)
    return visibleElements
  }

  private func prepareIfNeeded() throws(LayoutError) {
    guard let invalidation = pendingInvalidation else { return }
    pendingInvalidation = nil
    record(.prepare(bounds: bounds))
    try layout.prepare(LayoutContext(bounds: bounds, data: data, invalidation: invalidation))
    _ = contentSize
  }

  private func invalidate(_ context: InvalidationContext) {
    record(.invalidate(context))
    layout.invalidateLayout(with: context)
    pendingInvalidation = pendingInvalidation.map { $0.merging(context) } ?? context
  }

  /// Queries `rect`, checks every element and asks for each one individually.
  private func queryElements(in rect: Rect) throws(LayoutError) -> [LayoutAttributes] {
    record(.elements(in: rect))
    let elements = try layout.layoutAttributesForElements(in: rect)
    for element in elements {
      guard element.frame.isFinite else {
        throw LayoutError(
          .invalidMetric,
          "layout returned a non-finite frame \(element.frame) for \(element.category) "
            + "at \(element.indexPath)", indexPath: element.indexPath)
      }
      let single: LayoutAttributes?
      switch element.category {
      case .cell:
        guard data.contains(element.indexPath) else {
          throw LayoutError(
            .indexPathOutOfRange,
            "layout returned a cell at \(element.indexPath), which is not in the data "
              + "(\(data.numberOfSections()) sections)", indexPath: element.indexPath)
        }
        record(.item(element.indexPath))
        single = try layout.layoutAttributesForItem(at: element.indexPath)
      case .supplementary(let kind):
        record(.supplementary(kind: kind, element.indexPath))
        single = try layout.layoutAttributesForSupplementaryView(ofKind: kind, at: element.indexPath)
      case .decoration(let kind):
        try layout.decorationKinds.validate(
          kind, "returned by layoutAttributesForElements(in:) at \(element.indexPath) but never registered")
        record(.decoration(kind: kind, element.indexPath))
        single = try layout.layoutAttributesForDecorationView(ofKind: kind, at: element.indexPath)
      }
      if single != element { inconsistencies.append(element) }
    }
    return elements
  }

  private func record(_ call: LayoutCall) {
    if isRecordingCalls { callLog.append(call) }
  }

  // MARK: Batch updates

  /// Inserts items (the data source must already contain them).
  @discardableResult
  public func insertItems(at indexPaths: [IndexPath]) throws(LayoutError) -> [ItemTransition] {
    try performBatchUpdates(indexPaths.map { .insert($0) })
  }

  /// Deletes items (the data source must already lack them).
  @discardableResult
  public func deleteItems(at indexPaths: [IndexPath]) throws(LayoutError) -> [ItemTransition] {
    try performBatchUpdates(indexPaths.map { .delete($0) })
  }

  /// Moves an item (the data source must already have moved it).
  @discardableResult
  public func moveItem(at from: IndexPath, to: IndexPath) throws(LayoutError) -> [ItemTransition] {
    try performBatchUpdates([.move(from: from, to: to)])
  }

  /// Applies updates the data source has already made, in UIKit's order: check the new counts,
  /// invalidate, `prepare`, `prepare(forCollectionViewUpdates:)`, query the visible rectangle,
  /// ask for initial attributes of every item that is visible after the update and final
  /// attributes of every item that was visible before and is deleted, then
  /// `finalizeCollectionViewUpdates`.
  ///
  /// Returns one transition per item visible before or after the update, ordered by the index
  /// path after the update (deleted items last, by their old index path). Items neither inserted
  /// nor deleted animate from their attributes before the update unless the layout gives initial
  /// attributes; inserted items without initial attributes fade in, deleted items without final
  /// attributes fade out.
  ///
  /// - Throws: ``LayoutError/Code/inconsistentUpdate`` when the data source's new counts do not
  ///   match the updates (as UIKit's "Invalid update"), or an index path is out of range or used
  ///   twice.
  @discardableResult
  public func performBatchUpdates(_ updates: [UpdateItem]) throws(LayoutError) -> [ItemTransition] {
    try prepareIfNeeded()
    let oldData = data
    let newData = CollectionData(dataSource)
    try Self.validate(updates, old: oldData, new: newData)
    let before = try queryElements(in: bounds)
    var oldAttributes: [ItemID: LayoutAttributes] = [:]
    for element in before where element.category == .cell {
      if let id = oldData.itemIfPresent(at: element.indexPath)?.id { oldAttributes[id] = element }
    }
    data = newData
    invalidate(.dataSourceCounts)
    try prepareIfNeeded()
    record(.prepareForUpdates(updates))
    layout.prepare(forCollectionViewUpdates: updates)
    let after = try queryElements(in: bounds)
    visibleElements = after

    var changes: [IndexPath: ItemTransition.Change] = [:]
    var befores: [IndexPath: IndexPath] = [:]
    for update in updates {
      switch update.action {
      case .insert: if let path = update.indexPathAfterUpdate { changes[path] = .insert }
      case .reload: if let path = update.indexPathAfterUpdate { changes[path] = .reload }
      case .move:
        if let path = update.indexPathAfterUpdate {
          changes[path] = .move
          befores[path] = update.indexPathBeforeUpdate
        }
      case .delete: break
      }
    }
    var oldPaths: [ItemID: IndexPath] = [:]
    for (section, items) in oldData.sections.enumerated() {
      for (item, value) in items.enumerated() where oldAttributes[value.id] != nil {
        oldPaths[value.id] = IndexPath(section: section, item: item)
      }
    }
    var transitions: [ItemTransition] = []
    var seen: Set<ItemID> = []
    for element in after where element.category == .cell {
      let path = element.indexPath
      let item = newData.item(at: path)
      seen.insert(item.id)
      let change = changes[path] ?? .none
      record(.initialAppearing(path))
      var from = try layout.initialLayoutAttributesForAppearingItem(at: path)
      if from == nil {
        if change == .insert {
          var faded = element
          faded.alpha = 0
          from = faded
        } else {
          from = oldAttributes[item.id] ?? element
        }
      }
      transitions.append(
        ItemTransition(
          itemID: item.id, change: change,
          indexPathBefore: change == .insert ? nil : (befores[path] ?? oldPaths[item.id]),
          indexPathAfter: path, from: from ?? element, to: element))
    }
    let deleted = updates.compactMap { $0.action == .delete ? $0.indexPathBeforeUpdate : nil }.sorted()
    for path in deleted {
      let item = oldData.item(at: path)
      guard let old = oldAttributes[item.id] else { continue }
      record(.finalDisappearing(path))
      var to = try layout.finalLayoutAttributesForDisappearingItem(at: path)
      if to == nil {
        var faded = old
        faded.alpha = 0
        to = faded
      }
      transitions.append(
        ItemTransition(
          itemID: item.id, change: .delete, indexPathBefore: path, indexPathAfter: nil, from: old,
          to: to ?? old))
    }
    // Items that were visible and are now off-screen keep moving to their new place.
    for (id, old) in oldAttributes.sorted(by: { $0.value.indexPath < $1.value.indexPath })
    where !seen.contains(id) && !deleted.contains(old.indexPath) {
      guard let newPath = Self.indexPath(of: id, in: newData) else { continue }
      let to = try layout.layoutAttributesForItem(at: newPath)
      transitions.append(
        ItemTransition(
          itemID: id, change: changes[newPath] ?? .none, indexPathBefore: old.indexPath,
          indexPathAfter: newPath, from: old, to: to))
    }
    record(.finalizeUpdates)
    layout.finalizeCollectionViewUpdates()
    return transitions
  }

  private static func indexPath(of id: ItemID, in data: CollectionData) -> IndexPath? {
    for (section, items) in data.sections.enumerated() {
      if let item = items.firstIndex(where: { $0.id == id }) {
        return IndexPath(section: section, item: item)
      }
    }
    return nil
  }

  /// Checks updates against the counts before and after (UIKit's consistency rule).
  static func validate(_ updates: [UpdateItem], old: CollectionData, new: CollectionData)
    throws(LayoutError)
  {
    guard old.numberOfSections() == new.numberOfSections() else {
      throw LayoutError(
        .inconsistentUpdate,
        "the number of sections changed from \(old.numberOfSections()) to \(new.numberOfSections()); "
          + "section inserts and deletes are not supported, use reloadData()")
    }
    var delta = Array(repeating: 0, count: old.numberOfSections())
    var removed: Set<IndexPath> = []
    var added: Set<IndexPath> = []
    for update in updates {
      if let path = update.indexPathBeforeUpdate, update.action != .reload {
        guard old.contains(path) else {
          throw LayoutError(
            .inconsistentUpdate, "\(update.action) of \(path): no such item before the update",
            indexPath: path)
        }
        guard removed.insert(path).inserted else {
          throw LayoutError(
            .inconsistentUpdate, "\(path) is deleted or moved more than once", indexPath: path)
        }
        delta[path.section] -= 1
      }
      if let path = update.indexPathAfterUpdate, update.action != .reload {
        guard new.contains(path) else {
          throw LayoutError(
            .inconsistentUpdate, "\(update.action) to \(path): no such item after the update",
            indexPath: path)
        }
        guard added.insert(path).inserted else {
          throw LayoutError(
            .inconsistentUpdate, "\(path) is inserted or moved to more than once", indexPath: path)
        }
        delta[path.section] += 1
      }
      if update.action == .reload, let path = update.indexPathBeforeUpdate, !old.contains(path) {
        throw LayoutError(
          .inconsistentUpdate, "reload of \(path): no such item before the update", indexPath: path)
      }
    }
    for section in 0..<old.numberOfSections() {
      let expected = old.numberOfItems(inSection: section) + delta[section]
      let actual = new.numberOfItems(inSection: section)
      guard expected == actual else {
        throw LayoutError(
          .inconsistentUpdate,
          "invalid number of items in section \(section): \(actual) after the update, but "
            + "\(old.numberOfItems(inSection: section)) before plus or minus the updates is \(expected)")
      }
    }
  }
}
