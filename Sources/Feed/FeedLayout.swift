public import CellSizing
public import CollectionLayout
public import TextEngine

/// A laid-out feed: what `selfsize layout` prints and `selfsize report` draws. Built by
/// ``FeedLayout/waterfall(template:pages:settings:measurer:progress:)`` or
/// ``FeedLayout/circle(size:count:itemSize:)``.
public struct FeedLayout: Sendable, Hashable {
  /// Which layout produced it.
  public enum Kind: String, Sendable, Hashable {
    case waterfall
    case circle
  }

  /// Which layout produced it.
  public var kind: Kind
  /// The collection view's size: the collection width and, for a circle, its height (for a
  /// waterfall the height is the content height).
  public var collectionSize: Size
  /// The content size.
  public var contentSize: Size
  /// The bottom of each column (waterfall; empty for a circle).
  public var columnHeights: [Double]
  /// The column rectangles, from the top of the items to each column's bottom (waterfall).
  public var columnFrames: [Rect]
  /// Every cell in index-path order.
  public var items: [PlacedItem]
  /// Headers and footers.
  public var supplementary: [PlacedElement]
  /// Decoration views.
  public var decorations: [PlacedElement]
  /// What each page did, in order.
  public var pages: [PageSummary]
  /// Inputs that failed (not laid out, or laid out with a fallback height).
  public var failures: [FeedFailure]
  /// The card template (waterfall), for drawing element kinds.
  public var template: CellTemplate?
  /// The platform whose rendering the cards were measured for (a circle's items measure no text).
  public var platform: TextPlatform

  /// A feed layout.
  public init(
    kind: Kind, collectionSize: Size, contentSize: Size, columnHeights: [Double] = [],
    columnFrames: [Rect] = [], items: [PlacedItem] = [], supplementary: [PlacedElement] = [],
    decorations: [PlacedElement] = [], pages: [PageSummary] = [], failures: [FeedFailure] = [],
    template: CellTemplate? = nil, platform: TextPlatform = .default
  ) {
    self.template = template
    self.platform = platform
    self.kind = kind
    self.collectionSize = collectionSize
    self.contentSize = contentSize
    self.columnHeights = columnHeights
    self.columnFrames = columnFrames
    self.items = items
    self.supplementary = supplementary
    self.decorations = decorations
    self.pages = pages
    self.failures = failures
  }

  /// The number of items measured over all pages.
  public var measuredCount: Int { pages.reduce(0) { $0 + $1.measured } }

  /// Glyphs no font has, over every placed item.
  public var missingGlyphs: Int { items.reduce(0) { $0 + ($1.measurement?.missingGlyphs ?? 0) } }
}
