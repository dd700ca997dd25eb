import SelfSizingCore
import Synchronization
public import TextEngine

/// Measures items with a template: prepares each item once (shaping its label texts), keeps
/// the prepared cell, and solves it at any width.
///
/// ```swift
/// let sizer = try CellSizer(template: try CellTemplate(json: templateData),
///                           measurer: try BundledFonts.measurer())
/// for result in sizer.measure(CellItem.decodeLines(itemsData), width: 170) {
///   switch result {
///   case .success(let cell): ...  // cell.id, cell.height, cell.elements
///   case .failure(let error): ...  // "line 7, item \"note-0007\": element 'title' needs ..."
///   }
/// }
/// ```
public final class CellSizer: Sendable {
  /// The template.
  public let template: CellTemplate
  /// The text engine.
  public let measurer: TextMeasurer
  /// Prepared items kept by the cache (oldest dropped first beyond this).
  public let cacheCapacity: Int
  /// Every element name, in template order.
  let elementNames: [String]
  /// The template has overlays (whose targets may be hidden).
  let hasOverlays: Bool

  private struct State: ~Copyable {
    var preparedTexts = 0
    var cache: [CellItem: PreparedCell] = [:]
    var order: [CellItem] = []
  }
  private let state = Locked(State())

  /// A sizer for `template` measuring text with `measurer`.
  /// - Throws: `CellSizingError` when the template is invalid or a style names a font family
  ///   the measurer does not have (`unknownFont`, at `styles.<name>.font`).
  public init(template: CellTemplate, measurer: TextMeasurer, cacheCapacity: Int = 10_000)
    throws(CellSizingError)
  {
    try template.validate()
    let families = [measurer.regular.primary.familyName, measurer.bold.primary.familyName]
    for (name, style) in template.styles.sorted(by: { $0.key < $1.key }) {
      guard let font = style.font else { continue }
      guard families.contains(where: { $0.lowercased() == font.lowercased() }) else {
        throw CellSizingError(
          .unknownFont, at: "styles.\(name).font",
          "unknown font \"\(font)\"; the measurer has \(Set(families).sorted().map { "\"\($0)\"" }.joined(separator: ", "))"
        )
      }
    }
    self.template = template
    self.measurer = measurer
    let paths = template.elementPaths
    self.elementNames = paths.map(\.element.name)
    self.hasOverlays = paths.contains {
      if case .overlay = $0.element.kind { return true }
      return false
    }
    self.cacheCapacity = max(0, cacheCapacity)
  }

  /// How many texts this sizer has prepared (shaped) so far.
  public var preparedTextCount: Int { state.withLock { $0.preparedTexts } }

  func recordPreparedText() {
    state.withLock { $0.preparedTexts += 1 }
  }

  /// How many prepared items the cache holds.
  public var cachedItemCount: Int { state.withLock { $0.cache.count } }

  /// Empties the prepared-item cache.
  public func removeCachedItems() {
    state.withLock {
      $0.cache.removeAll()
      $0.order.removeAll()
    }
  }

  /// The item's cell with texts prepared, through the cache.
  public func preparedCell(for item: CellItem) throws(CellSizingError) -> PreparedCell {
    if let cached = state.withLock({ $0.cache[item] }) { return cached }
    let cell = try prepare(item)
    guard cacheCapacity > 0 else { return cell }
    state.withLock { state in
      guard state.cache[item] == nil else { return }
      if state.order.count >= cacheCapacity {
        state.cache[state.order.removeFirst()] = nil
      }
      state.cache[item] = cell
      state.order.append(item)
    }
    return cell
  }

  /// Height and element frames of `item` at `width` (prepared once per item).
  /// - Throws: `CellSizingError` attributed to the item.
  public func measure(_ item: CellItem, width: Double) throws(CellSizingError) -> CellMeasurement {
    try preparedCell(for: item).measure(width: width)
  }

  /// Measures decoded items in order; failed decodes pass through, and a failing item does not
  /// stop the others.
  public func measure(
    _ items: [Result<CellItem, CellSizingError>], width: Double
  ) -> [Result<CellMeasurement, CellSizingError>] {
    items.map { result in
      switch result {
      case .failure(let error): .failure(error)
      case .success(let item):
        Result { () throws(CellSizingError) in try measure(item, width: width) }
      }
    }
  }
}
