import SelfSizingCore

/// The moment a request must be answered by.
struct Deadline: Sendable {
  let end: ContinuousClock.Instant
  let limit: Duration

  init(limit: Duration, start: ContinuousClock.Instant = .now) {
    self.limit = limit
    self.end = start + limit
  }

  var seconds: Double {
    Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
  }

  /// - Throws: `deadlineExceeded` once the deadline has passed.
  func check() throws(ServiceError) {
    guard ContinuousClock.now < end else {
      throw ServiceError(
        .deadlineExceeded, "the request took longer than its deadline of \(JSONValue.format(seconds)) s",
        limit: seconds)
    }
  }
}
