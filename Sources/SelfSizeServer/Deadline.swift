import SelfSizingCore
import Synchronization

/// The moment a request must be answered by.
struct Deadline: Sendable {
  let end: ContinuousClock.Instant
  let limit: Duration
  /// Set when the server gives up on the requests in flight (the shutdown deadline).
  let abandoned: Abandonment?

  init(limit: Duration, start: ContinuousClock.Instant = .now, abandoned: Abandonment? = nil) {
    self.limit = limit
    self.end = start + limit
    self.abandoned = abandoned
  }

  var seconds: Double {
    Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
  }

  /// - Throws: `deadlineExceeded` once the deadline has passed; `unavailable` once the server
  ///   has given up on the requests in flight.
  func check() throws(ServiceError) {
    guard ContinuousClock.now < end else {
      throw ServiceError(
        .deadlineExceeded, "the request took longer than its deadline of \(JSONValue.format(seconds)) s",
        limit: seconds)
    }
    if abandoned?.isSet == true {
      throw ServiceError(.unavailable, "the server is shutting down")
    }
  }
}

/// A flag set once: the server has given up on its requests in flight.
final class Abandonment: Sendable {
  private let flag = Atomic<Bool>(false)

  var isSet: Bool { flag.load(ordering: .relaxed) }

  func set() { flag.store(true, ordering: .relaxed) }
}
