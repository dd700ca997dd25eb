public import SelfSizingCore

/// Why a request failed as a whole: an HTTP status and the JSON error body
/// `{"error": {"code", "message", "limit"?, "line"?, "column"?}}`.
///
/// A single bad item is not a `ServiceError`: it becomes an error object in place of that item's
/// results, and the rest of the request is measured.
public struct ServiceError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The class of error; each has one HTTP status.
  public enum Code: String, Sendable, Hashable, CaseIterable {
    /// The body is not JSON (400; `line` and `column` say where).
    case invalidJSON
    /// The JSON is well formed but a field is missing, mistyped or out of range, or the request
    /// is not well-formed HTTP/1.1 (400).
    case invalidRequest
    /// More items (texts) than `ServerLimits.maximumItems` (400; `limit` is the limit).
    case tooManyItems
    /// More widths than `ServerLimits.maximumWidths` (400; `limit` is the limit).
    case tooManyWidths
    /// A template name that the server does not have (400).
    case unknownTemplate
    /// An inline or named template that does not decode or compile (400).
    case invalidTemplate
    /// A body over `ServerLimits.maximumBodyBytes` (413; `limit` is the limit).
    case bodyTooLarge
    /// The request head is larger than `ServerLimits.maximumHeaderBytes` (431; `limit` is the
    /// limit).
    case headersTooLarge
    /// The request head or body stalled longer than `ServerLimits.readTimeout` (408; `limit` is
    /// the timeout in seconds).
    case requestTimeout
    /// The request took longer than `ServerLimits.deadline` (503; `limit` is the deadline in
    /// seconds).
    case deadlineExceeded
    /// More measuring requests in flight than `ServerLimits.maximumConcurrentRequests`, or more
    /// answer bytes than `ServerLimits.maximumResponseBytes` (503 with `Retry-After`; `limit` is
    /// the limit, the message names it).
    case overloaded
    /// No route has this path (404).
    case notFound
    /// The path exists with another method (405).
    case methodNotAllowed
    /// The server is shutting down or failed unexpectedly (503 or 500).
    case unavailable
    /// An unexpected failure (500).
    case `internal`
  }

  /// The class of error.
  public var code: Code
  /// What is wrong, naming the field, limit or position.
  public var message: String
  /// The limit that was exceeded, for `tooManyItems`, `tooManyWidths`, `bodyTooLarge`,
  /// `headersTooLarge`, `requestTimeout`, `deadlineExceeded` and `overloaded`.
  public var limit: Double?
  /// The 1-based line of a JSON syntax error.
  public var line: Int?
  /// The 1-based column (in Unicode scalars) of a JSON syntax error.
  public var column: Int?

  /// An error of `code`.
  public init(_ code: Code, _ message: String, limit: Double? = nil, line: Int? = nil, column: Int? = nil) {
    self.code = code
    self.message = message
    self.limit = limit
    self.line = line
    self.column = column
  }

  /// The HTTP status code.
  public var status: Int {
    switch code {
    case .invalidJSON, .invalidRequest, .tooManyItems, .tooManyWidths, .unknownTemplate, .invalidTemplate: 400
    case .notFound: 404
    case .methodNotAllowed: 405
    case .requestTimeout: 408
    case .bodyTooLarge: 413
    case .headersTooLarge: 431
    case .deadlineExceeded, .overloaded, .unavailable: 503
    case .internal: 500
    }
  }

  public var description: String { "\(code.rawValue): \(message)" }

  /// The response body.
  public var jsonValue: JSONValue {
    var members: [(String, JSONValue)] = [("code", .string(code.rawValue)), ("message", .string(message))]
    if let limit { members.append(("limit", .number(limit))) }
    if let line { members.append(("line", .number(Double(line)))) }
    if let column { members.append(("column", .number(Double(column)))) }
    return .object([("error", .object(members))])
  }
}
