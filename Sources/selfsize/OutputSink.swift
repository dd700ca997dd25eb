import ArgumentParser
import Foundation
import SelfSizingCore

/// Where a command's output goes: standard output, or a file written through a temporary file
/// beside it and renamed into place at the end (never following a symlink at the path, never
/// leaving a half-written file under the final name).
///
/// Output is buffered; ``write(_:)`` flushes at 64 KB, ``flushIfDue()`` after 100 ms. A
/// closed standard output (`| head`) throws ``OutputClosed`` so the command ends quietly.
final class OutputSink {
  /// Thrown when the reader of standard output went away.
  struct OutputClosed: Error {}

  private var buffer: [UInt8] = []
  private let descriptor: Int32
  private let path: String?
  private let temporaryPath: String?
  private var lastFlush = ContinuousClock.now
  /// Flush when the buffer holds this many bytes.
  static let flushSize = 1 << 16
  /// Flush buffered bytes at least this often.
  static let flushInterval = Duration.milliseconds(100)

  /// Standard output for nil or `-`, else the file at `path`.
  /// - Throws: a usage error naming the path when its folder cannot be written.
  init(path: String?) throws {
    buffer.reserveCapacity(Self.flushSize * 2)
    guard let path, path != "-" else {
      self.path = nil
      temporaryPath = nil
      descriptor = STDOUT_FILENO
      return
    }
    guard !path.isEmpty else { throw ValidationError("cannot write output: the path is empty") }
    var status = stat()
    if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
      throw ValidationError("cannot write \(TerminalText.escaped(path)): it is a directory")
    }
    let folder = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    var template = Array(
      ((folder.isEmpty ? "." : folder) as NSString).appendingPathComponent(".\(name).XXXXXX").utf8CString)
    let opened = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard opened >= 0 else {
      throw ValidationError("cannot write \(TerminalText.escaped(path)): \(String(cString: strerror(errno)))")
    }
    fchmod(opened, 0o644 & ~currentUmask())
    self.path = path
    temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    descriptor = opened
  }

  private var isFinished = false

  deinit {
    if let temporaryPath, !isFinished {
      close(descriptor)
      unlink(temporaryPath)
    }
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
    try buffer.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = Foundation.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          if errno == EPIPE && path == nil { throw OutputClosed() }
          throw ValidationError(
            "cannot write \(TerminalText.escaped(path ?? "standard output")): \(String(cString: strerror(errno)))"
          )
        }
        offset += written
      }
    }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Flushes and, for a file, moves the finished file into place.
  func finish() throws {
    try flush()
    guard let path, let temporaryPath else { return }
    guard fsync(descriptor) == 0 || errno == EINVAL, rename(temporaryPath, path) == 0 else {
      throw ValidationError("cannot write \(TerminalText.escaped(path)): \(String(cString: strerror(errno)))")
    }
    close(descriptor)
    isFinished = true
  }
}

private func currentUmask() -> mode_t {
  let mask = umask(0)
  umask(mask)
  return mask
}
