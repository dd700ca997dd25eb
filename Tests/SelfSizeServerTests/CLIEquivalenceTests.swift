import Foundation
import HTTPTypes
import HummingbirdTesting
import SelfSizeServer
import Testing

/// The service's answers are the CLI's output lines, byte for byte, for the same input.
@Suite struct CLIEquivalenceTests {
  static let corpus: [String] = try! String(
    contentsOf: CLI.packageDirectory.appendingPathComponent("Tests/Fixtures/corpus/feed-visible.jsonl"),
    encoding: .utf8
  ).split(separator: "\n").prefix(120).map(String.init)

  @Test func textEqualsSelfsizeText() async throws {
    let lines = Self.corpus + [#"{"id": "emoji", "text": "👩‍👩‍👧 family ❤️ مرحبا بالعالم"}"#]
    let cli = try CLI.run(
      [
        "text", "--width", "150", "--width", "343", "--line-height", "21", "--max-lines", "3", "--input",
        "in.jsonl",
      ],
      files: ["in.jsonl": lines.joined(separator: "\n") + "\n"])
    #expect(cli.status == 0)
    let expected = "{\"results\":[" + cli.stdout.split(separator: "\n").joined(separator: ",") + "]}\n"
    try await Fixture.withClient { client, _ in
      let response = try await client.post(
        "/v1/text",
        "{\"texts\": [\(lines.joined(separator: ","))], \"widths\": [150, 343], \"style\": {\"lineHeight\": 21, \"maxLines\": 3}}"
      )
      #expect(response.status == .ok)
      #expect(response.text == expected)
    }
  }

  @Test func measureEqualsSelfsizeMeasure() async throws {
    let lines = Array(Fixture.feedLines.prefix(80))
    let cli = try CLI.run(
      [
        "measure", "--template", Fixture.examples + "/note-card.template.json", "--items", "items.jsonl",
        "--width", "170", "--width", "343",
      ], files: ["items.jsonl": lines.joined(separator: "\n") + "\n"])
    #expect(cli.status == 0)
    let expected = "{\"results\":[" + cli.stdout.split(separator: "\n").joined(separator: ",") + "]}\n"
    try await Fixture.withClient { client, _ in
      let body =
        "{\"template\": \"note-card\", \"items\": [\(lines.joined(separator: ","))], \"widths\": [170, 343]}"
      let first = try await client.post("/v1/measure", body)
      #expect(first.text == expected)
      // Served again from the caches: still the same bytes.
      let second = try await client.post("/v1/measure", body)
      #expect(second.text == expected)
    }
  }

  @Test func layoutEqualsSelfsizeLayoutJSON() async throws {
    let lines = Array(Fixture.feedLines.prefix(60))
    let cli = try CLI.run(
      [
        "layout", "--template", Fixture.examples + "/note-card.template.json", "--items", "items",
        "--columns", "3", "--insets", "4,6,4,6", "--column-spacing", "5", "--format", "json",
      ], files: ["items": lines.joined(separator: "\n") + "\n"])
    #expect(cli.status == 0)
    let expected = "{\"layout\":" + cli.stdout.trimmingCharacters(in: .newlines) + ",\"failures\":[]}\n"
    try await Fixture.withClient { client, _ in
      let response = try await client.post(
        "/v1/layout",
        "{\"template\": \"note-card\", \"items\": [\(lines.joined(separator: ","))], \"columns\": 3, \"insets\": [4, 6, 4, 6], \"columnSpacing\": 5}"
      )
      #expect(response.text == expected)
    }
  }

  @Test func fontsEqualsSelfsizeFontsJSON() async throws {
    let cli = try CLI.run(["fonts", "--format", "json", "--size", "17"])
    #expect(cli.status == 0)
    try await Fixture.withClient { client, _ in
      let response = try await client.get("/v1/fonts?size=17")
      #expect(response.text == cli.stdout)
    }
  }
}

/// Runs the built `selfsize` binary in a temporary folder holding `files`.
enum CLI {
  struct Output {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  static let packageDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The binary beside the test bundle in the build folder.
  static var executable: URL {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("selfsize").path),
      directory.path != "/"
    {
      directory = directory.deletingLastPathComponent()
    }
    return directory.appendingPathComponent("selfsize")
  }

  static func run(_ arguments: [String], files: [String: String] = [:]) throws -> Output {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("selfsize-serve-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for (name, contents) in files {
      try Data(contents.utf8).write(to: directory.appendingPathComponent(name))
    }
    let outputURL = directory.appendingPathComponent(".stdout")
    let errorURL = directory.appendingPathComponent(".stderr")
    try #require(FileManager.default.createFile(atPath: outputURL.path, contents: nil))
    try #require(FileManager.default.createFile(atPath: errorURL.path, contents: nil))
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: outputURL)
    process.standardError = try FileHandle(forWritingTo: errorURL)
    try process.run()
    process.waitUntilExit()
    return Output(
      status: process.terminationStatus, stdout: try String(contentsOf: outputURL, encoding: .utf8),
      stderr: try String(contentsOf: errorURL, encoding: .utf8))
  }
}
