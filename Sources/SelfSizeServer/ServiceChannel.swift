import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 child channel with the service's connection discipline added: a
/// ``ConnectionGuard`` between NIO's HTTP/1 decoder and Hummingbird's codec, a ``ReadActivity``
/// at the front of the pipeline, and the connection in the ``ConnectionRegistry``.
struct ServiceChannel: ServerChildChannel {
  typealias Value = HTTP1Channel.Value

  let http1: HTTP1Channel
  let limits: ServerLimits
  let registry: ConnectionRegistry
  let metrics: ServiceMetrics
  let work: WorkInFlight

  init(
    responder: @escaping HTTPChannelHandler.Responder, limits: ServerLimits, registry: ConnectionRegistry,
    metrics: ServiceMetrics, work: WorkInFlight
  ) {
    http1 = HTTP1Channel(
      responder: responder,
      configuration: HTTP1Channel.Configuration(
        httpDecoderConfiguration: .init(
          maxHeaderFieldSize: limits.maximumHeaderBytes, maxHeaderListSize: limits.maximumHeaderBytes)))
    self.limits = limits
    self.registry = registry
    self.metrics = metrics
    self.work = work
  }

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    http1.setup(channel: channel, logger: logger).flatMapThrowing { value in
      let pipeline = channel.pipeline.syncOperations
      let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
      let connection = ConnectionGuard(limits: limits, registry: registry, metrics: metrics, work: work)
      try pipeline.addHandler(connection, position: .after(decoder))
      try pipeline.addHandler(ReadActivity(connection), position: .first)
      registry.add(channel)
      return value
    }
  }

  func handle(value: Value, logger: Logger) async {
    await http1.handle(value: value, logger: logger)
  }
}
