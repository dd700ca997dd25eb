import Foundation
import Testing

/// Runs the built `selfsize` binary (next to the test bundle in the build folder).
enum CLIRunner {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String

    var jsonLines: [[String: Any]] {
      stdout.split(separator: "\n").compactMap {
        try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
      }
    }
  }

  static let packageDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static var executable: URL {
    // The test binary lives in .build/<triple>/<config>/; so does selfsize.
    let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var directory = testBinary.deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("selfsize").path),
      directory.path != "/"
    {
      directory = directory.deletingLastPathComponent()
    }
    return directory.appendingPathComponent("selfsize")
  }

  /// Runs selfsize with `arguments` and `stdin`; output goes through temporary files so large
  /// outputs cannot fill a pipe and deadlock.
  /// `executable` and `currentDirectory` default to the built binary and the package folder;
  /// `environment` replaces the process environment when given.
  static func run(
    _ arguments: [String], stdin: String? = nil, executable: URL? = nil, currentDirectory: URL? = nil,
    environment: [String: String]? = nil
  ) throws -> Result {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("selfsize-cli-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let inputURL = directory.appendingPathComponent("stdin")
    let outputURL = directory.appendingPathComponent("stdout")
    let errorURL = directory.appendingPathComponent("stderr")
    try Data((stdin ?? "").utf8).write(to: inputURL)
    try #require(FileManager.default.createFile(atPath: outputURL.path, contents: nil))
    try #require(FileManager.default.createFile(atPath: errorURL.path, contents: nil))
    let process = Process()
    process.executableURL = executable ?? Self.executable
    process.arguments = arguments
    process.currentDirectoryURL = currentDirectory ?? packageDirectory
    if let environment { process.environment = environment }
    process.standardInput = try FileHandle(forReadingFrom: inputURL)
    process.standardOutput = try FileHandle(forWritingTo: outputURL)
    process.standardError = try FileHandle(forWritingTo: errorURL)
    try process.run()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: try String(contentsOf: outputURL, encoding: .utf8),
      stderr: try String(contentsOf: errorURL, encoding: .utf8))
  }
}
