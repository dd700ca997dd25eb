import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import SelfSizeServer
import Synchronization
import Testing

@Suite struct SelfSizeServerTests {
  static let twoTexts = jsonText([
    "texts": [["id": "a", "text": "Hello, world! 你好，世界。"], ["id": "7", "text": "Second text"]],
    "widths": [150, 343], "style": ["fontSize": 15, "lineHeight": 21],
  ])

  @Test func healthAnswersOK() async throws {
    try await Fixture.withClient { client, _ in
      let response = try await client.get("/healthz")
      #expect(response.status == .ok)
      #expect(response.text == "{\"status\":\"ok\"}\n")
    }
  }

  @Test func textMeasuresEveryTextAtEveryWidthInOrder() async throws {
    try await Fixture.withClient { client, _ in
      let response = try await client.post("/v1/text", Self.twoTexts)
      #expect(response.status == .ok)
      #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
      let results = response.results
      #expect(results.map { $0["id"] as? String } == ["a", "a", "7", "7"])
      #expect(results.map { $0["width"] as? Double } == [150, 343, 150, 343])
      for result in results {
        #expect((result["lineCount"] as? Int ?? 0) >= 1)
        #expect(result["height"] as? Double == Double(result["lineCount"] as? Int ?? 0) * 21)
      }
      #expect(response.headers[.init("X-SelfSize-Results")!] == "4")
      #expect(response.headers[.init("X-SelfSize-Item-Errors")!] == "0")
    }
  }

  @Test func textStyleChangesTheAnswer() async throws {
    try await Fixture.withClient { client, _ in
      let body = { (style: [String: Any]) in
        jsonText([
          "texts": [["id": "x", "text": "A long enough sentence to wrap at a narrow width."]],
          "widths": [120], "style": style,
        ])
      }
      let plain = try await client.post("/v1/text", body([:])).results[0]
      let bold = try await client.post(
        "/v1/text", body(["weight": "bold", "fontSize": 20, "lineHeight": "1.5x"])
      ).results[0]
      let capped = try await client.post("/v1/text", body(["maxLines": 1])).results[0]
      #expect(bold["lineCount"] as! Int > plain["lineCount"] as! Int)
      #expect(capped["lineCount"] as? Int == 1)
      #expect(capped["truncated"] as? Bool == true)
    }
  }

