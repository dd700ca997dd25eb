import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// `/v1/layout` with spans, `"stableColumns"`, `"previous"` and `"format"` (issue #39): the same
/// answers as `selfsize layout`, and a 400 naming the field for bad settings.
@Suite struct LayoutSpanServiceTests {
  static func lines(spans: [Int: String]) -> [String] {
    Fixture.feedLines.prefix(30).enumerated().map { index, line in
      guard let span = spans[index] else { return line }
      return "{\"span\": \(span), " + line.dropFirst()
    }
  }

  @Test(arguments: ["json", "tanstack", "flashlist"])
  func formatsEqualSelfsizeLayout(format: String) async throws {
    let lines = Self.lines(spans: [3: "2", 7: "3", 11: "9"])
    let cli = try CLI.run(
      [
        "layout", "--template", Fixture.examples + "/note-card.template.json", "--items", "items",
        "--columns", "3",
        "--format", format,
      ], files: ["items": lines.joined(separator: "\n") + "\n"])
    #expect(cli.status == 0, "\(cli.stderr)")
    let expected = "{\"layout\":" + cli.stdout.trimmingCharacters(in: .newlines) + ",\"failures\":[]}\n"
    try await Fixture.withClient { client, _ in
      let response = try await client.post(
        "/v1/layout",
        "{\"template\": \"note-card\", \"items\": [\(lines.joined(separator: ","))], \"columns\": 3, \"format\": \"\(format)\"}"
      )
      #expect(response.text == expected)
    }
  }

  @Test func aBadSpanIsThatItemsFailure() async throws {
    let lines = Self.lines(spans: [4: "0", 6: "\"wide\""])
    try await Fixture.withClient { client, _ in
      let response = try await client.post(
        "/v1/layout", "{\"template\": \"note-card\", \"items\": [\(lines.joined(separator: ","))]}")
      #expect(response.status == .ok)
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
      let failures = try #require(object["failures"] as? [[String: String]])
      #expect(failures.map { $0["location"] } == ["items[4]", "items[6]"])
      #expect(
        failures[0]["message"]?.hasPrefix("id note-0005: span 0 is out of range") == true, "\(failures)")
      #expect(failures[1]["message"]?.contains("got string") == true)
      let layout = try #require(object["layout"] as? [String: Any])
      #expect((layout["items"] as? [Any])?.count == 28)
    }
  }

  @Test func stableColumnsAndPreviousColumns() async throws {
    let old = Array(Fixture.feedLines.prefix(30))
    let new = Array(Fixture.feedLines[30..<36])
    try await Fixture.withClient { client, _ in
      let first = try await client.post(
        "/v1/layout", "{\"template\": \"note-card\", \"items\": [\(old.joined(separator: ","))]}")
      let refreshed = "[\((new + old).joined(separator: ","))]"
      // The earlier answer as "previous": the columns the client shows are kept.
      let kept = try await client.post(
        "/v1/layout",
        "{\"template\": \"note-card\", \"items\": \(refreshed), \"stableColumns\": true, \"previous\": \(first.text)}"
      )
      #expect(kept.status == .ok)
      func columns(_ text: String) throws -> [String: Int] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let layout = try #require(object["layout"] as? [String: Any])
        let items = try #require(layout["items"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: items.map { ($0["id"] as! String, $0["column"] as! Int) })
      }
      let before = try columns(first.text)
      let after = try columns(kept.text)
      #expect(before.allSatisfy { after[$0.key] == $0.value })
      // Another column count: placed afresh, and the page says so.
      let reset = try await client.post(
        "/v1/layout",
        "{\"template\": \"note-card\", \"items\": \(refreshed), \"columns\": 3, \"stableColumns\": true, \"previous\": \(first.text)}"
      )
      #expect(reset.text.contains("\"kind\":\"initial/columns-reset\""))
    }
  }

  @Test(arguments: [
    (#""format": "csv""#, "format must be \"json\", \"tanstack\" or \"flashlist\""),
    (#""format": 3"#, "format must be a string"),
    (#""stableColumns": "yes""#, "stableColumns must be true or false, got string"),
    (#""previous": {"items": []}"#, "previous is for \"stableColumns\": true"),
    (#""stableColumns": true, "previous": {"items": []}"#, "previous: not a waterfall layout"),
    (
      #""stableColumns": true, "previous": {"columnHeights": [1], "items": [{"id": "a", "column": -1}]}"#,
      "previous: items[0]: column -1 is out of range"
    ),
  ])
  func badSettingsAre400sNamingTheField(settings: String, message: String) async throws {
    try await Fixture.withClient { client, _ in
      let response = try await client.post(
        "/v1/layout", "{\"template\": \"note-card\", \"items\": [], \(settings)}")
      #expect(response.status == .badRequest)
      #expect(response.errorMessage.contains(message), "\(response.errorMessage)")
    }
  }
}
