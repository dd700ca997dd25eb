import ArgumentParser
import Foundation

/// Writes `error: <where>: <what>` lines to stderr and remembers whether any input failed.
struct Diagnostics {
  private(set) var failureCount = 0

  mutating func report(_ location: String, _ message: String) {
    failureCount += 1
    FileHandle.standardError.write(Data("error: \(location): \(message)\n".utf8))
  }

  /// Exit status 1 when some inputs failed (the rest were still processed).
  func finish() throws {
    if failureCount > 0 { throw ExitCode(1) }
  }
}

/// Buffered standard output.
struct StandardOutput {
  private var buffer = ""

  mutating func write(_ text: String) {
    buffer += text
    if buffer.utf8.count > 1 << 16 { flush() }
  }

  mutating func writeLine(_ text: String) { write(text + "\n") }

  mutating func flush() {
    FileHandle.standardOutput.write(Data(buffer.utf8))
    buffer = ""
  }
}

/// Reads a whole input file (or stdin for nil / "-"), as a usage error when it cannot be read.
func readInput(_ path: String?) throws -> Data {
  if path == nil || path == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
  do {
    return try Data(contentsOf: URL(fileURLWithPath: path!))
  } catch {
    throw ValidationError("cannot read input file \(path!): \(error.localizedDescription)")
  }
}
