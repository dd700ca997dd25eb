#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bounds of one request, of the work in flight, of connections and of the shared caches.
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
  /// The estimated bytes of compiled inline templates kept.
  public var templateCacheBytes: Int
  /// Measuring requests (`/v1/text`, `/v1/measure`, `/v1/layout`) handled at once, queued for a
  /// worker included (more: 503 `overloaded` with `Retry-After`).
  public var maximumConcurrentRequests: Int
  /// The bytes of measuring answers in memory at once, written or being written (an answer
  /// that would go over it: 503 `overloaded` with `Retry-After`).
  public var maximumResponseBytes: Int
  /// The largest request head (request line and header fields), in bytes (larger: 431).
  public var maximumHeaderBytes: Int
  /// Open connections; past it the connections idle longest are closed, and a new connection
  /// when every open one has a request in flight.
  public var maximumConnections: Int
  /// How long a connection may wait for its first or next request (longer: closed).
  public var idleTimeout: Duration
  /// How long a request head may take once its first byte came, and how long its body may
  /// stall (longer: 408, closed).
  public var readTimeout: Duration
  /// How long writing an answer may make no progress (a client not reading: closed).
  public var writeTimeout: Duration
  /// How long SIGTERM / SIGINT lets the requests in flight finish before the remaining
  /// connections are closed.
  public var shutdownTimeout: Duration

  /// Limits; the defaults suit a feed backend asking for a page of cards at a few widths.
  public init(
    maximumBodyBytes: Int = 1 << 20, maximumItems: Int = 1_000, maximumWidths: Int = 16,
    deadline: Duration = .seconds(10), textCacheCount: Int = 20_000, textCacheBytes: Int = 64 << 20,
    cellCacheCount: Int = 20_000, cellCacheBytes: Int = 128 << 20, templateCacheCount: Int = 64,
    templateCacheBytes: Int = 16 << 20, maximumConcurrentRequests: Int = 16,
    maximumResponseBytes: Int = 128 << 20, maximumHeaderBytes: Int = 64 << 10,
    maximumConnections: Int = ServerLimits.defaultMaximumConnections, idleTimeout: Duration = .seconds(30),
    readTimeout: Duration = .seconds(10), writeTimeout: Duration = .seconds(30),
    shutdownTimeout: Duration = .seconds(20)
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
    self.templateCacheBytes = templateCacheBytes
    self.maximumConcurrentRequests = maximumConcurrentRequests
    self.maximumResponseBytes = maximumResponseBytes
    self.maximumHeaderBytes = maximumHeaderBytes
    self.maximumConnections = maximumConnections
    self.idleTimeout = idleTimeout
    self.readTimeout = readTimeout
    self.writeTimeout = writeTimeout
    self.shutdownTimeout = shutdownTimeout
  }

  /// The process's open-file limit less 64 descriptors kept for fonts, logs, the listening
  /// socket and the event loops (at least 16, at most 4096): 192 under `ulimit -n 256`.
  public static var defaultMaximumConnections: Int { min(4096, connectionDescriptors) }

  /// The most connections the open-file limit leaves room for: the limit less 64 descriptors
  /// kept for fonts, logs, the listening socket and the event loops (at least 16). Past it,
  /// `accept` fails with EMFILE; NIO's `AcceptBackoffHandler` then pauses accepting for a second,
  /// but the listening socket stays readable, so the event loop spins and nothing gets in.
  public static var connectionDescriptors: Int {
    var limit = rlimit()
    #if os(Linux)
      let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
      let resource = RLIMIT_NOFILE
    #endif
    guard getrlimit(resource, &limit) == 0, limit.rlim_cur < rlim_t(Int32.max) else { return Int(Int32.max) }
    return max(16, Int(clamping: limit.rlim_cur) - 64)
  }
}
