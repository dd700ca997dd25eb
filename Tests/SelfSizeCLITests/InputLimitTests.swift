import Foundation
import Testing

/// Every file read has a ceiling, and endless input ends: templates, baselines and fonts read
/// whole (`BoundedFile`), JSON Lines a line at a time.
@Suite struct InputLimitTests {
  static let template = "Examples/note-card.template.json"

  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("selfsize-limits-\(UUID())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func anEndlessTemplateIsRefusedAtTheLimit() throws {
    let result = try CLIRunner.run([
      "measure", "--template", "/dev/zero", "-w", "170", "-i", "Examples/feed.jsonl",
    ])
    #expect(result.status == 2)
    #expect(result.stderr.contains("cannot read /dev/zero: a template file holds at most 8 MiB"))
  }

  @Test func aHugeSparseTemplateIsRefusedBeforeItIsRead() throws {
    let directory = try Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("sparse.json").path
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    #expect(truncate(path, 1 << 30) == 0)
    for command in [
      ["measure", "--template", path, "-w", "170", "-i", "Examples/feed.jsonl"],
      ["layout", "--template", path, "-i", "Examples/feed.jsonl"],
    ] {
      let result = try CLIRunner.run(command)
      #expect(result.status == 2)
      #expect(result.stderr.contains("cannot read \(path): a template file holds at most 8 MiB"))
    }
  }

  @Test func aHugeBaselineIsRefusedBeforeItIsRead() throws {
    let directory = try Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("baseline.jsonl").path
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    #expect(truncate(path, 2 << 30) == 0)
    let result = try CLIRunner.run(
      ["text", "-w", "150", "--baseline", path], stdin: #"{"id":"a","text":"b"}"#)
    #expect(result.status == 2)
    #expect(result.stderr.contains("a baseline file holds at most 1 GiB"))
  }

  @Test(arguments: ["fifo", "/dev/zero"])
  func aFontThatIsNotARegularFileIsRefusedWithoutReadingIt(kind: String) throws {
    let directory = try Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    var path = kind
    if kind == "fifo" {
      path = directory.appendingPathComponent("font.fifo").path
      #expect(mkfifo(path, 0o600) == 0)
    }
    let result = try CLIRunner.run(["text", "-w", "150", "--font", path], stdin: #"{"id":"a","text":"b"}"#)
    #expect(result.status == 2)
    #expect(result.stderr.contains("\(path): is not a regular file"))
  }

  @Test func endlessInputIsReportedAtTheLineLimitAndThenEnds() throws {
    let result = try CLIRunner.run(["text", "-w", "150", "-i", "/dev/zero"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("/dev/zero:1: the line is longer than 67108864 bytes"))
    #expect(
      result.stderr.contains("/dev/zero:1: the line has no line end in its first 1 GiB; stopped reading"))
  }

  @Test(arguments: ["text", "measure"])
  func anOverlongLineIsSkippedAndTheRestIsStillRead(command: String) throws {
    let directory = try Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("in.jsonl")
    // Two cards of the example feed (they have every field the template needs) around the long line.
    let feed = try String(
      contentsOf: CLIRunner.packageDirectory.appendingPathComponent("Examples/feed.jsonl"), encoding: .utf8
    ).split(separator: "\n")
    func card(_ index: Int, id: String) -> Data {
      Data(feed[index].replacingOccurrences(of: #""id": "#, with: #""id": "\#(id)", "old": "#).utf8 + [0x0A])
    }
    var data = card(0, id: "first")
    data.append(Data(repeating: UInt8(ascii: "x"), count: (64 << 20) + 10))
    data.append(0x0A)
    data.append(card(1, id: "after"))
    try data.write(to: input)
    let arguments =
      command == "text"
      ? ["text", "-w", "150", "--field", "title", "-i", input.path]
      : ["measure", "--template", Self.template, "-w", "170", "-i", input.path]
    let result = try CLIRunner.run(arguments)
    #expect(result.status == 1)
    #expect(result.stderr.contains("in.jsonl:2: the line is longer than 67108864 bytes"))
    #expect(result.jsonLines.map { $0["id"] as? String } == ["first", "after"])
  }
}
