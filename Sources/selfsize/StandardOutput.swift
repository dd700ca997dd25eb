/// Buffered standard output for small outputs (summaries, font tables).
struct StandardOutput {
  private var buffer = ""

  mutating func write(_ text: String) { buffer += text }

  mutating func writeLine(_ text: String) { write(text + "\n") }

  mutating func flush() {
    let sink = try? OutputSink(path: nil)
    try? sink?.write(Array(buffer.utf8))
    try? sink?.finish()
    buffer = ""
  }
}
