import SelfSizingCore

/// Writes `{"results": [...]}`: each result in the compact form the CLI prints as one output
/// line, or an error object `{"id", "width", "error": {"code", "message"}}` in its place.
struct ResultsWriter {
  private var body = "{\"results\":["
  private var isEmpty = true
  private(set) var outcome = RequestOutcome()

  mutating func append(_ result: JSONValue, missingGlyphs: Int) {
    separate()
    result.write(to: &body)
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
      ]).write(to: &body)
      outcome.failed += 1
    }
  }

  mutating func finish() -> (String, RequestOutcome) {
    body += "]}\n"
    return (body, outcome)
  }

  private mutating func separate() {
    if !isEmpty { body += "," }
    isEmpty = false
  }
}
