/// Items evenly spaced on a circle, a decoration
/// view at the centre below the cells, optional header and footer, content size equal to the
/// bounds (or ``Configuration/contentSize``), and Apple's CircleLayout insert/delete animations.
///
/// Geometry (the defaults): for a collection view of `width × height`, the centre is
/// ``CenterRule/heightAndWidthFractions`` — `x = height / 3.5`, `y = width / 1.5` — and the radius
/// ``RadiusRule/twoFifthsOfShorterSide``, `min(width, height) / 2.5`. Item `i` of `n` (all sections
/// flattened in index-path order) is centred at
/// `(cx + r·cos θᵢ, cy + r·sin θᵢ)` with `θᵢ = startAngle ± 2π·i / n` (`+` for clockwise).
/// Too many items shrink (``OverlapPolicy/shrinkItems``, the default) so that no two frames
/// overlap. Zero-size bounds give radius 0: the items collapse onto the centre with size 0
/// (a single item keeps its size); nothing is NaN.
///
/// Order of ``layoutAttributesForElements(in:)``: cells by index path, then header, footer,
/// then the decoration.
public final class CircleLayout: CollectionViewLayout {
  /// The supplementary kind of the header.
  public static let headerKind = "header"
  /// The supplementary kind of the footer.
  public static let footerKind = "footer"

  /// The configuration; takes effect at the next ``prepare(_:)``.
  public var configuration: Configuration
  /// The registered decoration kinds (the centre decoration's, once prepared).
  public internal(set) var decorationKinds = DecorationRegistry()
  /// The content size of the last layout: ``Configuration/contentSize`` or the bounds' size.
  public internal(set) var contentSize: Size = .zero
  /// The centre of the circle in the last layout.
  public internal(set) var center: Point = .zero
  /// The radius used in the last layout (after ``OverlapPolicy/growRadius``).
  public internal(set) var radius: Double = 0
  /// The item size used in the last layout (after ``OverlapPolicy/shrinkItems``).
  public internal(set) var itemSize: Size = .zero
  /// The factor applied to the item size (shrink) or the radius (grow); 1 when nothing
  /// overlapped.
  public internal(set) var overlapScale: Double = 1

  var data = CollectionData()
  var boundsSize: Size = .zero
  var centers: [Point] = []
  var sectionStarts: [Int] = []
  var insertedIndexPaths: Set<IndexPath> = []
  var deletedIndexPaths: Set<IndexPath> = []

  /// Creates a circle layout.
  public init(configuration: Configuration = Configuration()) {
    self.configuration = configuration
  }

  /// Registers a decoration kind.
  ///
  /// - Throws: ``LayoutError`` when the kind is empty or already registered.
  public func registerDecorationKind(_ kind: String) throws(LayoutError) {
    try decorationKinds.register(kind)
  }

  /// Computes the centre, radius, item size and every item's centre for `context`.
  ///
  /// - Throws: ``LayoutError`` for non-finite or negative sizes.
  public func prepare(_ context: LayoutContext) throws(LayoutError) {
    try configuration.validate()
    let size = context.bounds.size
    guard size.isFinite && size.width >= 0 && size.height >= 0 else {
      throw LayoutError(.invalidBounds, "circle layout: bounds size \(size); must be finite and not negative")
    }
    if configuration.registersDecorationInPrepare, let kind = configuration.decorationKind,
      !decorationKinds.contains(kind)
    {
      try decorationKinds.register(kind)
    }
    data = context.data
    sectionStarts = []
    var count = 0
    for section in data.sections {
      sectionStarts.append(count)
      count += section.count
    }
    boundsSize = size
    contentSize = configuration.contentSize ?? size
    center = configuration.center.center(for: size)
    let baseRadius = configuration.radius.radius(for: size)
    guard baseRadius.isFinite && baseRadius >= 0 else {
      throw LayoutError(
        .invalidMetric, "circle layout: radius \(baseRadius); must be finite and not negative")
    }
    let unit = Self.unitOffsets(
      count: count, startAngle: configuration.startAngle, direction: configuration.direction)
    let scale = Self.nonOverlapScale(unitOffsets: unit, radius: baseRadius, itemSize: configuration.itemSize)
    radius = baseRadius
    itemSize = configuration.itemSize
    overlapScale = 1
    if scale < 1 {
      switch configuration.overlapPolicy {
      case .allowOverlap:
        break
      case .growRadius where baseRadius > 0 && scale > 0:
        radius = baseRadius / scale
        overlapScale = 1 / scale
      case .shrinkItems, .growRadius:
        itemSize = configuration.itemSize.scaled(by: scale)
        overlapScale = scale
      }
    }
    centers = unit.map { Point(x: center.x + radius * $0.x, y: center.y + radius * $0.y) }
  }

