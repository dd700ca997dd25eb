import Foundation
public import Hummingbird
import HummingbirdCore
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
/// request shares one ``MeasurementService`` (measurer and caches). The work in flight is
/// bounded (``ServerLimits/maximumConcurrentRequests``, ``ServerLimits/maximumResponseBytes``),
/// and so are connections: their number, how long they idle, how long a request may take to
/// arrive and an answer to leave (``ConnectionGuard``).
public final class SelfSizeServer: Sendable {
  /// The measuring and its caches.
  public let service: MeasurementService
  /// Worker threads measuring requests (requests beyond them wait, within their deadline).
  public let jobs: Int
  let metrics = ServiceMetrics()
  /// The open connections.
  let connections: ConnectionRegistry
  /// The measuring requests and answer bytes in flight.
  let work: WorkInFlight
  /// Set at the shutdown deadline: measuring still running stops at its next text or item.
  let abandoned = Abandonment()
  private let threadPool: NIOThreadPool

  /// A server over `service` measuring on `jobs` threads (at least one). Call ``shutdown()``
  /// when done with a server that ``run(host:port:logger:onListening:)`` did not run.
  public init(service: MeasurementService, jobs: Int) {
    self.service = service
    self.jobs = max(1, jobs)
    connections = ConnectionRegistry(maximumConnections: service.limits.maximumConnections)
    work = WorkInFlight(
      maximumRequests: service.limits.maximumConcurrentRequests,
      maximumBytes: service.limits.maximumResponseBytes)
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
  /// the bound port once it accepts connections. Its connections are Hummingbird's HTTP/1
  /// channels with the service's ``ConnectionGuard``; the listening socket keeps NIO's
  /// `AcceptBackoffHandler` (accepting pauses 1 s when `accept` fails, as with EMFILE).
  public func makeApplication(
    host: String, port: Int, logger: Logger, onListening: @escaping @Sendable (Int) async -> Void = { _ in }
  ) -> some ApplicationProtocol {
    makeApplication(host: host, port: port, logger: logger) { (channel: any Channel) in
      await onListening(channel.localAddress?.port ?? port)
    }
  }

  /// The application, calling `onServerRunning` with the listening channel.
  func makeApplication(
    host: String, port: Int, logger: Logger, onServerRunning: @escaping @Sendable (any Channel) async -> Void
  ) -> some ApplicationProtocol {
    let (limits, connections, metrics, work) = (service.limits, connections, metrics, work)
    return Application(
      router: makeRouter(),
      server: HTTPServerBuilder { responder in
        ServiceChannel(
          responder: responder, limits: limits, registry: connections, metrics: metrics, work: work)
      },
      configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "selfsize"),
      onServerRunning: onServerRunning, logger: logger)
  }

