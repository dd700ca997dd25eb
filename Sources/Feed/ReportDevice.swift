import SelfSizingCore

/// A device's column setup for the report: a collection width and a column count.
public struct ReportDevice: Sendable, Hashable {
  /// A short name for people (`iPhone 14`, `375 pt`).
  public var name: String
  /// The collection width in points.
  public var collectionWidth: Double
  /// The number of waterfall columns.
  public var columns: Int

  /// A device.
  public init(name: String, collectionWidth: Double, columns: Int) {
    self.name = name
    self.collectionWidth = collectionWidth
    self.columns = columns
  }

  /// Common phones in portrait at two columns.
  public static let phones = [
    ReportDevice(name: "iPhone SE (1st)", collectionWidth: 320, columns: 2),
    ReportDevice(name: "iPhone 13 mini", collectionWidth: 375, columns: 2),
    ReportDevice(name: "iPhone 14", collectionWidth: 390, columns: 2),
    ReportDevice(name: "iPhone 11", collectionWidth: 414, columns: 2),
    ReportDevice(name: "iPhone 14 Pro Max", collectionWidth: 430, columns: 2),
  ]

  /// A tablet in portrait at three columns.
  public static let tablets = [ReportDevice(name: "iPad 9.7\"", collectionWidth: 768, columns: 3)]

  /// The report's default: ``phones`` then ``tablets``.
  public static let defaults = phones + tablets

  /// A device from `WIDTHxCOLUMNS` (`375x2`) or a bare width with `columns`; nil when the text
  /// is neither.
  public static func parse(_ text: String, columns: Int) -> ReportDevice? {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), let width = Double(parts[0]) else { return nil }
    var count = columns
    if parts.count == 2 {
      guard let parsed = Int(parts[1]) else { return nil }
      count = parsed
    }
    let known = defaults.first { $0.collectionWidth == width && $0.columns == count }
    return ReportDevice(
      name: known?.name ?? "\(JSONValue.format(width)) pt", collectionWidth: width, columns: count)
  }

  /// `375 pt × 2` for tables.
  public var label: String { "\(JSONValue.format(collectionWidth)) pt × \(columns)" }
}
