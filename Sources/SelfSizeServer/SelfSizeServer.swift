import Foundation
public import Hummingbird
public import Logging
import NIOCore
import NIOPosix
import SelfSizingCore
import ServiceLifecycle
import TextEngine
import UnixSignals

/// `selfsize serve`: the measurements over HTTP, on Hummingbird.
///
/// Routes (see ``ServiceRoute`` and `openapi.yaml`): `POST /v1/text`, `POST /v1/measure`,
/// `POST /v1/layout`, `GET /v1/fonts`, `GET /healthz`, `GET /metrics`. Measuring runs on a pool
/// of `jobs` threads, so the event loops and health checks stay responsive under load; every
/// request shares one ``MeasurementService`` (measurer and caches).
public final class SelfSizeServer: Sendable {
  /// The measuring and its caches.
  public let service: MeasurementService
  /// Worker threads measuring requests (requests beyond them wait, within their deadline).
  public let jobs: Int
  let metrics = ServiceMetrics()
  private let threadPool: NIOThreadPool

  /// A server over `service` measuring on `jobs` threads (at least one). Call ``shutdown()``
  /// when done with a server that ``run(host:port:logger:onListening:)`` did not run.
  public init(service: MeasurementService, jobs: Int) {
    self.service = service
    self.jobs = max(1, jobs)
    threadPool = NIOThreadPool(numberOfThreads: self.jobs)
    threadPool.start()
  }

  /// Stops the worker threads.
  public func shutdown() async throws {
    try await threadPool.shutdownGracefully()
  }

  /// The router with every route and the error, metrics and logging middleware.
  public func makeRouter() -> Router<BasicRequestContext> {
    let router = Router()
    router.add(middleware: ServiceMiddleware(metrics: metrics))
    for route in [ServiceRoute.text, .measure, .layout] {
      router.post(RouterPath(route.path)) { request, _ in try await self.measure(request, route: route) }
    }
    router.get(RouterPath(ServiceRoute.fonts.path)) { request, _ in
      var size = 15.0
      if let text = request.uri.queryParameters["size"].map(String.init) {
        guard let value = Double(text), value.isFinite, value > 0, value <= 10_000 else {
          throw ServiceError(
            .invalidRequest, "size must be a positive number of points up to 10000, got \"\(text)\"")
        }
        size = value
      }
      return Self.json(self.service.fonts(pointSize: size))
    }
    router.get(RouterPath(ServiceRoute.health.path)) { _, _ in
      Self.json(#"{"status":"ok"}"# + "\n")
    }
    router.get(RouterPath(ServiceRoute.metrics.path)) { _, _ in
      self.updateCacheMetrics()
      return Response(
        status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
        body: ResponseBody(byteBuffer: ByteBuffer(bytes: self.metrics.exposition())))
    }
    return router
  }

  /// The application listening on `host`:`port` (0: any free port), calling `onListening` with
  /// the bound port once it accepts connections.
  public func makeApplication(
    host: String, port: Int, logger: Logger, onListening: @escaping @Sendable (Int) async -> Void = { _ in }
  ) -> some ApplicationProtocol {
    Application(
      router: makeRouter(),
      configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "selfsize"),
      onServerRunning: { channel in await onListening(channel.localAddress?.port ?? port) },
      logger: logger)
  }

  /// Serves until SIGTERM or SIGINT, then stops accepting connections, lets the requests in
  /// flight finish, and stops the worker threads.
  public func run(
    host: String, port: Int, logger: Logger, onListening: @escaping @Sendable (Int) async -> Void = { _ in }
  ) async throws {
    let application = makeApplication(host: host, port: port, logger: logger, onListening: onListening)
    let group = ServiceGroup(
      configuration: ServiceGroupConfiguration(
        services: [application], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
    do {
      try await group.run()
    } catch {
      try? await shutdown()
      throw error
    }
    try await shutdown()
  }

  /// Reads the body within the limit, then parses and measures it on a worker thread within the
  /// deadline; the response carries the counts in `X-SelfSize-*` headers.
  private func measure(_ request: Request, route: ServiceRoute) async throws -> Response {
    let limits = service.limits
    let deadline = Deadline(limit: limits.deadline)
    let tooLarge = ServiceError(
      .bodyTooLarge, "the request body is larger than \(limits.maximumBodyBytes) bytes",
      limit: Double(limits.maximumBodyBytes))
    if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limits.maximumBodyBytes {
      throw tooLarge
    }
    let buffer: ByteBuffer
    do {
      buffer = try await request.body.collect(upTo: limits.maximumBodyBytes)
    } catch is NIOTooManyBytesError {
      throw tooLarge
    }
    let bytes = Array(buffer.readableBytesView)
    let service = self.service
    let answer = try await threadPool.runIfActive { () throws -> Answer in
      try deadline.check()
      let json = try RequestObject.parseBody(bytes)
      let (body, outcome): ([UInt8], RequestOutcome)
      switch route {
      case .text: (body, outcome) = try service.text(json, deadline: deadline)
      case .measure: (body, outcome) = try service.measure(json, deadline: deadline)
      case .layout: (body, outcome) = try service.layout(json, deadline: deadline)
      case .fonts, .health, .metrics: throw ServiceError(.internal, "\(route.path) does not measure a body")
      }
      return Answer(body: body, outcome: outcome)
    }
    let (body, outcome) = (answer.body, answer.outcome)
    var response = Self.json(bytes: body)
    response.headers[ResponseHeader.results] = String(outcome.measured)
    response.headers[ResponseHeader.errors] = String(outcome.failed)
    response.headers[ResponseHeader.missingGlyphs] = String(outcome.missingGlyphs)
    return response
  }

  /// A response body and what it measured.
  private struct Answer: Sendable {
    var body: [UInt8]
    var outcome: RequestOutcome
  }

  private func updateCacheMetrics() {
    metrics.update(cache: "texts", service.texts)
    metrics.update(cache: "cells", service.cells)
    metrics.update(cache: "templates", service.inlineTemplates)
    metrics.record(gauge: "selfsize_segment_cache_entries", service.measurer.cachedSegmentCount)
    metrics.record(gauge: "selfsize_worker_threads", jobs)
  }

  static func json(bytes: [UInt8]) -> Response {
    Response(
      status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
  }

  static func json(_ body: String) -> Response {
    Response(
      status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
      body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
  }
}
