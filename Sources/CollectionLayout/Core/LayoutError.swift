/// An error from a layout or the headless collection view.
///
/// `code` says what kind of problem it is (for programs); `message` names what was wrong — the
/// item id, index path, section or kind — for people.
public struct LayoutError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kinds of layout errors.
  public enum Code: String, Sendable, Hashable, CaseIterable {
    /// A column count below 1.
    case invalidColumnCount
    /// A spacing, inset, header/footer height or item size that is negative, NaN or infinite.
    case invalidMetric
    /// Bounds or a width that is negative, NaN or infinite.
    case invalidBounds
    /// The collection is narrower than a section's insets and spacing: items get width 0.
    case collectionTooNarrow
    /// A height provider returned NaN, an infinite or a negative height for an item.
    case invalidItemHeight
    /// A height provider threw for an item.
    case heightProviderFailed
    /// An item's column span below 1 (the item is placed in one column).
    case invalidSpan
    /// An index path (or section) outside the data.
    case indexPathOutOfRange
    /// A decoration kind registered twice.
    case decorationKindAlreadyRegistered
    /// A decoration kind that was never registered was asked for or returned.
    case unregisteredDecorationKind
    /// A supplementary kind the layout does not provide.
    case unknownSupplementaryKind
    /// A batch update that does not match the data source's new counts (as UIKit's
    /// "Invalid update: invalid number of items in section").
    case inconsistentUpdate
    /// A page that does not fit the pagination rules (e.g. an append to a missing section).
    case invalidPage
  }

  /// What kind of problem this is.
  public var code: Code
  /// A sentence naming what was wrong.
  public var message: String
  /// The item's index path, when the error concerns one item.
  public var indexPath: IndexPath?
  /// The item's identity, when the error concerns one item.
  public var itemID: ItemID?

  /// Creates an error.
  public init(_ code: Code, _ message: String, indexPath: IndexPath? = nil, itemID: ItemID? = nil) {
    self.code = code
    self.message = message
    self.indexPath = indexPath
    self.itemID = itemID
  }

  /// `code: message`.
  public var description: String { "\(code.rawValue): \(message)" }
}
