public import CellSizing

/// One page of a feed as a paginated API returns it: decoded items (or the errors of lines that
/// did not decode) and where they came from.
public struct FeedPage: Sendable, Hashable {
  /// Where the page came from (a file name), for error locations.
  public var source: String
  /// The decoded items in order; failures are reported and skipped.
  public var items: [Result<CellItem, CellSizingError>]

  /// A page from `source`.
  public init(source: String, items: [Result<CellItem, CellSizingError>]) {
    self.source = source
    self.items = items
  }

  /// The page split into pages of at most `size` items (the whole page when `size` is nil or the
  /// page is empty).
  public func split(size: Int?) -> [FeedPage] {
    guard let size, size > 0, items.count > size else { return [self] }
    return stride(from: 0, to: items.count, by: size).map {
      FeedPage(source: source, items: Array(items[$0..<min($0 + size, items.count)]))
    }
  }
}
