/// The bounds of one request and of the shared caches.
public struct ServerLimits: Sendable, Hashable {
  /// The largest request body, in bytes (larger: 413).
  public var maximumBodyBytes: Int
  /// The most texts or items in one request, over all pages (more: 400).
  public var maximumItems: Int
  /// The most widths in one request (more: 400).
  public var maximumWidths: Int
  /// How long one request may take, waiting for a worker included (longer: 503).
  public var deadline: Duration
  /// Prepared texts kept across requests (least recently used dropped first).
  public var textCacheCount: Int
  /// The estimated bytes of prepared texts kept.
  public var textCacheBytes: Int
  /// Prepared cells (item × template) kept across requests.
  public var cellCacheCount: Int
  /// The estimated bytes of prepared cells kept.
  public var cellCacheBytes: Int
  /// Compiled inline templates kept across requests.
  public var templateCacheCount: Int

  /// Limits; the defaults suit a feed backend asking for a page of cards at a few widths.
  public init(
    maximumBodyBytes: Int = 1 << 20, maximumItems: Int = 1_000, maximumWidths: Int = 16,
    deadline: Duration = .seconds(10), textCacheCount: Int = 20_000, textCacheBytes: Int = 64 << 20,
    cellCacheCount: Int = 20_000, cellCacheBytes: Int = 128 << 20, templateCacheCount: Int = 64
  ) {
    self.maximumBodyBytes = maximumBodyBytes
    self.maximumItems = maximumItems
    self.maximumWidths = maximumWidths
    self.deadline = deadline
    self.textCacheCount = textCacheCount
    self.textCacheBytes = textCacheBytes
    self.cellCacheCount = cellCacheCount
    self.cellCacheBytes = cellCacheBytes
    self.templateCacheCount = templateCacheCount
  }
}
