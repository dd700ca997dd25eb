import SelfSizingCore
import Synchronization

/// The measuring work in flight, bounded: requests being handled (queued for a worker
/// included) and the bytes of answers in memory. A request over either bound fails at once with
/// 503 `overloaded` (and `Retry-After`) instead of queueing more memory.
final class WorkInFlight: Sendable {
  /// The most measuring requests at once.
  let maximumRequests: Int
  /// The most answer bytes at once.
  let maximumBytes: Int
  private let requests = Atomic<Int>(0)
  private let bytes = Atomic<Int>(0)
  private let queued = Atomic<Int>(0)
  private let rejected = Atomic<Int>(0)

  init(maximumRequests: Int, maximumBytes: Int) {
    self.maximumRequests = max(1, maximumRequests)
    self.maximumBytes = max(0, maximumBytes)
  }

  /// Requests being handled now.
  var requestCount: Int { requests.load(ordering: .relaxed) }
  /// Answer bytes held now: being made, or passed to connections and not yet written to their
  /// sockets.
  var byteCount: Int { bytes.load(ordering: .relaxed) + queued.load(ordering: .relaxed) }

  /// Answer bytes passed to a connection (positive) or written by it (negative).
  func queue(_ delta: Int) {
    if delta != 0 { queued.add(delta, ordering: .relaxed) }
  }
  /// Requests answered 503 `overloaded` so far.
  var rejectedCount: Int { rejected.load(ordering: .relaxed) }

  /// A place for one measuring request, given back when the ticket is released.
  /// - Throws: `overloaded` when `maximumRequests` are in flight.
  func admit() throws(ServiceError) -> Ticket {
    let count = requests.add(1, ordering: .relaxed).newValue
    guard count <= maximumRequests else {
      requests.subtract(1, ordering: .relaxed)
      rejected.add(1, ordering: .relaxed)
      throw ServiceError(
        .overloaded,
        "the server is measuring its limit of \(maximumRequests) requests at once (--max-requests); retry later",
        limit: Double(maximumRequests))
    }
    return Ticket(work: self)
  }

  /// One admitted request: its place and the answer bytes it holds, both given back when the
  /// ticket is released (at the latest when its last reference goes: the answer written, or
  /// dropped).
  final class Ticket: Sendable {
    let work: WorkInFlight
    private let held = Atomic<Int>(0)
    private let released = Atomic<Bool>(false)

    init(work: WorkInFlight) { self.work = work }

    /// Holds answer bytes up to `total` for this request.
    /// - Throws: `overloaded` when the answers in memory would go over the limit.
    func hold(_ total: Int) throws(ServiceError) {
      let delta = total - held.load(ordering: .relaxed)
      guard delta > 0 else { return }
      let now = work.bytes.add(delta, ordering: .relaxed).newValue + work.queued.load(ordering: .relaxed)
      guard now <= work.maximumBytes else {
        work.bytes.subtract(delta, ordering: .relaxed)
        work.rejected.add(1, ordering: .relaxed)
        let megabytes = JSONValue.format(Double(work.maximumBytes) / Double(1 << 20))
        throw ServiceError(
          .overloaded,
          "the answers in memory would exceed their limit of \(work.maximumBytes) bytes (--max-response-mb \(megabytes)); retry later",
          limit: Double(work.maximumBytes))
      }
      held.add(delta, ordering: .relaxed)
    }

    /// Gives back the place and the bytes (once).
    func release() {
      guard !released.exchange(true, ordering: .relaxed) else { return }
      work.bytes.subtract(held.exchange(0, ordering: .relaxed), ordering: .relaxed)
      work.requests.subtract(1, ordering: .relaxed)
    }

    deinit { release() }
  }
}
