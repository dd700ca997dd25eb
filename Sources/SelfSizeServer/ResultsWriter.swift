import SelfSizingCore

/// Writes `{"results": [...]}`: each result in the compact form the CLI prints as one output
/// line, or an error object `{"id", "width", "error": {"code", "message"}}` in its place.
struct ResultsWriter {
  var writer = JSONWriter(capacity: 4096)
  private var isEmpty = true
  private(set) var outcome = RequestOutcome()

  init() { writer.raw("{\"results\":[") }

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

  mutating func finish() -> ([UInt8], RequestOutcome) {
    writer.raw("]}\n")
    return (Array(writer.bytes), outcome)
  }

  private mutating func separate() {
    if !isEmpty { writer.raw(byte: UInt8(ascii: ",")) }
    isEmpty = false
  }
}
