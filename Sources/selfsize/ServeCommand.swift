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
      SIGINT stops accepting connections and lets the requests in flight finish. One JSON log \
      record per request goes to stderr.

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
    ] where value < 1 {
      throw ValidationError("\(name) must be at least 1, got \(value)")
    }
    guard cacheMegabytes <= 1 << 20 else { throw ValidationError("--cache-mb must be at most 1048576") }
    guard deadline.isFinite, deadline > 0, deadline <= 86_400 else {
      throw ValidationError("--deadline must be a number of seconds in (0, 86400], got \(deadline)")
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
    let limits = ServerLimits(
      maximumBodyBytes: maxBodyBytes, maximumItems: maxItems, maximumWidths: maxWidths,
      deadline: .milliseconds(Int64((deadline * 1000).rounded())), textCacheCount: cacheEntries,
      textCacheBytes: cacheMegabytes << 20, cellCacheCount: cacheEntries, cellCacheBytes: cacheMegabytes << 20
    )
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
        FileHandle.standardOutput.write(Data("selfsize serve: listening on http://\(host):\(bound)\n".utf8))
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
