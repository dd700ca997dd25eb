import Feed
import Foundation
import HTTPTypes
import HummingbirdTesting
import SelfSizeServer
import Testing
import Yams

/// `openapi.yaml` matches the server: the same routes and methods, the same error codes, and
/// every response the server gives (examples, bad items, each error) fits the documented schema
/// for its status.
@Suite struct OpenAPITests {
  nonisolated(unsafe) static let document: [String: Any] = {
    let text = try! String(
      contentsOf: CLI.packageDirectory.appendingPathComponent("openapi.yaml"), encoding: .utf8)
    return plain(try! Yams.load(yaml: text)!) as! [String: Any]
  }()

  /// Yams' mappings with string keys.
  static func plain(_ value: Any) -> Any {
    if let mapping = value as? [AnyHashable: Any] {
      return Dictionary(uniqueKeysWithValues: mapping.map { ("\($0.key.base)", plain($0.value)) })
    }
    if let sequence = value as? [Any] { return sequence.map(plain) }
    return value
  }

  static var paths: [String: [String: Any]] { document["paths"] as! [String: [String: Any]] }

  static func operation(_ route: ServiceRoute) -> [String: Any] {
    paths[route.path]![route.method.lowercased()] as! [String: Any]
  }

  static func resolve(_ node: [String: Any]) -> [String: Any] {
    guard let reference = node["$ref"] as? String else { return node }
    var current: Any = document
    for part in reference.dropFirst(2).split(separator: "/") {
      current = (current as! [String: Any])[String(part)]!
    }
    return resolve(current as! [String: Any])
  }

  /// The documented schema of `route`'s response with `status`, nil when that status is not
  /// documented.
  static func responseSchema(_ route: ServiceRoute, status: Int) -> (
    mediaType: String, schema: [String: Any]
  )? {
    guard let responses = operation(route)["responses"] as? [String: Any],
      let response = responses[String(status)] as? [String: Any]
    else { return nil }
    let content = resolve(response)["content"] as! [String: Any]
    let (mediaType, media) = content.first!
    return (mediaType, (media as! [String: Any])["schema"] as! [String: Any])
  }

  @Test func documentsExactlyTheServersRoutes() {
    #expect(Set(Self.paths.keys) == Set(ServiceRoute.allCases.map(\.path)))
    for route in ServiceRoute.allCases {
      #expect(Set(Self.paths[route.path]!.keys) == [route.method.lowercased()], "\(route.path)")
    }
  }

  @Test func documentsEveryErrorCode() {
    let error = Self.resolve(["$ref": "#/components/schemas/Error"])
    let inner = (error["properties"] as! [String: Any])["error"] as! [String: Any]
    let code = (inner["properties"] as! [String: Any])["code"] as! [String: Any]
    #expect(Set(code["enum"] as! [String]) == Set(ServiceError.Code.allCases.map(\.rawValue)))
  }

  @Test(arguments: ServiceRoute.allCases)
  func examplesAnswerAsDocumented(route: ServiceRoute) async throws {
    try await Fixture.withClient { client, _ in
      let response: TestResponse
      if route.method == "POST" {
        let content = (Self.operation(route)["requestBody"] as! [String: Any])["content"] as! [String: Any]
        let example = (content["application/json"] as! [String: Any])["example"]!
        let body = String(decoding: try JSONSerialization.data(withJSONObject: example), as: UTF8.self)
        response = try await client.post(route.path, body)
      } else {
        response = try await client.get(route.path)
      }
      #expect(response.status == .ok)
      try Self.check(response, route: route)
    }
  }

  /// The documented request schema of a POST route.
  static func requestSchema(_ route: ServiceRoute) -> [String: Any] {
    let content = (operation(route)["requestBody"] as! [String: Any])["content"] as! [String: Any]
    return resolve((content["application/json"] as! [String: Any])["schema"] as! [String: Any])
  }

  /// The keys the server accepts in an object, read from its answer to an unknown key
  /// ("unknown field zzz; expected one of a, b, c").
  static func acceptedKeys(_ response: TestResponse) -> Set<String> {
    let message = (response.json["error"] as? [String: Any])?["message"] as? String ?? ""
    guard let range = message.range(of: "expected one of ") else { return [] }
    return Set(message[range.upperBound...].components(separatedBy: ", "))
  }

