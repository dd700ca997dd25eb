import Foundation
import HTTPTypes
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `selfsize serve` as a process: it listens, answers, and on SIGTERM lets the requests in
/// flight finish before it exits 0.
@Suite(.serialized) struct ServeCommandTests {
  /// A running `selfsize serve --port 0` and the port it printed.
  final class Server: @unchecked Sendable {
    let process = Process()
    let port: Int
    let errors: URL
    /// A session of its own: `URLSession.shared` is shared with every other test in the process,
    /// and under a loaded full run its connections to 127.0.0.1 could queue this test's requests
    /// (the polls of `/metrics` included) for minutes.
    let session: URLSession = {
      let configuration = URLSessionConfiguration.ephemeral
      configuration.httpMaximumConnectionsPerHost = 16
      return URLSession(configuration: configuration)
    }()

    init(_ arguments: [String] = []) throws {
      errors = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID()).log")
      try #require(FileManager.default.createFile(atPath: errors.path, contents: nil))
      let output = Pipe()
      process.executableURL = CLI.executable
      process.arguments = ["serve", "--port", "0"] + arguments
      process.standardOutput = output
      process.standardError = try FileHandle(forWritingTo: errors)
      try process.run()
      var text = ""
      while !text.contains("\n") {
        let data = output.fileHandleForReading.availableData
        guard !data.isEmpty else { break }
        text += String(decoding: data, as: UTF8.self)
      }
      guard let range = text.range(of: "http://127.0.0.1:"),
        let port = Int(text[range.upperBound...].prefix { $0.isNumber })
      else {
        process.terminate()
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "no port in \"\(text)\""])
      }
      self.port = port
    }

    func request(_ path: String, body: String? = nil) async throws -> (Int, String) {
      var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
      request.timeoutInterval = 120
      if let body {
        request.httpMethod = "POST"
        request.httpBody = Data(body.utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
      }
      let (data, response) = try await session.data(for: request)
      return ((response as! HTTPURLResponse).statusCode, String(decoding: data, as: UTF8.self))
    }

    /// The server's `selfsize_http_requests_in_flight` gauge, this request included.
    func requestsInFlight() async throws -> Int {
      let (_, metrics) = try await request("/metrics")
      let line = metrics.split(separator: "\n").first { $0.hasPrefix("selfsize_http_requests_in_flight ") }
      return line.flatMap { Double($0.split(separator: " ").last ?? "") }.map { Int($0) } ?? 0
    }

    func waitForExit() async -> Int32 {
      while process.isRunning { try? await Task.sleep(for: .milliseconds(20)) }
      return process.terminationStatus
    }
  }

  @Test func servesAndLogsEachRequestAsJSON() async throws {
    let server = try Server()
    let (status, body) = try await server.request("/healthz")
    #expect(status == 200)
    #expect(body == "{\"status\":\"ok\"}\n")
    let (textStatus, text) = try await server.request(
      "/v1/text", body: #"{"texts": [{"id": "a", "text": "hello"}], "widths": [100]}"#)
    #expect(textStatus == 200)
    #expect(text.hasPrefix(#"{"results":[{"id":"a","width":100,"lineCount":1,"#))
    kill(server.process.processIdentifier, SIGINT)
    #expect(await server.waitForExit() == 0)
    let log = try String(contentsOf: server.errors, encoding: .utf8).split(separator: "\n")
    let records = log.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    #expect(records.count == log.count, "every log line is JSON")
    // (A /metrics poll left over from an earlier test whose server had the same port may land
    // here; only this test's requests are checked.)
    let requests = records.filter {
      $0["message"] as? String == "request" && $0["path"] as? String != "/metrics"
    }
    #expect(requests.map { $0["path"] as? String } == ["/healthz", "/v1/text"])
    #expect(requests.last?["results"] as? String == "1")
  }

  @Test func sigtermLetsRequestsInFlightFinish() async throws {
    let server = try Server([
      "--jobs", "1", "--deadline", "600", "--shutdown-timeout", "600", "--read-timeout", "600",
    ])
    // A request of 1,000 paragraphs (the item limit) at four widths, sent in two parts: SIGTERM
    // comes while it is in flight (its head read, its body still coming), so it cannot finish
    // before the signal however fast or loaded the machine is (the read timeout is long enough
    // for a loaded machine's polls).
    let texts = (0..<1_000).map { index in
      #"{"id": "p\#(index)", "text": "\#(String(repeating: "Paragraph \(index) of words that wrap 中文。 ", count: 12))"}"#
    }
    let body = Array("{\"texts\": [\(texts.joined(separator: ","))], \"widths\": [150, 170, 250, 343]}".utf8)
    let connection = try RawConnection(port: server.port)
    try connection.send(
      "POST /v1/text HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
    )
    try connection.send(bytes: Array(body[..<1_000]))
    let clock = ContinuousClock()
    let waitLimit = clock.now + .seconds(120)
    while try await server.requestsInFlight() < 2 {
      try #require(clock.now < waitLimit, "the request never was in flight")
      try await Task.sleep(for: .milliseconds(5))
    }
    kill(server.process.processIdentifier, SIGTERM)
    try connection.send(bytes: Array(body[1_000...]))
    let (response, closed) = await connection.readUntilClosed(within: .seconds(300))
    #expect(closed)
    #expect(response.status == 200)
    #expect(response.isComplete)
    #expect(response.body.components(separatedBy: "\"lineCount\"").count - 1 == 4_000)
    #expect(await server.waitForExit() == 0)
    await #expect(throws: (any Error).self) { try await server.request("/healthz") }
  }

  @Test func sigtermClosesAStalledUploadAtTheShutdownDeadline() async throws {
    // The read timeout would take ten minutes: the shutdown deadline (1 s) ends the upload.
    let server = try Server(["--read-timeout", "600", "--shutdown-timeout", "1"])
    let socket = try RawConnection(port: server.port)
    try socket.send("POST /v1/text HTTP/1.1\r\nHost: x\r\nContent-Length: 900000\r\n\r\n{\"texts\":")
    // The upload is in flight once the server counts it (with the /metrics request asking).
    let clock = ContinuousClock()
    let waitLimit = clock.now + .seconds(120)
    while try await server.requestsInFlight() < 2 {
      try #require(clock.now < waitLimit, "the upload never was in flight")
      try await Task.sleep(for: .milliseconds(5))
    }
    let signalled = clock.now
    kill(server.process.processIdentifier, SIGTERM)
    let (_, closed) = await socket.readUntilClosed(within: .seconds(120))
    #expect(closed, "the stalled upload's connection stayed open")
    #expect(await server.waitForExit() == 0)
    #expect(clock.now - signalled < .seconds(60), "SIGTERM took \(clock.now - signalled) to end the server")
  }

  @Test func badOptionsAreUsageErrors() throws {
    for arguments in [
      ["serve"], ["serve", "--port", "70000"], ["serve", "--port", "0", "--jobs", "0"],
      ["serve", "--port", "0", "--templates", "/nonexistent"],
      ["serve", "--port", "0", "--read-timeout", "0"],
      ["serve", "--port", "0", "--max-requests", "0"],
      ["serve", "--port", "0", "--max-connections", "99999999"],
    ] {
      let result = try CLI.run(arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(!result.stderr.isEmpty)
    }
  }
}