  /// `(cos θᵢ, sin θᵢ)` for `count` items.
  static func unitOffsets(count: Int, startAngle: Double, direction: Direction) -> [Point] {
    guard count > 0 else { return [] }
    let sign: Double = direction == .clockwise ? 1 : -1
    return (0..<count).map { index in
      let angle = startAngle + sign * 2 * Double.pi * Double(index) / Double(count)
      return Point(x: Trig.cos(angle), y: Trig.sin(angle))
    }
  }

  /// The largest factor ≤ 1 by which `itemSize` can be scaled so that no two item frames centred
  /// at `radius · unitOffsets` overlap (two frames of size w×h overlap when |dx| < w and |dy| < h).
  ///
  /// Pairs k steps apart are checked for k = 1, 2, …, stopping when their chord alone proves
  /// them farther apart than the current factor requires; O(n) for the usual cases.
  static func nonOverlapScale(unitOffsets: [Point], radius: Double, itemSize: Size) -> Double {
    let count = unitOffsets.count
    guard count >= 2, !itemSize.isEmpty else { return 1 }
    guard radius > 0 else { return 0 }
    let width = itemSize.width
    let height = itemSize.height
    let diagonal = (width * width + height * height).squareRoot()
    var scale = 1.0
    var step = 1
    while step <= count / 2 {
      // Every pair k steps apart is at least this chord apart, hence at least chord / diagonal in
      // the scaled max-norm; nothing further can lower the factor once that reaches it.
      let chord = 2 * radius * Trig.sin(Double.pi * Double(step) / Double(count))
      if chord / diagonal >= scale { break }
      for index in 0..<count {
        let other = (index + step) % count
        let dx = abs(unitOffsets[index].x - unitOffsets[other].x) * radius
        let dy = abs(unitOffsets[index].y - unitOffsets[other].y) * radius
        let ratio = Swift.max(dx / width, dy / height)
        if ratio < scale { scale = ratio }
      }
      step += 1
    }
    return Swift.max(0, Swift.min(1, scale))
  }

