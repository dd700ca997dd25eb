import Foundation
import HTTPTypes
import HummingbirdTesting
import SelfSizeServer
import Testing

@Suite struct ConcurrencyTests {
  /// A mix of requests over overlapping texts and items, so parallel requests share cache entries.
  static let requests: [(String, String)] = (0..<24).map { index in
    let lines = Fixture.feedLines
    let start = index * 2
    switch index % 3 {
    case 0:
      return (
        "/v1/measure",
        "{\"template\": \"note-card\", \"items\": [\(lines[start..<start + 12].joined(separator: ","))], \"widths\": [170, 343]}"
      )
    case 1:
      let texts = (start..<start + 12).map {
        #"{"id": "t\#($0)", "text": "Paragraph \#($0 % 7): 你好，世界。 A line that wraps."}"#
      }
      return (
        "/v1/text",
        "{\"texts\": [\(texts.joined(separator: ","))], \"widths\": [120, 200], \"style\": {\"lineHeight\": 21}}"
      )
    default:
      return (
        "/v1/layout",
        "{\"template\": \"text-post\", \"items\": [\(lines[start..<start + 12].joined(separator: ","))], \"columns\": 2}"
      )
    }
  }

  /// Bodies compare, not times: the deadline is far beyond any build's speed (72 requests queued
  /// at once in a ThreadSanitizer build have taken over 10 s, the default, to be answered), and
  /// all 72 are let in at once (the default lets 16 measure and answers the rest 503).
  static let limits = ServerLimits(deadline: .seconds(600), maximumConcurrentRequests: 100)

  @Test func parallelRequestsAnswerAsSerialOnes() async throws {
    let serial = try await Fixture.withClient(limits: Self.limits, jobs: 1) { client, _ in
      var bodies: [String] = []
      for (path, body) in Self.requests { bodies.append(try await client.post(path, body).text) }
      return bodies
    }
    #expect(Set(serial).count == Self.requests.count)
    let parallel = try await Fixture.withClient(limits: Self.limits, jobs: 4) { client, _ in
      try await withThrowingTaskGroup(of: (Int, String).self) { group in
        for _ in 0..<3 {
          for (index, (path, body)) in Self.requests.enumerated() {
            group.addTask { (index, try await client.post(path, body).text) }
          }
        }
        var bodies = Array(repeating: [String](), count: Self.requests.count)
        for try await (index, body) in group { bodies[index].append(body) }
        return bodies
      }
    }
    for (index, bodies) in parallel.enumerated() {
      #expect(bodies.count == 3)
      #expect(bodies.allSatisfy { $0 == serial[index] }, "request \(index) (\(Self.requests[index].0))")
    }
  }
}