  /// Serves until SIGTERM or SIGINT, then stops accepting connections, lets the requests in
  /// flight finish within ``ServerLimits/shutdownTimeout`` (then closes the connections left and
  /// stops the measuring still running), and stops the worker threads.
  public func run(
    host: String, port: Int, logger: Logger, onListening: @escaping @Sendable (Int) async -> Void = { _ in }
  ) async throws {
    let application = makeApplication(host: host, port: port, logger: logger, onListening: onListening)
    let group = ServiceGroup(
      configuration: ServiceGroupConfiguration(
        services: [Draining(application: application, server: self, logger: logger)],
        gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
    do {
      try await group.run()
    } catch {
      try? await shutdown()
      throw error
    }
    try await shutdown()
  }

  /// At the shutdown deadline: closes every connection and stops the measuring in flight.
  func abandonRequests() {
    abandoned.set()
    let open = connections.count
    metrics.connectionClosed(reason: "shutdown", count: open)
    connections.closeAll()
  }

  /// Admits the request within the work limits, reads the body within its limit, then parses
  /// and measures it on a worker thread within the deadline and the answer-bytes limit; the
  /// response carries the counts in `X-SelfSize-*` headers.
  private func measure(_ request: Request, route: ServiceRoute) async throws -> Response {
    let limits = service.limits
    let ticket = try work.admit()
    let deadline = Deadline(limit: limits.deadline, abandoned: abandoned)
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
      let (body, outcome): (ByteBuffer, RequestOutcome)
      switch route {
      case .text: (body, outcome) = try service.text(json, deadline: deadline, ticket: ticket)
      case .measure: (body, outcome) = try service.measure(json, deadline: deadline, ticket: ticket)
      case .layout: (body, outcome) = try service.layout(json, deadline: deadline, ticket: ticket)
      case .fonts, .health, .metrics: throw ServiceError(.internal, "\(route.path) does not measure a body")
      }
      try ticket.hold(body.readableBytes)
      return Answer(body: body, outcome: outcome)
    }
    let (body, outcome) = (answer.body, answer.outcome)
    // The answer in slices, so a client reading slowly holds back the writing (and the write
    // timeout sees progress); the ticket (the request's place and answer bytes) goes with the
    // body, given back once it is written or dropped.
    var response = Response(
      status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
      body: ResponseBody(contentLength: body.readableBytes) { writer in
        var rest = body
        while rest.readableBytes > 0, let slice = rest.readSlice(length: min(rest.readableBytes, 1 << 16)) {
          try await writer.write(slice)
        }
        try await writer.finish(nil)
        ticket.release()
      })
    response.headers[ResponseHeader.results] = String(outcome.measured)
    response.headers[ResponseHeader.errors] = String(outcome.failed)
    response.headers[ResponseHeader.missingGlyphs] = String(outcome.missingGlyphs)
    return response
  }

  /// A response body and what it measured.
  private struct Answer: Sendable {
    var body: ByteBuffer
    var outcome: RequestOutcome
  }

  private func updateCacheMetrics() {
    metrics.update(cache: "texts", service.texts)
    metrics.update(cache: "cells", service.cells)
    metrics.update(cache: "templates", service.inlineTemplates)
    metrics.record(gauge: "selfsize_segment_cache_entries", service.measurer.cachedSegmentCount)
    metrics.record(gauge: "selfsize_worker_threads", jobs)
    metrics.record(gauge: "selfsize_http_connections", connections.count)
    metrics.record(gauge: "selfsize_http_connections_limit", connections.maximumConnections)
    metrics.connectionsClosed(reason: "overLimit", total: connections.shedCount)
    metrics.record(gauge: "selfsize_measuring_requests", work.requestCount)
    metrics.record(gauge: "selfsize_measuring_requests_limit", work.maximumRequests)
    metrics.record(gauge: "selfsize_response_bytes", work.byteCount)
    metrics.record(gauge: "selfsize_response_bytes_limit", work.maximumBytes)
    metrics.requestsRejected(total: work.rejectedCount)
  }

  static func json(_ body: String) -> Response {
    Response(
      status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
      body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
  }
}

/// The application as the service group runs it: at graceful shutdown (SIGTERM, SIGINT) the
/// server stops accepting connections and lets the requests in flight finish; past
/// ``ServerLimits/shutdownTimeout`` it closes the connections left (a stalled upload, a client
/// not reading) and stops the measuring still running, so the process exits.
struct Draining<App: ApplicationProtocol>: Service {
  let application: App
  let server: SelfSizeServer
  let logger: Logger

  func run() async throws {
    let deadline = DeadlineTask()
    defer { deadline.task.withLock { $0?.cancel() } }
    let (server, logger) = (server, logger)
    try await withGracefulShutdownHandler {
      try await application.run()
    } onGracefulShutdown: {
      let timeout = server.service.limits.shutdownTimeout
      deadline.task.withLock {
        $0 = Task {
          guard (try? await Task.sleep(for: timeout)) != nil else { return }
          logger.warning(
            "shutdown deadline passed; closing the connections left",
            metadata: ["connections": "\(server.connections.count)"])
          server.abandonRequests()
        }
      }
    }
  }
}

/// The task closing the connections left at the shutdown deadline.
private final class DeadlineTask: Sendable {
  let task = Locked<Task<Void, Never>?>(nil)
}