  /// True when the size changes: the geometry follows the bounds' size, not the offset.
  public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    newBounds.size != boundsSize
  }

  /// Nothing to drop: every ``prepare(_:)`` recomputes the whole circle.
  public func invalidateLayout(with context: InvalidationContext) {}

  // MARK: Queries

  /// The number of items laid out (all sections).
  public var itemCount: Int { centers.count }

  func flatIndex(of indexPath: IndexPath) -> Int? {
    guard data.contains(indexPath) else { return nil }
    return sectionStarts[indexPath.section] + indexPath.item
  }

  func cellAttributes(at indexPath: IndexPath, flat: Int) -> LayoutAttributes {
    LayoutAttributes(
      indexPath: indexPath, category: .cell, itemID: data.item(at: indexPath).id,
      frame: Rect(center: centers[flat], size: itemSize))
  }

  /// The centre decoration (`nil` when ``Configuration/decorationKind`` is `nil`).
  public func decorationAttributes() -> LayoutAttributes? {
    guard let kind = configuration.decorationKind else { return nil }
    return .decoration(
      ofKind: kind, at: IndexPath(section: 0, item: 0),
      frame: Rect(center: center, size: configuration.decorationSize),
      zIndex: configuration.decorationZIndex)
  }

  /// The header (`nil` when its height is 0).
  public func headerAttributes() -> LayoutAttributes? {
    guard configuration.headerHeight > 0 else { return nil }
    return .supplementary(
      ofKind: Self.headerKind, at: IndexPath(section: 0, item: 0),
      frame: Rect(x: 0, y: 0, width: contentSize.width, height: configuration.headerHeight), zIndex: 1)
  }

  /// The footer (`nil` when its height is 0).
  public func footerAttributes() -> LayoutAttributes? {
    guard configuration.footerHeight > 0 else { return nil }
    let height = configuration.footerHeight
    return .supplementary(
      ofKind: Self.footerKind, at: IndexPath(section: 0, item: 0),
      frame: Rect(x: 0, y: contentSize.height - height, width: contentSize.width, height: height),
      zIndex: 1)
  }

  /// Every element: cells by index path, then header, footer and decoration.
  public func allAttributes() -> [LayoutAttributes] {
    var result = allItemAttributes()
    if let header = headerAttributes() { result.append(header) }
    if let footer = footerAttributes() { result.append(footer) }
    if let decoration = decorationAttributes() { result.append(decoration) }
    return result
  }

  /// The cell attributes of every item, in index-path order.
  public func allItemAttributes() -> [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    result.reserveCapacity(centers.count)
    for (section, items) in data.sections.enumerated() {
      for item in items.indices {
        let indexPath = IndexPath(section: section, item: item)
        result.append(cellAttributes(at: indexPath, flat: sectionStarts[section] + item))
      }
    }
    return result
  }

  /// The cells, header, footer and decoration whose frames intersect `rect`, in that order.
  public func layoutAttributesForElements(in rect: Rect) throws(LayoutError) -> [LayoutAttributes] {
    allAttributes().filter { $0.frame.intersects(rect) }
  }

  /// The cell at `indexPath`.
  ///
  /// - Throws: ``LayoutError/Code/indexPathOutOfRange`` when there is no such item.
  public func layoutAttributesForItem(at indexPath: IndexPath) throws(LayoutError) -> LayoutAttributes {
    guard let flat = flatIndex(of: indexPath) else {
      throw LayoutError(
        .indexPathOutOfRange, "circle layout: no item at \(indexPath) (\(centers.count) items)",
        indexPath: indexPath)
    }
    return cellAttributes(at: indexPath, flat: flat)
  }

  /// The header or footer, or nil when its height is 0.
  ///
  /// - Throws: ``LayoutError/Code/unknownSupplementaryKind`` for another kind.
  public func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
    throws(LayoutError) -> LayoutAttributes?
  {
    switch kind {
    case Self.headerKind: return indexPath == IndexPath(section: 0, item: 0) ? headerAttributes() : nil
    case Self.footerKind: return indexPath == IndexPath(section: 0, item: 0) ? footerAttributes() : nil
    default:
      throw LayoutError(
        .unknownSupplementaryKind,
        "circle layout: supplementary kind \"\(kind)\" at \(indexPath); it provides "
          + "\"\(Self.headerKind)\" and \"\(Self.footerKind)\"",
        indexPath: indexPath)
    }
  }

  /// The centre decoration, or nil for another kind or index path.
  public func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath)
    throws(LayoutError) -> LayoutAttributes?
  {
    try decorationKinds.validate(kind, "circle layout, asked for at \(indexPath)")
    guard kind == configuration.decorationKind, indexPath == IndexPath(section: 0, item: 0) else {
      return nil
    }
    return decorationAttributes()
  }

  // MARK: Animations

  /// Remembers the inserted and deleted index paths for the appearing and disappearing
  /// attributes of this update.
  public func prepare(forCollectionViewUpdates updates: [UpdateItem]) {
    insertedIndexPaths = Set(updates.compactMap { $0.action == .insert ? $0.indexPathAfterUpdate : nil })
    deletedIndexPaths = Set(updates.compactMap { $0.action == .delete ? $0.indexPathBeforeUpdate : nil })
  }

  /// For an inserted item: its attributes moved to the centre with alpha 0 (Apple's sample).
  /// For any other item: `nil` (it animates from where it was).
  public func initialLayoutAttributesForAppearingItem(at indexPath: IndexPath) throws(LayoutError)
    -> LayoutAttributes?
  {
    guard insertedIndexPaths.contains(indexPath) else { return nil }
    var attributes = try layoutAttributesForItem(at: indexPath)
    attributes.alpha = 0
    attributes.center = center
    return attributes
  }

  /// For a deleted item: an item-sized frame at the centre with alpha 0 (Apple's sample).
  /// For any other item: `nil` (it animates to its new place).
  public func finalLayoutAttributesForDisappearingItem(at indexPath: IndexPath) throws(LayoutError)
    -> LayoutAttributes?
  {
    guard deletedIndexPaths.contains(indexPath) else { return nil }
    return LayoutAttributes(
      indexPath: indexPath, category: .cell, frame: Rect(center: center, size: itemSize), alpha: 0)
  }

  /// Forgets the index paths of the finished update.
  public func finalizeCollectionViewUpdates() {
    insertedIndexPaths = []
    deletedIndexPaths = []
  }
}
