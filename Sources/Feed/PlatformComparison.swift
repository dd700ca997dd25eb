import CollectionLayout
public import SelfSizingCore
public import TextEngine

/// One device width's feed laid out for every client platform: the content height on each, and
/// the cards whose height differs between platforms (how many, and the one that differs most).
/// What `selfsize report` puts side by side.
public struct PlatformComparison: Sendable, Hashable {
  /// The card that differs most between platforms.
  public struct Card: Sendable, Hashable {
    /// The item's id.
    public var id: String
    /// Its height on each platform, in ``TextPlatform/allCases`` order.
    public var heights: [Double]
    /// The tallest height less the shortest.
    public var difference: Double
  }

  /// The device width.
  public var device: ReportDevice
  /// The platforms compared, in order.
  public var platforms: [TextPlatform]
  /// The feed's content height on each platform.
  public var contentHeights: [Double]
  /// Cards laid out on every platform.
  public var cards: Int
  /// Cards whose height differs between platforms by at least ``threshold``.
  public var differing: Int
  /// The card whose height differs most (the first in feed order among equals); nil when none
  /// differs.
  public var largest: Card?

  /// The smallest difference counted: 1/64 pt, one Chromium LayoutUnit. Below it, heights
  /// differ only by how a platform rounds box sizes (web rounds image heights down to 1/64 pt),
  /// which no screen shows.
  public static let threshold = 1.0 / 64

  /// The comparison of one device's layouts, one per platform (`layouts[i]` for
  /// `platforms[i]`); cards are matched by id.
  public init(device: ReportDevice, platforms: [TextPlatform], layouts: [FeedLayout]) {
    precondition(platforms.count == layouts.count, "one layout per platform")
    self.device = device
    self.platforms = platforms
    contentHeights = layouts.map(\.contentSize.height)
    var heightsByID: [String: [Double]] = [:]
    for layout in layouts {
      for item in layout.items { heightsByID[item.id, default: []].append(item.frame.height) }
    }
    var cards = 0
    var differing = 0
    var largest: Card?
    for item in layouts.first?.items ?? [] {
      guard let heights = heightsByID[item.id], heights.count == layouts.count else { continue }
      cards += 1
      let difference = heights.max()! - heights.min()!
      guard difference >= Self.threshold else { continue }
      differing += 1
      if difference > largest?.difference ?? 0 {
        largest = Card(id: item.id, heights: heights, difference: difference)
      }
    }
    self.cards = cards
    self.differing = differing
    self.largest = largest
  }

  /// `{"name", "collectionWidth", "columns", "contentHeight": {platform: height}, "cards",
  /// "differing", "largest": {"id", "height": {platform: height}, "difference"} | null}`.
  public var jsonValue: JSONValue {
    func byPlatform(_ values: [Double]) -> JSONValue {
      .object(zip(platforms, values).map { ($0.rawValue, .number($1)) })
    }
    return .object([
      ("name", .string(device.name)),
      ("collectionWidth", .number(device.collectionWidth)),
      ("columns", .number(Double(device.columns))),
      ("contentHeight", byPlatform(contentHeights)),
      ("cards", .number(Double(cards))),
      ("differing", .number(Double(differing))),
      (
        "largest",
        largest.map {
          .object([
            ("id", .string($0.id)), ("height", byPlatform($0.heights)),
            ("difference", .number($0.difference)),
          ])
        } ?? .null
      ),
    ])
  }
}
