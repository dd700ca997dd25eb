import ArgumentParser
import Foundation
import Logging
import SelfSizeServer
import SelfSizingCore
import SelfSizingResources
import Synchronization
import TextEngine

struct ServeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract:
      "Serve the measurements over HTTP (POST /v1/text, /v1/measure, /v1/layout; GET /v1/fonts, /healthz, /metrics).",
    discussion: """
      Answers with the same JSON objects the text, measure and layout commands print (see \
      openapi.yaml). Templates for /v1/measure and /v1/layout are named by file from --templates \
      (NAME.template.json → "NAME"; default: the bundled examples) or given inline. SIGTERM or \
      SIGINT stops accepting connections and lets the requests in flight finish (within \
      --shutdown-timeout). One JSON log record per request goes to stderr.

      Under abuse: measuring requests beyond --max-requests, or answers beyond --max-response-mb \
      in memory, get 503 "overloaded" with Retry-After; connections beyond --max-connections \
      close the one idle longest; idle connections close after --idle-timeout, requests not read \
      within --read-timeout get 408, answers not read for --write-timeout close the connection.

      Example: selfsize serve --port 8080 --templates Examples --jobs 2
      """)

  enum LogFormat: String, ExpressibleByArgument, CaseIterable { case json, text }

  @Option(help: "TCP port (0: any free port, printed on stdout).") var port: Int
  @Option(help: "Address to listen on.") var host = "127.0.0.1"
  @Option(help: "Folder of card templates (NAME.template.json), offered by name.") var templates: String?
  @Option(help: "Worker threads measuring requests (default: the number of cores).")
  var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
  @Option(name: .customLong("max-body-bytes"), help: "Largest request body in bytes (larger: 413).")
  var maxBodyBytes: Int = 1 << 20
  @Option(name: .customLong("max-items"), help: "Most texts or items per request (more: 400).")
  var maxItems: Int = 1_000
  @Option(name: .customLong("max-widths"), help: "Most widths per request (more: 400).")
  var maxWidths: Int = 16
  @Option(help: "Seconds one request may take (longer: 503).") var deadline: Double = 10
  @Option(name: .customLong("cache-entries"), help: "Prepared texts and prepared cells kept (each).")
  var cacheEntries: Int = 20_000
  @Option(
    name: .customLong("cache-mb"), help: "Estimated megabytes of prepared texts and of cells kept (each).")
  var cacheMegabytes: Int = 64
  @Option(
    name: .customLong("template-cache-mb"), help: "Estimated megabytes of compiled inline templates kept.")
  var templateCacheMegabytes: Int = 16
  @Option(
    name: .customLong("max-requests"),
    help: "Measuring requests handled at once, waiting for a worker included (more: 503 overloaded).")
  var maxRequests: Int = 16
  @Option(
    name: .customLong("max-response-mb"),
    help: "Megabytes of answers in memory at once, being written included (more: 503 overloaded).")
  var maxResponseMegabytes: Int = 128
  @Option(name: .customLong("max-header-bytes"), help: "Largest request head in bytes (larger: 431).")
  var maxHeaderBytes: Int = 64 << 10
  @Option(
    name: .customLong("max-connections"),
    help: ArgumentHelp(
      "Open connections; past it the one idle longest is closed (default: the open-file limit less 64, at most 4096).",
      valueName: "count"))
  var maxConnections: Int = ServerLimits.defaultMaximumConnections
  @Option(
    name: .customLong("idle-timeout"), help: "Seconds a connection may wait for a request (then closed).")
  var idleTimeout: Double = 30
  @Option(
    name: .customLong("read-timeout"),
    help: "Seconds a request's head (from its first byte) and then its body may take to arrive (longer: 408)."
  )
  var readTimeout: Double = 10
  @Option(
    name: .customLong("write-timeout"),
    help: "Seconds writing an answer may make no progress (a client not reading: closed).")
  var writeTimeout: Double = 30
  @Option(
    name: .customLong("shutdown-timeout"),
    help: "Seconds SIGTERM/SIGINT lets requests in flight finish before closing the connections left.")
  var shutdownTimeout: Double = 20
  @Option(name: .customLong("log-format"), help: "Request log on stderr: json or text.") var logFormat:
    LogFormat =
      .json
  @OptionGroup var fontOptions: FontOptions

  func validate() throws {
    guard (0...65535).contains(port) else { throw ValidationError("--port must be 0…65535, got \(port)") }
    guard jobs >= 1, jobs <= 256 else { throw ValidationError("--jobs must be 1…256, got \(jobs)") }
    for (name, value) in [
      ("--max-body-bytes", maxBodyBytes), ("--max-items", maxItems), ("--max-widths", maxWidths),
      ("--cache-entries", cacheEntries), ("--cache-mb", cacheMegabytes),
      ("--template-cache-mb", templateCacheMegabytes), ("--max-requests", maxRequests),
      ("--max-response-mb", maxResponseMegabytes), ("--max-header-bytes", maxHeaderBytes),
      ("--max-connections", maxConnections),
    ] where value < 1 {
      throw ValidationError("\(name) must be at least 1, got \(value)")
    }
    guard maxConnections <= ServerLimits.connectionDescriptors else {
      throw ValidationError(
        "--max-connections must be at most the open-file limit less 64 (\(ServerLimits.connectionDescriptors)), got \(maxConnections); raise ulimit -n for more"
      )
    }
    for (name, value) in [
      ("--cache-mb", cacheMegabytes), ("--template-cache-mb", templateCacheMegabytes),
      ("--max-response-mb", maxResponseMegabytes),
    ] where value > 1 << 20 {
      throw ValidationError("\(name) must be at most 1048576, got \(value)")
    }
    for (name, value) in [
      ("--deadline", deadline), ("--idle-timeout", idleTimeout), ("--read-timeout", readTimeout),
      ("--write-timeout", writeTimeout), ("--shutdown-timeout", shutdownTimeout),
    ] where !(value.isFinite && value > 0 && value <= 86_400) {
      throw ValidationError("\(name) must be a number of seconds in (0, 86400], got \(value)")
    }
  }

  func run() throws {
    let fontWarnings = try fontOptions.resolve().warnings
    let measurer = try fontOptions.measurer()
    let library: TemplateLibrary
    do {
      library = try TemplateLibrary(directory: templates ?? SelfSizingResources.examplesDirectory())
    } catch let error as TemplateLibraryError {
      throw ValidationError("--templates: \(error.description)")
    } catch let error as ResourceError {
      throw ValidationError(error.message)
    }
    func duration(_ seconds: Double) -> Duration { .milliseconds(Int64((seconds * 1000).rounded())) }
    let limits = ServerLimits(
      maximumBodyBytes: maxBodyBytes, maximumItems: maxItems, maximumWidths: maxWidths,
      deadline: duration(deadline), textCacheCount: cacheEntries, textCacheBytes: cacheMegabytes << 20,
      cellCacheCount: cacheEntries, cellCacheBytes: cacheMegabytes << 20,
      templateCacheBytes: templateCacheMegabytes << 20, maximumConcurrentRequests: maxRequests,
      maximumResponseBytes: maxResponseMegabytes << 20, maximumHeaderBytes: maxHeaderBytes,
      maximumConnections: maxConnections, idleTimeout: duration(idleTimeout),
      readTimeout: duration(readTimeout),
      writeTimeout: duration(writeTimeout), shutdownTimeout: duration(shutdownTimeout))
    let service: MeasurementService
    do {
      service = try MeasurementService(
        measurer: measurer, library: library, limits: limits, fontWarnings: fontWarnings)
    } catch {
      throw ValidationError("template \(error.description)")
    }
    let format = logFormat
    LoggingSystem.bootstrap { label in
      format == .json
        ? JSONLogHandler(label: label) as any LogHandler : StreamLogHandler.standardError(label: label)
    }
    let logger = Logger(label: "selfsize.serve")
    let server = SelfSizeServer(service: service, jobs: jobs)
    let host = host
    let port = port
    let templateNames = library.names
    try runBlocking {
      try await server.run(host: host, port: port, logger: logger) { bound in
        // A lost announcement (a closed or full standard output) is logged, never fatal: the
        // service keeps serving.
        do {
          try OutputFile.write(Data("selfsize serve: listening on http://\(host):\(bound)\n".utf8), to: nil)
        } catch {
          logger.warning("cannot announce the address on standard output: \(error)")
        }
        logger.info(
          "listening",
          metadata: [
            "host": "\(host)", "port": "\(bound)", "templates": "\(templateNames.joined(separator: ","))",
          ])
      }
    }
  }
}

/// Runs `body` on the concurrency runtime and waits for it (the root command is synchronous).
private func runBlocking(_ body: @escaping @Sendable () async throws -> Void) throws {
  let outcome = Locked<Result<Void, any Error>?>(nil)
  let done = DispatchSemaphore(value: 0)
  Task.detached {
    do {
      try await body()
      outcome.withLock { $0 = .success(()) }
    } catch {
      outcome.withLock { $0 = .failure(error) }
    }
    done.signal()
  }
  done.wait()
  try outcome.withLock { $0! }.get()
}
