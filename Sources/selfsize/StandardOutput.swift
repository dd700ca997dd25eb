import Foundation

/// Buffered standard output for small outputs (summaries, font tables), written at ``flush()``
/// through ``OutputFile`` so a failed write is an error, never lost.
struct StandardOutput {
  private var buffer = ""

  mutating func write(_ text: String) { buffer += text }

  mutating func writeLine(_ text: String) { write(text + "\n") }

  /// Writes what is buffered.
  /// - Throws: a usage error when standard output cannot be written; `OutputClosed` when its
  ///   reader went away.
  mutating func flush() throws {
    defer { buffer = "" }
    try OutputFile.write(Data(buffer.utf8), to: nil)
  }
}
