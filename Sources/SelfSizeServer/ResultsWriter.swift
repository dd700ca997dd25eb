import NIOCore
import SelfSizingCore

/// Writes `{"results": [...]}`: each result in the compact form the CLI prints as one output
/// line, or an error object `{"id", "width", "error": {"code", "message"}}` in its place.
struct ResultsWriter {
  var writer = JSONWriter(capacity: 4096)
  private var isEmpty = true
  private(set) var outcome = RequestOutcome()
  /// The request's hold on answer bytes, grown as the answer grows.
  private let ticket: WorkInFlight.Ticket?

  init(ticket: WorkInFlight.Ticket? = nil) {
    self.ticket = ticket
    writer.raw("{\"results\":[")
  }

  /// Before each text or item: the request's deadline, and its hold on the bytes written so far
  /// (the answer stops as soon as the answers in memory would go over their limit).
  func check(_ deadline: Deadline) throws(ServiceError) {
    try deadline.check()
    try ticket?.hold(writer.count)
  }

  /// Starts a result; the caller writes it to `writer`.
  mutating func beginResult(missingGlyphs: Int) {
    separate()
    outcome.measured += 1
    outcome.missingGlyphs += missingGlyphs
  }

  /// One error object per width.
  mutating func fail(id: JSONValue, widths: [Double], code: String, message: String) {
    for width in widths {
      separate()
      JSONValue.object([
        ("id", id), ("width", width.isFinite ? .number(width) : .string("inf")),
        ("error", .object([("code", .string(code)), ("message", .string(message))])),
      ]).write(to: &writer)
      outcome.failed += 1
    }
  }

  mutating func finish() throws(ServiceError) -> (ByteBuffer, RequestOutcome) {
    writer.raw("]}\n")
    try ticket?.hold(writer.count)
    return (ByteBuffer(bytes: writer.bytes), outcome)
  }

  private mutating func separate() {
    if !isEmpty { writer.raw(byte: UInt8(ascii: ",")) }
    isEmpty = false
  }
}
