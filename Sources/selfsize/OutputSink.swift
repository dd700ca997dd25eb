import Foundation

/// A command's streamed output (see ``OutputFile`` for where it goes and how), buffered:
/// ``write(_:)`` flushes at 64 KB, ``flushIfDue()`` after 100 ms.
final class OutputSink {
  private var buffer: [UInt8] = []
  private let file: OutputFile
  private var lastFlush = ContinuousClock.now
  /// Flush when the buffer holds this many bytes.
  static let flushSize = 1 << 16
  /// Flush buffered bytes at least this often.
  static let flushInterval = Duration.milliseconds(100)

  /// Standard output for nil or `-`, else the file at `path`.
  /// - Throws: a usage error naming the path when it cannot be written.
  init(path: String?) throws {
    buffer.reserveCapacity(Self.flushSize * 2)
    file = try OutputFile(path: path)
  }

  /// Appends bytes; flushes when 64 KB are buffered.
  func write(_ bytes: some Collection<UInt8>) throws {
    buffer.append(contentsOf: bytes)
    if buffer.count >= Self.flushSize { try flush() }
  }

  /// Appends text.
  func write(_ text: String) throws { try write(Array(text.utf8)) }

  /// Flushes when something has waited for 100 ms.
  func flushIfDue() throws {
    if !buffer.isEmpty, ContinuousClock.now - lastFlush >= Self.flushInterval { try flush() }
  }

  /// Writes every buffered byte.
  func flush() throws {
    lastFlush = ContinuousClock.now
    guard !buffer.isEmpty else { return }
    try file.write(buffer)
    buffer.removeAll(keepingCapacity: true)
  }

  /// Flushes and finishes the output (a replaced file moves into place).
  func finish() throws {
    try flush()
    try file.commit()
  }
}