  @Test func everyRequestTakesAPlatform() async throws {
    try await Fixture.withClient { client, _ in
      func text(_ platform: String?) -> String {
        var body: [String: Any] = [
          "texts": [["id": "x", "text": "If you have to ask how much it is, you can't afford it."]],
          "widths": [150],
        ]
        if let platform { body["platform"] = platform }
        return jsonText(body)
      }
      // Three lines of Noto Sans CJK SC: 21 px on the web (the default), 22 in Flutter.
      let web = try await client.post("/v1/text", text(nil)).results[0]
      #expect(web["platform"] as? String == "web")
      #expect(web["height"] as? Double == 63)
      let flutter = try await client.post("/v1/text", text("flutter")).results[0]
      #expect(flutter["platform"] as? String == "flutter")
      #expect(flutter["height"] as? Double == 66)
      // 21 px on Android (17 + 4, no leading), and a TextView pads the first and last line.
      let android = try await client.post("/v1/text", text("android")).results[0]
      #expect(android["platform"] as? String == "android")
      #expect(android["height"] as? Double == 63)
      let unknown = try await client.post("/v1/text", text("android-tv"))
      #expect(unknown.status == .badRequest)
      #expect(unknown.text.contains("platform must be one of"))
      for name in ["web", "flutter", "android", "ios"] { #expect(unknown.text.contains(name)) }
      let measure = try await client.post(
        "/v1/measure",
        jsonText([
          "template": "note-card", "platform": "ios", "widths": [170],
          "items": [["id": "n", "title": "t", "author": "me", "likes": 1]],
        ]))
      #expect(measure.status == .ok)
      #expect(measure.results.first?["platform"] as? String == "ios")
    }
  }

  /// `"androidStyle": "textview"` pads the first and last lines (63 + 11 + 12 px) on the android
  /// platform and is a bad request on another.
  @Test func theAndroidStyleIsAndroidsOnly() async throws {
    try await Fixture.withClient { client, _ in
      func text(_ platform: String) -> String {
        jsonText([
          "texts": [["id": "x", "text": "If you have to ask how much it is, you can't afford it."]],
          "widths": [150], "platform": platform, "style": ["androidStyle": "textview"],
        ])
      }
      let textView = try await client.post("/v1/text", text("android")).results[0]
      #expect(textView["height"] as? Double == 86)
      let web = try await client.post("/v1/text", text("web"))
      #expect(web.status == .badRequest)
      #expect(web.text.contains("androidStyle"))
      #expect(web.text.contains("android"))
    }
  }

  /// `"flutterRoundingHack": false` keeps a fractional width on the flutter platform (117.765 px
  /// of text on one line at 117.99 px, two with the hack on) and is a bad request on another.
  @Test func theRoundingHackIsFluttersOnly() async throws {
    try await Fixture.withClient { client, _ in
      func text(_ platform: String, _ hack: Any) -> String {
        jsonText([
          "texts": [["id": "x", "text": "Hello wide world"]], "widths": [117.99], "platform": platform,
          "style": ["flutterRoundingHack": hack],
        ])
      }
      #expect(try await client.post("/v1/text", text("flutter", false)).results[0]["lineCount"] as? Int == 1)
      #expect(try await client.post("/v1/text", text("flutter", true)).results[0]["lineCount"] as? Int == 2)
      let web = try await client.post("/v1/text", text("web", false))
      #expect(web.status == .badRequest)
      #expect(web.text.contains("flutterRoundingHack"))
      #expect(web.text.contains("flutter"))
      let notBoolean = try await client.post("/v1/text", text("flutter", "off"))
      #expect(notBoolean.status == .badRequest)
      #expect(notBoolean.text.contains("true or false"))
    }
  }

  /// `"textSpacingTrim": "normal"` trims fullwidth marks as Chromium does by default (the `」`
  /// at the end of `一二三四五」` fits at 89.99 px) and is a bad request on another platform.
  @Test func textSpacingTrimIsTheWebs() async throws {
    try await Fixture.withClient { client, _ in
      func text(_ platform: String, _ trim: String) -> String {
        jsonText([
          "texts": [["id": "x", "text": "一二三四五」「六"]], "widths": [89.99], "platform": platform,
          "style": ["textSpacingTrim": trim],
        ])
      }
      #expect(try await client.post("/v1/text", text("web", "normal")).results[0]["breaks"] as? [Int] == [6])
      #expect(
        try await client.post("/v1/text", text("web", "space-all")).results[0]["breaks"] as? [Int] == [4])
      let flutter = try await client.post("/v1/text", text("flutter", "normal"))
      #expect(flutter.status == .badRequest)
      #expect(flutter.text.contains("textSpacingTrim"))
      let unknown = try await client.post("/v1/text", text("web", "trim-all"))
      #expect(unknown.status == .badRequest)
      #expect(unknown.text.contains("space-all"))
      let balanced = try await client.post(
        "/v1/text",
        jsonText([
          "texts": [["id": "x", "text": "入，］：〔’［いサオ题。些）（〔！少理计义或角セ九"]], "widths": [118],
          "platform": "web", "style": ["textSpacingTrim": "normal", "textWrap": "balance", "lineHeight": 21],
        ]))
      #expect(balanced.status == .ok)
      #expect(balanced.results.first?["breaks"] as? [Int] == [8, 14, 20])
    }
  }

  /// An unknown `textWrap` or `androidStyle` name is a bad request listing the names.
  @Test func anUnknownWrapOrAndroidStyleListsTheNames() async throws {
    try await Fixture.withClient { client, _ in
      for (key, name, listed) in [("textWrap", "even", "balance"), ("androidStyle", "flutter", "textview")] {
        let response = try await client.post(
          "/v1/text",
          jsonText([
            "texts": [["id": "x", "text": "a"]], "widths": [150], "platform": "web", "style": [key: name],
          ]))
        #expect(response.status == .badRequest)
        #expect(response.text.contains("style.\(key) must be"))
        #expect(response.text.contains("\\\"\(listed)\\\""))
        #expect(response.text.contains("got \\\"\(name)\\\""))
      }
    }
  }

