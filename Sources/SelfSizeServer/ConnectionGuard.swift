import NIOCore
import NIOHTTP1
import SelfSizingCore

/// One connection's HTTP/1 discipline, between NIO's HTTP/1 decoder and Hummingbird's codec
/// (where the request's HTTP version and the parser's errors are still visible):
///
/// - **Persistence**: a request that does not keep the connection alive (HTTP/1.0 without
///   `Connection: keep-alive`, or `Connection: close` in any case) is answered with
///   `Connection: close` and the connection is closed once the answer is written.
/// - **Malformed requests**: a request NIO cannot parse (non-HTTP bytes, a head over
///   ``ServerLimits/maximumHeaderBytes``) is answered with the service's JSON error body (400
///   `invalidRequest`, 431 `headersTooLarge`) and the connection closed.
/// - **Timeouts**: an idle connection closes after ``ServerLimits/idleTimeout``; a request
///   (its head from the first byte, then its body) must be read within
///   ``ServerLimits/readTimeout`` (else 408 `requestTimeout` and closed); an answer that makes no
///   write progress for ``ServerLimits/writeTimeout`` (a client not reading) closes the
///   connection.
/// - **Answer bytes**: the bytes passed to NIO and not yet written to the socket count in the
///   ``WorkInFlight`` answer bytes until written (or dropped with the connection).
/// - **Bookkeeping**: tells the ``ConnectionRegistry`` whether the connection has a request in
///   flight, so the connections idle longest are the ones closed past
///   ``ServerLimits/maximumConnections``.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart
  typealias OutboundIn = HTTPServerResponsePart
  typealias OutboundOut = HTTPServerResponsePart

  private let limits: ServerLimits
  private let registry: ConnectionRegistry
  private let metrics: ServiceMetrics?
  private let work: WorkInFlight?
  /// Writes passed on and not yet completed (in NIO's buffer, not yet in the kernel's).
  private var pendingWrites = 0
  private var context: ChannelHandlerContext?

  /// The requests read and not yet answered, oldest first.
  private var owed = CircularBuffer<Owed>()
  /// A request head has been read and its end not yet.
  private var readingBody = false
  /// Bytes of a request head have come in while no request was being read.
  private var headStarted = false
  /// When the request being read began (its first byte, else its head).
  private var readStart = NIODeadline.now()
  /// An answer's head has been written and its end not yet.
  private var writing = false
  /// The last progress in writing an answer.
  private var lastWrite = NIODeadline.now()
  /// When the connection last became idle (opened, or its last answer written).
  private var idleSince = NIODeadline.now()
  /// Close once the answers owed are written (a request that does not keep alive, an error).
  private var closing = false
  /// An error to answer once the answer in progress is written.
  private var pendingError: ServiceError?
  /// The last answer is written and the connection closing, but the body of its request is
  /// still coming: read and dropped until it ends (or the read timeout), as closing with unread
  /// bytes would reset the connection and lose the answer on the client's side.
  private var discarding = false
  private var timer: Scheduled<Void>?
  private var timerDeadline: NIODeadline?
  /// The promises of a close asked for while answer bytes were still in NIO's buffer, done once
  /// they are written.
  private var deferredClose: [EventLoopPromise<Void>]?

  /// A request read and not yet answered.
  private struct Owed {
    /// Whether it keeps the connection alive.
    var keepAlive: Bool
    /// HTTP/1.0 (keep-alive is said in the answer).
    var isHTTP10: Bool
  }

  init(limits: ServerLimits, registry: ConnectionRegistry, metrics: ServiceMetrics?, work: WorkInFlight?) {
    self.limits = limits
    self.registry = registry
    self.metrics = metrics
    self.work = work
  }

  // MARK: Lifecycle

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
    idleSince = .now()
    armTimer()
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    timer?.cancel()
    timer = nil
    self.context = nil
  }

  func channelInactive(context: ChannelHandlerContext) {
    timer?.cancel()
    timer = nil
    context.fireChannelInactive()
  }

  /// Bytes came in (from ``ReadActivity`` at the front of the pipeline).
  func bytesArrived() {
    guard !headStarted, !readingBody, owed.isEmpty else { return }
    headStarted = true
    readStart = .now()
    armTimer()
  }

  // MARK: Inbound

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    if discarding {
      if case .end = unwrapInboundIn(data) { context.close(promise: nil) }
      return
    }
    switch unwrapInboundIn(data) {
    case .head(let head):
      owed.append(Owed(keepAlive: head.isKeepAlive, isHTTP10: head.version == .http1_0))
      if !headStarted { readStart = .now() }
      headStarted = false
      readingBody = true
      registry.setBusy(context.channel, true)
      armTimer()
    case .body:
      break
    case .end:
      readingBody = false
      armTimer()
    }
    context.fireChannelRead(data)
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    guard let parserError = error as? HTTPParserError else {
      context.fireErrorCaught(error)
      return
    }
    let serviceError = Self.serviceError(parserError, limits: limits)
    metrics?.connectionClosed(reason: parserError == .headerOverflow ? "headersTooLarge" : "malformed")
    closing = true
    if owed.isEmpty && readingBody {
      // The body of a request already answered: nothing more to say.
      context.close(promise: nil)
    } else if owed.isEmpty {
      // Between requests: the error is this connection's answer.
      answer(serviceError, context: context)
    } else if readingBody {
      // The request being read fails its body; the service answers it, and the connection closes.
      readingBody = false
      context.fireErrorCaught(serviceError)
    } else {
      // A request is being answered; the malformed one after it is answered next.
      pendingError = serviceError
    }
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if event is ChannelShouldQuiesceEvent { closing = true }
    context.fireUserInboundEventTriggered(event)
  }

  // MARK: Outbound

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    switch unwrapOutboundIn(data) {
    case .head(var head):
      writing = true
      lastWrite = .now()
      let request = owed.first
      let persistent = (request?.keepAlive ?? false) && !closing
      head.headers.remove(name: "connection")
      if !persistent {
        head.headers.add(name: "Connection", value: "close")
      } else if request?.isHTTP10 == true {
        head.headers.add(name: "Connection", value: "keep-alive")
      }
      context.write(wrapOutboundOut(.head(head)), promise: tracked(promise, bytes: 0, context: context))
      armTimer()
    case .body(let body):
      lastWrite = .now()
      context.write(data, promise: tracked(promise, bytes: body.readableBytes, context: context))
    case .end:
      writing = false
      let persistent = (owed.popFirst()?.keepAlive ?? false) && !closing
      if !persistent { closing = true }
      if owed.isEmpty { registry.setBusy(context.channel, false) }
      guard closing, owed.isEmpty else {
        context.write(data, promise: tracked(promise, bytes: 0, context: context))
        armTimer()
        return
      }
      // The last answer owed: the pending error's answer follows it, then the connection closes
      // once everything is written.
      let written = tracked(promise, bytes: 0, context: context)
      context.writeAndFlush(data, promise: written)
      if let pendingError {
        self.pendingError = nil
        answer(pendingError, context: context)
      } else if readingBody {
        // Answered before its body came in full: the rest of the body is dropped, then closed.
        discarding = true
        written.futureResult.assumeIsolatedUnsafeUnchecked().whenComplete { _ in
          context.close(mode: .output, promise: nil)
        }
      } else {
        written.futureResult.assumeIsolatedUnsafeUnchecked().whenComplete { _ in context.close(promise: nil) }
      }
    }
  }

  /// Closes once the writes passed on are done: at graceful shutdown Hummingbird closes right
  /// after passing on the last answer's end, and closing a channel drops the writes still in
  /// NIO's buffer, so a large answer to a slow reader would be cut short. A client that stops
  /// reading is still closed by the write timeout, and the shutdown deadline closes at once.
  func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
    guard mode == .all, pendingWrites > 0, !registry.isClosingAll else {
      context.close(mode: mode, promise: promise)
      return
    }
    deferredClose = (deferredClose ?? []) + (promise.map { [$0] } ?? [])
  }

  /// A write promise that, once the write is done (or failed), counts it as progress and gives
  /// back its bytes from the answers in memory; the connection is idle once its last write is
  /// done.
  private func tracked(_ promise: EventLoopPromise<Void>?, bytes: Int, context: ChannelHandlerContext)
    -> EventLoopPromise<Void>
  {
    let written = promise ?? context.eventLoop.makePromise()
    pendingWrites += 1
    work?.queue(bytes)
    written.futureResult.assumeIsolatedUnsafeUnchecked().whenComplete { [self] _ in
      pendingWrites -= 1
      work?.queue(-bytes)
      lastWrite = .now()
      if pendingWrites == 0, let promises = deferredClose {
        deferredClose = nil
        let closed = context.eventLoop.makePromise(of: Void.self)
        for promise in promises { closed.futureResult.cascade(to: promise) }
        context.close(promise: closed)
        return
      }
      if pendingWrites == 0, !writing, owed.isEmpty {
        idleSince = .now()
        armTimer()
      }
    }
    return written
  }

  // MARK: Answers of its own

  /// Writes the JSON error response of `error` with `Connection: close`, then closes.
  private func answer(_ error: ServiceError, context: ChannelHandlerContext) {
    let body = ByteBuffer(string: error.jsonValue.serialized() + "\n")
    var headers = HTTPHeaders()
    headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
    headers.add(name: "Content-Length", value: String(body.readableBytes))
    headers.add(name: "Connection", value: "close")
    let head = HTTPResponseHead(
      version: .http1_1, status: HTTPResponseStatus(statusCode: error.status), headers: headers)
    closing = true
    context.write(wrapOutboundOut(.head(head)), promise: nil)
    context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
    context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolatedUnsafeUnchecked().whenComplete { _ in
      context.close(promise: nil)
    }
  }

  static func serviceError(_ error: HTTPParserError, limits: ServerLimits) -> ServiceError {
    if error == .headerOverflow {
      return ServiceError(
        .headersTooLarge, "the request head is larger than \(limits.maximumHeaderBytes) bytes",
        limit: Double(limits.maximumHeaderBytes))
    }
    return ServiceError(.invalidRequest, "the request is not well-formed HTTP/1.1 (\(error))")
  }

  // MARK: Timeouts

  /// The next moment a timeout could fire in the connection's current state, and what it is.
  private var nextTimeout: (deadline: NIODeadline, kind: Timeout)? {
    var next: (deadline: NIODeadline, kind: Timeout)?
    func consider(_ deadline: NIODeadline, _ kind: Timeout) {
      if next == nil || deadline < next!.deadline { next = (deadline, kind) }
    }
    if writing || pendingWrites > 0 { consider(lastWrite + limits.writeTimeout.timeAmount, .write) }
    if readingBody || (headStarted && owed.isEmpty) {
      consider(readStart + limits.readTimeout.timeAmount, .read)
    } else if owed.isEmpty && !writing && pendingWrites == 0 {
      consider(idleSince + limits.idleTimeout.timeAmount, .idle)
    }
    return next
  }

  private enum Timeout { case idle, read, write }

  /// Schedules the check of the next timeout, when it is sooner than the one scheduled.
  private func armTimer() {
    guard let context, let next = nextTimeout?.deadline else { return }
    if let timerDeadline, timerDeadline <= next, timer != nil { return }
    timer?.cancel()
    timerDeadline = next
    timer = context.eventLoop.assumeIsolatedUnsafeUnchecked().scheduleTask(deadline: next) { [self] in
      timer = nil
      timerDeadline = nil
      fire()
    }
  }

  private func fire() {
    guard let context, context.channel.isActive else { return }
    guard let (deadline, kind) = nextTimeout else { return }
    guard deadline <= .now() else {
      armTimer()
      return
    }
    switch kind {
    case .idle:
      metrics?.connectionClosed(reason: "idleTimeout")
      context.close(promise: nil)
    case .write:
      metrics?.connectionClosed(reason: "writeTimeout")
      context.close(promise: nil)
    case .read:
      metrics?.connectionClosed(reason: "readTimeout")
      let seconds =
        Double(limits.readTimeout.components.seconds)
        + Double(limits.readTimeout.components.attoseconds) / 1e18
      let error = ServiceError(
        .requestTimeout, "the request was not read within \(JSONValue.format(seconds)) s", limit: seconds)
      closing = true
      headStarted = false
      if !readingBody {
        // A head that never completed: the timeout is the connection's answer.
        answer(error, context: context)
      } else if owed.isEmpty || writing {
        // The request was (or is being) answered before its body came: nothing more to say.
        context.close(promise: nil)
      } else {
        // The request's handler is reading its body: the body fails with this error, and the
        // service answers it.
        readingBody = false
        context.fireErrorCaught(error)
        armTimer()
      }
    }
  }
}

/// At the front of a connection's pipeline: tells the ``ConnectionGuard`` when bytes come in,
/// so the read timeout of a request head starts at its first byte.
final class ReadActivity: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer
  private let connection: ConnectionGuard

  init(_ connection: ConnectionGuard) { self.connection = connection }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    connection.bytesArrived()
    context.fireChannelRead(data)
  }
}

@available(*, unavailable) extension ConnectionGuard: Sendable {}
@available(*, unavailable) extension ReadActivity: Sendable {}

extension Duration {
  /// The duration as NIO's `TimeAmount` (nanoseconds).
  var timeAmount: TimeAmount {
    let (seconds, attoseconds) = components
    return .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
  }
}
