import CoreMetrics
import Metrics
import Prometheus
import SelfSizingCore
import Synchronization

/// The server's metrics, in its own Prometheus registry (no process-wide bootstrap, so several
/// servers and tests keep separate counts), written by swift-metrics handles.
final class ServiceMetrics: Sendable {
  let registry = PrometheusCollectorRegistry()
  private let factory: PrometheusMetricsFactory
  private let inFlight = Atomic<Int>(0)
  private let lastCounts = Locked<[String: Int]>([:])

  init() {
    var factory = PrometheusMetricsFactory(registry: registry)
    factory.defaultDurationHistogramBuckets = [
      .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10),
      .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
      .seconds(1), .milliseconds(2500), .seconds(5), .seconds(10),
    ]
    self.factory = factory
  }

  /// Counts a request as started (for the in-flight gauge).
  func requestStarted() {
    let count = inFlight.add(1, ordering: .relaxed).newValue
    Gauge(label: "selfsize_http_requests_in_flight", factory: factory).record(count)
  }

  /// Records a finished request of `endpoint` (a route, or `other`).
  func requestFinished(endpoint: String, status: Int, duration: Duration, outcome: RequestOutcome?) {
    let count = inFlight.subtract(1, ordering: .relaxed).newValue
    Gauge(label: "selfsize_http_requests_in_flight", factory: factory).record(count)
    Counter(
      label: "selfsize_http_requests_total",
      dimensions: [("endpoint", endpoint), ("status", String(status))],
      factory: factory
    ).increment()
    CoreMetrics.Timer(
      label: "selfsize_http_request_duration_seconds", dimensions: [("endpoint", endpoint)], factory: factory
    ).record(duration: duration)
    guard let outcome else { return }
    let dimensions = [("endpoint", endpoint)]
    Counter(label: "selfsize_items_measured_total", dimensions: dimensions, factory: factory)
      .increment(by: outcome.measured)
    Counter(label: "selfsize_item_errors_total", dimensions: dimensions, factory: factory)
      .increment(by: outcome.failed)
    Counter(label: "selfsize_missing_glyphs_total", dimensions: dimensions, factory: factory)
      .increment(by: outcome.missingGlyphs)
  }

  /// Brings the cache gauges and counters up to date with `statistics` of cache `name`.
  func update<Key, Value>(cache name: String, _ cache: LRUCache<Key, Value>) {
    let statistics = cache.statistics
    let dimensions = [("cache", name)]
    Gauge(label: "selfsize_cache_entries", dimensions: dimensions, factory: factory)
      .record(statistics.count)
    Gauge(label: "selfsize_cache_bytes", dimensions: dimensions, factory: factory).record(statistics.bytes)
    Gauge(label: "selfsize_cache_capacity_entries", dimensions: dimensions, factory: factory)
      .record(cache.maximumCount)
    Gauge(label: "selfsize_cache_capacity_bytes", dimensions: dimensions, factory: factory)
      .record(cache.maximumBytes)
    for (counter, total) in [
      ("selfsize_cache_hits_total", statistics.hits), ("selfsize_cache_misses_total", statistics.misses),
      ("selfsize_cache_evictions_total", statistics.evictions),
    ] {
      let delta = lastCounts.withLock { last in
        let delta = total - last["\(counter)/\(name)", default: 0]
        last["\(counter)/\(name)"] = total
        return delta
      }
      if delta > 0 { Counter(label: counter, dimensions: dimensions, factory: factory).increment(by: delta) }
    }
  }

  /// Counts a connection the server closed, by `reason`: `idleTimeout`, `readTimeout`,
  /// `writeTimeout`, `malformed`, `headersTooLarge`, `overLimit` or `shutdown`.
  func connectionClosed(reason: String, count: Int = 1) {
    guard count > 0 else { return }
    Counter(
      label: "selfsize_http_connections_closed_total", dimensions: [("reason", reason)], factory: factory
    )
    .increment(by: count)
  }

  /// Brings the counter of connections closed for `reason` up to `total` (a running count kept
  /// elsewhere).
  func connectionsClosed(reason: String, total: Int) {
    let delta = lastCounts.withLock { last in
      let delta = total - last["closed/\(reason)", default: 0]
      last["closed/\(reason)"] = total
      return delta
    }
    connectionClosed(reason: reason, count: delta)
  }

  /// Brings the requests refused as `overloaded` up to `total`.
  func requestsRejected(total: Int) {
    let delta = lastCounts.withLock { last in
      let delta = total - last["overloaded", default: 0]
      last["overloaded"] = total
      return delta
    }
    if delta > 0 {
      Counter(label: "selfsize_requests_overloaded_total", factory: factory).increment(by: delta)
    }
  }

  /// Sets a gauge without dimensions.
  func record(gauge label: String, _ value: Int) {
    Gauge(label: label, factory: factory).record(value)
  }

  /// The Prometheus text exposition of every metric.
  func exposition() -> [UInt8] {
    var buffer: [UInt8] = []
    registry.emit(into: &buffer)
    return buffer
  }
}

/// What one request measured, for the metrics and the request log.
struct RequestOutcome: Sendable, Hashable {
  /// Results written (text × width or item × width).
  var measured = 0
  /// Error objects written in place of results.
  var failed = 0
  /// Characters no font had, over all results.
  var missingGlyphs = 0
}
