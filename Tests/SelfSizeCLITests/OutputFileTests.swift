import Foundation
import Synchronization
import Testing

/// Where `-o` and standard output go (`OutputFile`): non-regular files are written in place,
/// replaced files keep their mode, and every write error ends the command with a message.
@Suite struct OutputFileTests {
  static let template = "Examples/note-card.template.json"
  static let record = #"{"id": "x", "text": "hello world"}"#

  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("selfsize-out-\(UUID())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Runs `selfsize ARGUMENTS > STDOUT` through a shell (for `/dev/full` as standard output).
  static func run(_ arguments: [String], stdout: String) throws -> CLIRunner.Result {
    let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
    return try CLIRunner.run(
      ["-c", "\"$0\" \(quoted.joined(separator: " ")) > \(stdout)", CLIRunner.executable.path],
      executable: URL(fileURLWithPath: "/bin/sh"))
  }

  @Test func aFIFOIsWrittenInPlaceNotReplaced() throws {
    let directory = try Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let fifo = directory.appendingPathComponent("out.fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let received = Mutex(Data())
    let reader = Thread {
      let handle = FileHandle(forReadingAtPath: fifo)!
      let data = handle.readDataToEndOfFile()
      received.withLock { $0 = data }
    }
    reader.start()
    let result = try CLIRunner.run(["text", "-w", "150", "-o", fifo], stdin: Self.record)
    #expect(result.status == 0, "\(result.stderr)")
    while !reader.isFinished { usleep(10_000) }
    let text = String(decoding: received.withLock { $0 }, as: UTF8.self)
    #expect(text.hasPrefix(#"{"id":"x","width":150,"#))
    var status = stat()
    #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.fifo"])
  }

  @Test func aDeviceIsWrittenInPlaceNotReplaced() throws {
    // A character device like /dev/null, made here (as root) so the test never risks the real one.
    let directory = try Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let device = directory.appendingPathComponent("null").path
    let madeDevice = mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0  // makedev(1, 3)
    let target = madeDevice ? device : "/dev/null"
    let result = try CLIRunner.run(["text", "-w", "150", "-o", target], stdin: Self.record)
    #expect(result.status == 0, "\(result.stderr)")
    var status = stat()
    #expect(lstat(target, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
    if madeDevice {
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["null"])
    }
  }

  @Test(arguments: [0o600, 0o640, 0o755])
  func aReplacedFileKeepsItsMode(mode: Int) throws {
    let directory = try Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("secret.jsonl").path
    try Data("old\n".utf8).write(to: URL(fileURLWithPath: path))
    #expect(chmod(path, mode_t(mode)) == 0)
    let result = try CLIRunner.run(["text", "-w", "150", "-o", path], stdin: Self.record)
    #expect(result.status == 0, "\(result.stderr)")
    var status = stat()
    #expect(stat(path, &status) == 0)
    #expect(Int(status.st_mode & 0o7777) == mode)
    #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix(#"{"id":"x""#))
  }

  @Test func aNewFileGetsTheUmasksMode() throws {
    let directory = try Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("new.jsonl").path
    let result = try CLIRunner.run(
      ["-c", "umask 027; \"$0\" text -w 150 -o '\(path)'", CLIRunner.executable.path], stdin: Self.record,
      executable: URL(fileURLWithPath: "/bin/sh"))
    #expect(result.status == 0, "\(result.stderr)")
    var status = stat()
    #expect(stat(path, &status) == 0 && status.st_mode & 0o777 == 0o640)
  }

  static let commandsWritingToStandardOutput: [[String]] = [
    ["text", "-w", "150", "-i", "Examples/feed.jsonl", "--field", "title"],
    ["measure", "--template", template, "-w", "170", "-i", "Examples/feed.jsonl"],
    ["layout", "--template", template, "-i", "Examples/feed.jsonl"],
    ["layout", "--template", template, "-i", "Examples/feed.jsonl", "--format", "svg"],
    ["layout", "--layout", "circle", "--collection-size", "375x667", "--items", "8", "--format", "csv"],
    ["fonts"],
    ["fonts", "--format", "json"],
  ]

  @Test(arguments: commandsWritingToStandardOutput)
  func aFullStandardOutputIsAnErrorNotACrashOrSilence(arguments: [String]) throws {
    let result = try Self.run(arguments, stdout: "/dev/full")
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr.contains("cannot write standard output: No space left on device"))
    #expect(!result.stderr.contains("Fatal error"))
  }

  @Test func aFullOutputFileIsAnError() throws {
    let result = try CLIRunner.run([
      "layout", "--template", Self.template, "-i", "Examples/feed.jsonl", "--format", "png", "-o",
      "/dev/full",
    ])
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr.contains("cannot write /dev/full: No space left on device"))
  }

  @Test func theReportsSummaryOnAFullStandardOutputIsAnError() throws {
    let directory = try Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try Self.run(["report", "-o", directory.path], stdout: "/dev/full")
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr.contains("cannot write standard output: No space left on device"))
  }
}