  @Test func aBadTextIsReportedInPlaceAndTheRestMeasured() async throws {
    try await Fixture.withClient { client, _ in
      let body = jsonText([
        "texts": [
          ["id": "ok1", "text": "fine"], ["id": "bad"], ["text": "no id"], "not an object",
          ["id": "ok2", "text": "also fine"],
        ],
        "widths": [100, 200],
      ])
      let response = try await client.post("/v1/text", body)
      #expect(response.status == .ok)
      let results = response.results
      #expect(results.count == 10)
      #expect(
        results[0]["lineCount"] != nil && results[8]["lineCount"] != nil && results[9]["lineCount"] != nil)
      let bad = results[2]["error"] as? [String: Any]
      #expect(bad?["code"] as? String == "missingField")
      #expect((bad?["message"] as? String)?.contains("texts[1]") == true)
      #expect(results[2]["id"] as? String == "bad")
      #expect(results[3]["width"] as? Double == 200)
      #expect(results[4]["id"] is NSNull)
      #expect((results[6]["error"] as? [String: Any])?["code"] as? String == "notAnObject")
      #expect(response.headers[.init("X-SelfSize-Item-Errors")!] == "6")
    }
  }

  @Test(arguments: [
    ("{\"texts\": [}", "invalidJSON"),
    ("{\"widths\": [100]}", "invalidRequest"),
    ("{\"texts\": [], \"widths\": []}", "invalidRequest"),
    ("{\"texts\": [], \"widths\": [-1]}", "invalidRequest"),
    ("{\"texts\": [], \"widths\": [100], \"style\": {\"fontSize\": 0}}", "invalidRequest"),
    ("{\"texts\": [], \"widths\": [100], \"style\": {\"font\": 12}}", "invalidRequest"),
    ("{\"texts\": [], \"widths\": [100], \"colour\": 1}", "invalidRequest"),
    ("{\"texts\": [], \"widths\": [100], \"widths\": [200]}", "invalidRequest"),
    ("[1, 2]", "invalidRequest"),
    ("", "invalidJSON"),
  ])
  func malformedRequestsAre400WithAReason(body: String, code: String) async throws {
    try await Fixture.withClient { client, _ in
      let response = try await client.post("/v1/text", body)
      #expect(response.status == .badRequest)
      #expect(response.errorCode == code)
      #expect(!response.errorMessage.isEmpty)
    }
  }

  @Test(arguments: [
    (
      "/v1/text", #"{"texts": [], "widths": [100], "style": {"fontSize": 1e308}}"#,
      "style.fontSize 1e+308 is out of range"
    ),
    (
      "/v1/text", #"{"texts": [], "widths": [100], "style": {"lineHeight": 1e308}}"#,
      "style.lineHeight 1e+308 is out of range"
    ),
    (
      "/v1/text", #"{"texts": [], "widths": [100], "style": {"pixelScale": 1e-20}}"#,
      "style.pixelScale 1e-20 is out of range"
    ),
    (
      "/v1/text", #"{"texts": [], "widths": [100], "style": {"language": "en;x"}}"#,
      "style.language must be a BCP 47 language tag"
    ),
    ("/v1/text", #"{"texts": [], "widths": [1e308]}"#, "widths[0] must be a number above 0"),
    (
      "/v1/layout", #"{"template": "note-card", "items": [], "collectionWidth": 1e308}"#,
      "collectionWidth 1e+308 is out of range"
    ),
    (
      "/v1/layout", #"{"template": "note-card", "items": [], "lineSpacing": 1e308}"#,
      "lineSpacing 1e+308 is out of range"
    ),
    (
      "/v1/layout", #"{"template": "note-card", "items": [], "insets": [1e308, 0, 0, 0]}"#,
      "insets must be four numbers"
    ),
  ])
  func outOfRangeNumbersAre400sNamingTheField(path: String, body: String, message: String) async throws {
    try await Fixture.withClient { client, _ in
      let response = try await client.post(path, body)
      #expect(response.status == .badRequest)
      #expect(response.errorCode == "invalidRequest")
      #expect(response.errorMessage.contains(message), "\(response.errorMessage)")
    }
  }

  @Test func malformedJSONNamesLineAndColumn() async throws {
    try await Fixture.withClient { client, _ in
      let response = try await client.post(
        "/v1/text", "{\n  \"texts\": [\n    {\"id\": \"a\" \"text\": \"b\"}\n]}")
      #expect(response.status == .badRequest)
      let error = response.json["error"] as? [String: Any]
      #expect(error?["code"] as? String == "invalidJSON")
      #expect(error?["line"] as? Int == 3)
      #expect(error?["column"] as? Int == 16)
      #expect(response.errorMessage.contains("line 3, column 16"))
    }
  }

  @Test func limitsAreEnforcedAndNamed() async throws {
    let limits = ServerLimits(maximumBodyBytes: 2_000, maximumItems: 3, maximumWidths: 2)
    try await Fixture.withClient(limits: limits) { client, _ in
      let texts = (0..<4).map { ["id": "t\($0)", "text": "x"] }
      let items = try await client.post("/v1/text", jsonText(["texts": texts, "widths": [100]]))
      #expect(items.status == .badRequest)
      #expect(items.errorCode == "tooManyItems")
      #expect((items.json["error"] as? [String: Any])?["limit"] as? Int == 3)
      #expect(items.errorMessage.contains("limit is 3"))
      let widths = try await client.post("/v1/text", jsonText(["texts": [], "widths": [1, 2, 3]]))
      #expect(widths.status == .badRequest)
      #expect(widths.errorCode == "tooManyWidths")
      #expect((widths.json["error"] as? [String: Any])?["limit"] as? Int == 2)
      let big = try await client.post(
        "/v1/text",
        jsonText(["texts": [["id": "a", "text": String(repeating: "x", count: 3_000)]], "widths": [100]]))
      #expect(big.status == .contentTooLarge)
      #expect(big.errorCode == "bodyTooLarge")
      #expect((big.json["error"] as? [String: Any])?["limit"] as? Int == 2_000)
      let measure = try await client.post(
        "/v1/measure", jsonText(["template": "note-card", "items": texts, "widths": [100]]))
      #expect(measure.errorCode == "tooManyItems")
      let layout = try await client.post(
        "/v1/layout",
        jsonText(["template": "note-card", "pages": [Array(texts.prefix(2)), Array(texts.prefix(2))]]))
      #expect(layout.errorCode == "tooManyItems")
    }
  }

  @Test func aPassedDeadlineIs503() async throws {
    try await Fixture.withClient(limits: ServerLimits(deadline: .nanoseconds(1))) { client, _ in
      for (path, body) in [
        ("/v1/text", Self.twoTexts),
        ("/v1/measure", jsonText(["template": "note-card", "items": [["id": "a"]], "widths": [100]])),
        ("/v1/layout", jsonText(["template": "note-card", "items": [["id": "a"]]])),
      ] {
        let response = try await client.post(path, body)
        #expect(response.status == .serviceUnavailable)
        #expect(response.errorCode == "deadlineExceeded")
      }
    }
  }

  @Test func measureUsesNamedAndInlineTemplates() async throws {
    let template = try String(contentsOfFile: Fixture.examples + "/text-post.template.json", encoding: .utf8)
    let items = Array(Fixture.feedLines.prefix(3))
    try await Fixture.withClient { client, _ in
      let named = try await client.post(
        "/v1/measure",
        "{\"template\": \"text-post\", \"items\": [\(items.joined(separator: ","))], \"widths\": [170, 343]}")
      let inline = try await client.post(
        "/v1/measure",
        "{\"template\": \(template), \"items\": [\(items.joined(separator: ","))], \"widths\": [170, 343]}")
      #expect(named.status == .ok)
      #expect(named.results.count == 6)
      #expect(
        named.results.map { $0["id"] as? String } == [
          "note-0001", "note-0001", "note-0002", "note-0002", "note-0003", "note-0003",
        ])
      #expect(named.text == inline.text)
      let card = try await client.post(
        "/v1/measure", "{\"template\": \"note-card\", \"items\": [\(items[0])], \"widths\": [170]}")
      #expect(card.results[0]["height"] as? Double != named.results[0]["height"] as? Double)
    }
  }

  @Test func measureReportsBadItemsInPlace() async throws {
    try await Fixture.withClient { client, _ in
      let body =
        "{\"template\": \"note-card\", \"items\": [\(Fixture.feedLines[0]), {\"title\": \"no id\"}, {\"id\": \"x\", \"likes\": [1]}, \(Fixture.feedLines[1])], \"widths\": [170]}"
      let response = try await client.post("/v1/measure", body)
      #expect(response.status == .ok)
      let results = response.results
      #expect(results.count == 4)
      #expect(results[0]["height"] != nil && results[3]["height"] != nil)
      #expect((results[1]["error"] as? [String: Any])?["code"] as? String == "missingID")
      #expect(((results[1]["error"] as? [String: Any])?["message"] as? String)?.hasPrefix("items[1]") == true)
      #expect(results[2]["error"] != nil)
      #expect(results[2]["id"] as? String == "x")
    }
  }

  @Test(arguments: [
    ("{\"template\": \"nope\", \"items\": [], \"widths\": [100]}", "unknownTemplate"),
    ("{\"template\": {\"stack\": 5}, \"items\": [], \"widths\": [100]}", "invalidTemplate"),
    ("{\"template\": 3, \"items\": [], \"widths\": [100]}", "invalidRequest"),
    ("{\"items\": [], \"widths\": [100]}", "invalidRequest"),
    ("{\"template\": \"note-card\", \"items\": [], \"widths\": [1e400]}", "invalidJSON"),
    ("{\"template\": \"note-card\", \"items\": [], \"widths\": [\"inf\"]}", "invalidRequest"),
  ])
  func measureRejectsBadRequests(body: String, code: String) async throws {
    try await Fixture.withClient { client, _ in
      let response = try await client.post("/v1/measure", body)
      #expect(response.status == .badRequest)
      #expect(response.errorCode == code)
    }
  }

  @Test func layoutReturnsTheWaterfallAndItsFailures() async throws {
    let items = Fixture.feedLines.prefix(10).joined(separator: ",")
    try await Fixture.withClient { client, _ in
      let response = try await client.post(
        "/v1/layout",
        "{\"template\": \"note-card\", \"items\": [\(items), {\"id\": \"note-0001\"}], \"columns\": 3, \"insets\": [4, 4, 4, 4]}"
      )
      #expect(response.status == .ok)
      let layout = response.json["layout"] as? [String: Any]
      #expect((layout?["items"] as? [Any])?.count == 10)
      #expect((layout?["columnHeights"] as? [Any])?.count == 3)
      #expect(layout?["errors"] as? Int == 1)
      let failures = response.json["failures"] as? [[String: Any]]
      #expect(failures?.count == 1)
      #expect(failures?.first.map { "\($0)" }?.contains("note-0001") == true)
      let paged = try await client.post(
        "/v1/layout",
        "{\"template\": \"note-card\", \"pages\": [[\(Fixture.feedLines.prefix(4).joined(separator: ","))], [\(Fixture.feedLines[4...6].joined(separator: ","))]]}"
      )
      let pages = (paged.json["layout"] as? [String: Any])?["pages"] as? [[String: Any]]
      #expect(pages?.map { $0["source"] as? String } == ["pages[0]", "pages[1]"])
      #expect(pages?.map { $0["measured"] as? Int } == [4, 3])
    }
  }

  @Test(arguments: [
    "{\"template\": \"note-card\"}",
    "{\"template\": \"note-card\", \"items\": [], \"pages\": []}",
    "{\"template\": \"note-card\", \"items\": [], \"collectionWidth\": 10, \"columns\": 2, \"columnSpacing\": 8}",
    "{\"template\": \"note-card\", \"items\": [], \"columns\": 0}",
    "{\"template\": \"note-card\", \"items\": [], \"columns\": 1e12}",
    "{\"template\": \"note-card\", \"items\": [], \"insets\": [1, 2]}",
    "{\"template\": \"note-card\", \"pages\": [5]}",
  ])
  func layoutRejectsBadSettings(body: String) async throws {
    try await Fixture.withClient { client, _ in
      let response = try await client.post("/v1/layout", body)
      #expect(response.status == .badRequest)
      #expect(response.errorCode == "invalidRequest")
    }
  }

  @Test func fontsReportsTheChainAtASize() async throws {
    try await Fixture.withClient { client, _ in
      let response = try await client.get("/v1/fonts?size=20")
      #expect(response.status == .ok)
      #expect(response.json["size"] as? Double == 20)
      let regular = (response.json["chains"] as? [String: Any])?["regular"] as? [[String: Any]]
      #expect(regular?.first?["role"] as? String == "primary")
      for bad in ["0", "abc", "-3", "inf"] {
        let rejected = try await client.get("/v1/fonts?size=\(bad)")
        #expect(rejected.status == .badRequest)
        #expect(rejected.errorCode == "invalidRequest")
      }
    }
  }

  @Test func unknownRoutesAndMethodsAreJSONErrors() async throws {
    try await Fixture.withClient { client, _ in
      let missing = try await client.get("/v2/nothing")
      #expect(missing.status == .notFound)
      #expect(missing.errorCode == "notFound")
      let wrongMethod = try await client.get("/v1/text")
      #expect(wrongMethod.status == .methodNotAllowed)
      #expect(wrongMethod.errorCode == "methodNotAllowed")
      #expect(wrongMethod.headers[HTTPField.Name("Allow")!] == "POST")
    }
  }

  @Test func metricsCountRequestsItemsAndCaches() async throws {
    try await Fixture.withClient { client, _ in
      _ = try await client.post("/v1/text", Self.twoTexts)
      _ = try await client.post("/v1/text", Self.twoTexts)
      _ = try await client.post("/v1/text", "{")
      let body = "{\"template\": \"note-card\", \"items\": [\(Fixture.feedLines[0])], \"widths\": [170]}"
      _ = try await client.post("/v1/measure", body)
      _ = try await client.post("/v1/measure", body)
      let response = try await client.get("/metrics")
      #expect(response.status == .ok)
      #expect(response.headers[.contentType]?.hasPrefix("text/plain") == true)
      let lines = Set(response.text.split(separator: "\n").map(String.init))
      func value(_ prefix: String) -> Double? {
        lines.first { $0.hasPrefix(prefix + " ") }.flatMap { Double($0.split(separator: " ").last!) }
      }
      #expect(value(#"selfsize_http_requests_total{endpoint="/v1/text",status="200"}"#) == 2)
      #expect(value(#"selfsize_http_requests_total{endpoint="/v1/text",status="400"}"#) == 1)
      #expect(value(#"selfsize_items_measured_total{endpoint="/v1/text"}"#) == 8)
      #expect(value(#"selfsize_items_measured_total{endpoint="/v1/measure"}"#) == 2)
      #expect(value(#"selfsize_cache_entries{cache="texts"}"#) == 2)
      #expect(value(#"selfsize_cache_hits_total{cache="texts"}"#) == 2)
      #expect(value(#"selfsize_cache_misses_total{cache="texts"}"#) == 2)
      #expect(value(#"selfsize_cache_entries{cache="cells"}"#) == 1)
      #expect(value(#"selfsize_cache_hits_total{cache="cells"}"#) == 1)
      #expect((value(#"selfsize_cache_bytes{cache="texts"}"#) ?? 0) > 0)
      #expect((value("selfsize_segment_cache_entries") ?? 0) > 0)
      #expect(response.text.contains(#"selfsize_http_request_duration_seconds_bucket{endpoint="/v1/text""#))
      #expect(response.text.contains("selfsize_missing_glyphs_total"))
    }
  }

  @Test func everyRequestIsLoggedWithItsOutcome() async throws {
    let lines = LogLines()
    var logger = Logger(label: "test") { label in JSONLogHandler(label: label, write: lines.append) }
    logger.logLevel = .info
    try await Fixture.withClient(logger: logger) { client, _ in
      _ = try await client.post("/v1/text", Self.twoTexts)
      _ = try await client.post("/v1/text", "{")
    }
    let records = lines.all.compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }.filter { $0["message"] as? String == "request" }
    #expect(records.count == 2)
    #expect(records.first?["path"] as? String == "/v1/text")
    #expect(records.first?["status"] as? String == "200")
    #expect(records.first?["results"] as? String == "4")
    #expect(records.first?["duration_ms"] != nil)
    #expect(records.last?["status"] as? String == "400")
    #expect(records.last?["error_code"] as? String == "invalidJSON")
  }
}

/// Collects log lines written from any thread.
final class LogLines: Sendable {
  private let lines = Mutex<[String]>([])
  var all: [String] { lines.withLock { $0 } }
  var append: @Sendable (String) -> Void { { line in self.lines.withLock { $0.append(line) } } }
}
