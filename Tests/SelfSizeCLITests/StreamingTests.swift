import Foundation
import Testing

/// The streaming batch path: any --jobs gives the same bytes in input order, every output
/// format, bad lines in the middle of a stream, inputs that are not plain files.
@Suite struct StreamingTests {
  /// 2,400 records from the sample feed (titles, bodies and both joined), some bad.
  static let input: String = {
    let feed = try! String(
      contentsOf: CLIRunner.packageDirectory.appendingPathComponent("Examples/feed.jsonl"), encoding: .utf8)
    var lines: [String] = []
    for (index, line) in feed.split(separator: "\n").enumerated() {
      let object = try! JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
      let title = object["title"] as? String ?? ""
      let body = object["body"] as? String ?? ""
      for (suffix, text) in [("t", title), ("b", body), ("tb", title + " " + body)] {
        let record = try! JSONSerialization.data(withJSONObject: ["id": "\(index)-\(suffix)", "text": text])
        lines.append(String(decoding: record, as: UTF8.self))
      }
      if index % 50 == 7 { lines.append(#"{"id": "bad-\#(index)", "text": 1}"#) }
    }
    return (lines + lines + lines + lines).joined(separator: "\n") + "\n"
  }()

  @Test(arguments: ["jsonl", "json", "csv", "table"])
  func jobsDoNotChangeTheOutput(format: String) throws {
    let arguments = ["text", "-w", "150", "-w", "343", "--format", format]
    let one = try CLIRunner.run(arguments + ["--jobs", "1"], stdin: Self.input)
    let four = try CLIRunner.run(arguments + ["--jobs", "4"], stdin: Self.input)
    #expect(one.status == 1)
    #expect(four.status == 1)
    #expect(one.stdout == four.stdout)
    #expect(one.stderr == four.stderr)
    #expect(one.stderr.split(separator: "\n").count == 20)
  }

  @Test func jsonlOutputIsInInputOrderAndTheJSONFormatIsOneArray() throws {
    let lines = try CLIRunner.run(["text", "-w", "200", "-j", "3"], stdin: Self.input)
    let ids = lines.jsonLines.map { $0["id"] as! String }
    let expected = Self.input.split(separator: "\n").compactMap { line -> String? in
      guard !line.contains("\"bad-") else { return nil }
      return (try! JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any])["id"] as? String
    }
    #expect(ids == expected)
    let array = try CLIRunner.run(["text", "-w", "200", "-j", "3", "--format", "json"], stdin: Self.input)
    let parsed = try JSONSerialization.jsonObject(with: Data(array.stdout.utf8)) as! [[String: Any]]
    #expect(parsed.map { $0["id"] as! String } == expected)
  }

  @Test func measureJobsDoNotChangeTheOutput() throws {
    let feed = try String(
      contentsOf: CLIRunner.packageDirectory.appendingPathComponent("Examples/feed.jsonl"), encoding: .utf8)
    let arguments = ["measure", "--template", "Examples/note-card.template.json", "-w", "170", "-w", "180"]
    let one = try CLIRunner.run(arguments + ["--jobs", "1"], stdin: feed + feed)
    let three = try CLIRunner.run(arguments + ["--jobs", "3"], stdin: feed + feed)
    #expect(one.status == 0)
    #expect(one.stdout == three.stdout)
    #expect(one.jsonLines.count == 960)
  }

  @Test func fieldsChooseCSVColumns() throws {
    let result = try CLIRunner.run(
      ["text", "-w", "100", "--format", "csv", "--fields", "id,height,breaks", "--platform", "ios"],
      stdin: #"{"id": "a,b", "text": "If you have to ask how much it is, you can't afford it."}"#)
    #expect(result.stdout == "id,height,breaks\n\"a,b\",108.6,15 23 35 45\n")
    let unknown = try CLIRunner.run(
      ["text", "-w", "100", "--format", "csv", "--fields", "id,nope"], stdin: "")
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("unknown field \"nope\""))
  }

  @Test func controlCharactersAreEscapedInTablesAndOnStderr() throws {
    let result = try CLIRunner.run(
      ["text", "-w", "100", "--format", "table"],
      stdin: #"{"id": "e\u001b[2J", "text": "a"}"# + "\n" + #"{"id": "f\u001b[2J", "text": 2}"#)
    #expect(!result.stdout.contains("\u{1B}"))
    #expect(result.stdout.contains(#"e\e[2J"#))
    #expect(
      result.stderr == #"error: <stdin>:2: id f\e[2J: field "text" must be a string, got number"# + "\n")
  }

  @Test func aFIFOIsReadLikeAFile() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fifo-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let fifo = directory.appendingPathComponent("in.fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let writer = Thread {
      let handle = FileHandle(forWritingAtPath: fifo)!
      handle.write(Data(#"{"id": "x", "text": "through a pipe"}"#.utf8 + [0x0A]))
      handle.closeFile()
    }
    writer.start()
    let result = try CLIRunner.run(["text", "-w", "100", "--input", fifo])
    #expect(result.status == 0)
    #expect(result.jsonLines.map { $0["id"] as? String } == ["x"])
  }

  @Test(arguments: [("/nonexistent/in.jsonl", "No such file or directory"), ("/", "it is a directory")])
  func unreadableInputIsAUsageErrorInWords(path: String, reason: String) throws {
    let result = try CLIRunner.run(["text", "-w", "100", "-i", path])
    #expect(result.status == 2)
    #expect(result.stderr.contains("cannot read \(path): \(reason)"))
    #expect(result.stderr.contains("Usage: selfsize text"))
  }

  @Test func outputFileIsWrittenWhole() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("out-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("out.jsonl").path
    let result = try CLIRunner.run(["text", "-w", "100", "-o", path], stdin: #"{"id": "x", "text": "y"}"#)
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
    #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix(#"{"id":"x","width":100,"#))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.jsonl"])
  }

  @Test func aClosedStandardOutputEndsQuietly() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("head-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("in.jsonl")
    let good =
      Self.input.split(separator: "\n").filter { !$0.contains("\"bad-") }.joined(separator: "\n") + "\n"
    try Data(String(repeating: good, count: 20).utf8).write(to: input)
    let errors = directory.appendingPathComponent("stderr").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [
      "-c", #"set -o pipefail; "$0" text -w 150 -i "$1" 2>"$2" | head -n 3 >/dev/null"#,
      CLIRunner.executable.path, input.path, errors,
    ]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(try String(contentsOfFile: errors, encoding: .utf8) == "")
  }
}