  @Test(arguments: ServiceRoute.allCases.filter { $0.method == "POST" })
  func requestSchemasAreTheFieldsTheServerReads(route: ServiceRoute) async throws {
    let schema = Self.requestSchema(route)
    let properties = Set((schema["properties"] as! [String: Any]).keys)
    let content = (Self.operation(route)["requestBody"] as! [String: Any])["content"] as! [String: Any]
    let example = (content["application/json"] as! [String: Any])["example"] as! [String: Any]
    let exampleText = String(decoding: try JSONSerialization.data(withJSONObject: example), as: UTF8.self)
    let errors = Self.validate(try JSONValue.parse(exampleText), schema, path: "$")
    #expect(errors.isEmpty, "the example of \(route.path) departs from its schema: \(errors)")
    var unknown = example
    unknown["zzz"] = 1
    let unknownBody = jsonText(unknown)
    let withoutRequired = (schema["required"] as? [String] ?? []).map { required in
      var without = example
      without[required] = nil
      return (required, jsonText(without))
    }
    var styled = example
    styled["style"] = ["zzz": 1]
    let styledBody = jsonText(styled)
    let style = Set(
      (Self.resolve(["$ref": "#/components/schemas/TextStyle"])["properties"] as! [String: Any]).keys)
    try await Fixture.withClient { client, _ in
      let response = try await client.post(route.path, unknownBody)
      #expect(response.status == .badRequest)
      #expect(Self.acceptedKeys(response) == properties, "\(route.path)")
      for (required, body) in withoutRequired {
        let missing = try await client.post(route.path, body)
        #expect(missing.status == .badRequest, "\(route.path) without \(required)")
        #expect(missing.errorCode == "invalidRequest", "\(route.path) without \(required)")
      }
      if route == .text {
        #expect(Self.acceptedKeys(try await client.post(route.path, styledBody)) == style)
      }
    }
  }

  /// Requests that fail in each documented way, per route.
  static let failures: [(ServiceRoute, String)] = [
    (.text, "{\"texts\": ["),
    (.text, "{\"texts\": [{\"id\": 1}, {\"id\": \"b\", \"text\": \"fine\"}], \"widths\": [100, \"inf\"]}"),
    (.text, "{\"texts\": [], \"widths\": [1, 2, 3, 4, 5]}"),
    (
      .text,
      "{\"texts\": [" + Array(repeating: "{\"id\": \"a\", \"text\": \"b\"}", count: 11).joined(separator: ",")
        + "], \"widths\": [1]}"
    ),
    (.text, "{\"texts\": [], \"widths\": [1], \"pad\": \"" + String(repeating: "x", count: 5_000) + "\"}"),
    (.measure, "{\"template\": \"none\", \"items\": [], \"widths\": [100]}"),
    (
      .measure,
      "{\"template\": \"note-card\", \"items\": [{\"id\": \"\"}, {\"id\": \"x\", \"title\": 5}], \"widths\": [100]}"
    ),
    (.measure, "{\"template\": {\"stack\": []}, \"items\": [], \"widths\": [100]}"),
    (.layout, "{\"template\": \"note-card\", \"items\": [{\"id\": \"a\"}, {\"id\": \"a\"}, {\"nope\": 1}]}"),
    (.layout, "{\"template\": \"note-card\", \"columns\": -1, \"items\": []}"),
    (.fonts, "size=-1"),
  ]

  @Test(arguments: 0..<failures.count)
  func failuresAnswerAsDocumented(index: Int) async throws {
    let (route, request) = Self.failures[index]
    try await Fixture.withClient(
      limits: ServerLimits(maximumBodyBytes: 4_000, maximumItems: 10, maximumWidths: 4)
    ) {
      client, _ in
      let response =
        route.method == "POST"
        ? try await client.post(route.path, request) : try await client.get("\(route.path)?\(request)")
      try Self.check(response, route: route)
    }
  }

