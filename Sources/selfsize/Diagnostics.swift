import ArgumentParser
import Foundation
import SelfSizingCore

/// Writes `error: FILE:LINE: id X: what` lines to stderr (control characters from the input
/// escaped) and remembers whether any input failed.
struct Diagnostics {
  private(set) var failureCount = 0

  /// Reports a failure at `location` (`FILE:LINE: id X`, or any place).
  mutating func report(_ location: String, _ message: String) {
    failureCount += 1
    StandardError.write("error: \(TerminalText.escaped(location)): \(TerminalText.escaped(message))\n")
  }

  /// Reports a record's error: `error: SOURCE:LINE: id X: what`.
  mutating func report(_ error: RecordError, in source: String) {
    failureCount += 1
    StandardError.write("error: \(TerminalText.escaped(error.located(in: source)))\n")
  }

  /// Reports a record's warning (it still succeeded): `warning: SOURCE:LINE: id X: what`.
  func warn(_ warning: RecordError, in source: String) {
    StandardError.write("warning: \(TerminalText.escaped(warning.located(in: source)))\n")
  }

  /// Exit status 1 when some inputs failed (the rest were still processed).
  func finish() throws {
    if failureCount > 0 { throw ExitCode(1) }
  }
}
