import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import SelfSizeServer
import SelfSizingResources
import TextEngine

/// The bundled fonts and example templates, loaded once for every test.
enum Fixture {
  static let measurer = try! BundledFonts.measurer()
  static let library = try! TemplateLibrary(directory: SelfSizingResources.examplesDirectory())
  static let examples = try! SelfSizingResources.examplesDirectory()
  static let feedLines: [String] = try! String(contentsOfFile: examples + "/feed.jsonl", encoding: .utf8)
    .split(separator: "\n").map(String.init)

  /// A server over the bundled fonts and examples, with quiet logs.
  static func server(limits: ServerLimits = ServerLimits(), jobs: Int = 2) -> SelfSizeServer {
    let service = try! MeasurementService(measurer: measurer, library: library, limits: limits)
    return SelfSizeServer(service: service, jobs: jobs)
  }

  static var quietLogger: Logger {
    var logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
    logger.logLevel = .critical
    return logger
  }

  /// Runs `test` against a fresh server in process (HummingbirdTesting's router framework).
  static func withClient<Value: Sendable>(
    limits: ServerLimits = ServerLimits(), jobs: Int = 2, logger: Logger = quietLogger,
    _ test: @Sendable (any TestClientProtocol, SelfSizeServer) async throws -> Value
  ) async throws -> Value {
    let server = server(limits: limits, jobs: jobs)
    let application = server.makeApplication(host: "127.0.0.1", port: 0, logger: logger)
    do {
      let value = try await application.test(.router) { client in try await test(client, server) }
      try await server.shutdown()
      return value
    } catch {
      try? await server.shutdown()
      throw error
    }
  }
}

extension TestClientProtocol {
  /// POSTs `body` (JSON text) to `path`.
  func post(_ path: String, _ body: String) async throws -> TestResponse {
    try await execute(
      uri: path, method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: body))
  }

  func get(_ path: String) async throws -> TestResponse {
    try await execute(uri: path, method: .get)
  }
}

extension TestResponse {
  var text: String { String(buffer: body) }

  /// The body parsed with Foundation (an independent JSON reader).
  var json: [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
  }

  var results: [[String: Any]] { json["results"] as? [[String: Any]] ?? [] }

  var errorCode: String? { (json["error"] as? [String: Any])?["code"] as? String }

  var errorMessage: String { (json["error"] as? [String: Any])?["message"] as? String ?? "" }
}

/// Builds request bodies from Swift values with Foundation's writer.
func jsonText(_ value: Any) -> String {
  String(decoding: try! JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
}