  @Test func deadlineAndRoutingErrorsFitTheErrorSchema() async throws {
    try await Fixture.withClient(limits: ServerLimits(deadline: .nanoseconds(1))) { client, _ in
      let late = try await client.post(
        "/v1/measure", "{\"template\": \"note-card\", \"items\": [], \"widths\": [1]}")
      #expect(late.status == .serviceUnavailable)
      try Self.check(late, route: .measure)
      let schema = Self.resolve(["$ref": "#/components/schemas/Error"])
      for response in [try await client.get("/nowhere"), try await client.post("/healthz", "{}")] {
        let errors = Self.validate(try JSONValue.parse(response.text), schema, path: "$")
        #expect(errors.isEmpty, "\(errors)")
      }
    }
  }

  /// The response's status is documented for the route and its body fits the schema.
  static func check(_ response: TestResponse, route: ServiceRoute) throws {
    let status = Int(response.status.code)
    guard let (mediaType, schema) = responseSchema(route, status: status) else {
      Issue.record("\(route.method) \(route.path) answered \(status), which openapi.yaml does not document")
      return
    }
    #expect(response.headers[.contentType]?.hasPrefix(mediaType) == true)
    if mediaType == "application/json" {
      let errors = validate(try JSONValue.parse(response.text), schema, path: "$")
      #expect(errors.isEmpty, "\(route.path) \(status): \(errors.prefix(5))")
    }
  }

  /// The ways `value` departs from `schema` (the JSON Schema subset openapi.yaml uses).
  static func validate(_ value: JSONValue, _ node: [String: Any], path: String) -> [String] {
    let schema = resolve(node)
    var errors: [String] = []
    if let choices = schema["oneOf"] as? [[String: Any]] {
      let matches = choices.filter { validate(value, $0, path: path).isEmpty }.count
      if matches != 1 { errors.append("\(path): matches \(matches) of oneOf") }
    }
    if let constant = schema["const"] as? String, value != .string(constant) {
      errors.append("\(path): expected \(constant)")
    }
    if let allowed = schema["enum"] as? [String] {
      if case .string(let string) = value, allowed.contains(string) {
      } else {
        errors.append("\(path): \(value.serialized()) not in enum")
      }
    }
    if let type = schema["type"] {
      let types = (type as? [String]) ?? [type as! String]
      if !types.contains(where: { matches(value, type: $0) }) {
        errors.append("\(path): \(value.typeName) is not \(types)")
      }
    }
    if case .number(let number) = value {
      if let minimum = (schema["minimum"] as? NSNumber)?.doubleValue, number < minimum {
        errors.append("\(path): below minimum")
      }
      if let minimum = (schema["exclusiveMinimum"] as? NSNumber)?.doubleValue, number <= minimum {
        errors.append("\(path): not above exclusiveMinimum")
      }
    }
    if case .array(let elements) = value {
      if let minimum = schema["minItems"] as? Int, elements.count < minimum {
        errors.append("\(path): too few items")
      }
      if let maximum = schema["maxItems"] as? Int, elements.count > maximum {
        errors.append("\(path): too many items")
      }
      if let items = schema["items"] as? [String: Any] {
        for (index, element) in elements.enumerated() {
          errors += validate(element, items, path: "\(path)[\(index)]")
        }
      }
    }
    if case .object(let members) = value {
      let properties = schema["properties"] as? [String: Any] ?? [:]
      let keys = Set(members.map(\.0))
      for required in schema["required"] as? [String] ?? [] where !keys.contains(required) {
        errors.append("\(path): missing \(required)")
      }
      for (key, member) in members {
        if let property = properties[key] as? [String: Any] {
          errors += validate(member, property, path: "\(path).\(key)")
        } else if schema["additionalProperties"] as? Bool == false {
          errors.append("\(path): undocumented key \(key)")
        }
      }
    }
    return errors
  }

  static func matches(_ value: JSONValue, type: String) -> Bool {
    switch (type, value) {
    case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array),
      ("object", .object):
      true
    case ("integer", .number(let number)): number == number.rounded()
    default: false
    }
  }
}
