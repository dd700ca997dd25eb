import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1
import SelfSizingCore

/// Around every request: turns errors into JSON error bodies with their status, records the
/// request's metrics, and writes one structured log record per request.
struct ServiceMiddleware<Context: RequestContext>: RouterMiddleware {
  let metrics: ServiceMetrics

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let start = ContinuousClock.now
    metrics.requestStarted()
    let route = ServiceRoute(rawValue: request.uri.path)
    var response: Response
    var failure: ServiceError?
    do {
      response = try await next(request, context)
    } catch {
      let serviceError = Self.serviceError(error, request: request, route: route)
      failure = serviceError
      response = Self.response(serviceError)
      if serviceError.code == .methodNotAllowed, let route {
        response.headers[HTTPField.Name("Allow")!] = route.method
      }
      if serviceError.code == .overloaded {
        response.headers[HTTPField.Name("Retry-After")!] = "1"
      }
    }
    let duration = ContinuousClock.now - start
    let outcome = RequestOutcome(
      measured: response.headers[ResponseHeader.results].flatMap { Int($0) } ?? 0,
      failed: response.headers[ResponseHeader.errors].flatMap { Int($0) } ?? 0,
      missingGlyphs: response.headers[ResponseHeader.missingGlyphs].flatMap { Int($0) } ?? 0)
    let status = Int(response.status.code)
    metrics.requestFinished(
      endpoint: route?.path ?? "other", status: status, duration: duration,
      outcome: response.headers[ResponseHeader.results] == nil ? nil : outcome)
    var metadata: Logger.Metadata = [
      "method": "\(request.method.rawValue)", "path": "\(request.uri.path)", "status": "\(status)",
      "duration_ms": "\(Self.milliseconds(duration))",
    ]
    if response.headers[ResponseHeader.results] != nil {
      metadata["results"] = "\(outcome.measured)"
      metadata["item_errors"] = "\(outcome.failed)"
    }
    if let failure {
      metadata["error_code"] = "\(failure.code.rawValue)"
      metadata["error"] = "\(failure.message)"
    }
    context.logger.log(level: status >= 500 ? .error : .info, "request", metadata: metadata)
    return response
  }

  /// A duration in milliseconds, to the microsecond.
  static func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return (Double(seconds) * 1e6 + Double(attoseconds / 1_000_000_000_000)).rounded() / 1000
  }

  /// The JSON error response of `error`.
  static func response(_ error: ServiceError) -> Response {
    Response(
      status: HTTPResponse.Status(code: error.status),
      headers: [.contentType: "application/json; charset=utf-8"],
      body: ResponseBody(byteBuffer: ByteBuffer(string: error.jsonValue.serialized() + "\n")))
  }

  static func serviceError(_ error: any Error, request: Request, route: ServiceRoute?) -> ServiceError {
    switch error {
    case let error as ServiceError: return error
    case is NIOTooManyBytesError:
      return ServiceError(.bodyTooLarge, "the request body is too large", limit: nil)
    case let error as HTTPParserError:
      return ServiceError(.invalidRequest, "the request is not well-formed HTTP/1.1 (\(error))")
    case let error as HTTPError where error.status == .notFound:
      if let route, route.method != request.method.rawValue {
        return ServiceError(
          .methodNotAllowed, "\(route.path) answers \(route.method), not \(request.method.rawValue)")
      }
      return ServiceError(
        .notFound,
        "no route \(request.uri.path); the routes are \(ServiceRoute.allCases.map { "\($0.method) \($0.path)" }.joined(separator: ", "))"
      )
    case let error as any HTTPResponseError:
      return ServiceError(
        Int(error.status.code) >= 500 ? .internal : .invalidRequest, "\(error.status.reasonPhrase)")
    default:
      return ServiceError(.internal, "unexpected failure: \(error)")
    }
  }
}

/// The response headers that carry a request's counts.
enum ResponseHeader {
  /// Results measured (text × width, item × width, or items laid out).
  static let results = HTTPField.Name("X-SelfSize-Results")!
  /// Error objects written in place of results (or layout failures).
  static let errors = HTTPField.Name("X-SelfSize-Item-Errors")!
  /// Characters no font had.
  static let missingGlyphs = HTTPField.Name("X-SelfSize-Missing-Glyphs")!
}
