import ArgumentParser
import Foundation
import SelfSizingCore

/// An input opened for reading a chunk at a time: a file, a FIFO, `/dev/stdin`, a process
/// substitution or standard input (`-` or no path).
final class InputSource: Sendable {
  /// The longest line read from JSON Lines input: 64 MiB. A longer line is reported as soon as
  /// it passes this length and skipped to its line end.
  static let maximumLineLength = 64 << 20
  /// Reading stops when one skipped line goes on for this many bytes without a line end
  /// (1 GiB): endless input such as `/dev/zero` ends with an error instead of running forever.
  static let endlessLineLength = 1 << 30

  /// Thrown when a line never ends (see ``endlessLineLength``); exit 1 with the message.
  struct EndlessLine: Error, Sendable, Hashable, CustomStringConvertible {
    /// `FILE:LINE: the line has no line end …`.
    var description: String
  }

  /// The name used in messages: the path, or `<stdin>`.
  let name: String
  /// The size in bytes when the input is a regular file (for progress), else nil.
  let size: Int?
  private let descriptor: Int32
  private let ownsDescriptor: Bool

  /// Opens `path` (standard input for nil or `-`).
  /// - Throws: a usage error naming the path and the reason in words.
  init(path: String?) throws {
    if path == nil || path == "-" {
      name = "<stdin>"
      descriptor = STDIN_FILENO
      ownsDescriptor = false
    } else {
      let path = path!
      name = path
      guard !path.isEmpty else { throw ValidationError("cannot read input: the path is empty") }
      let opened = open(path, O_RDONLY | O_CLOEXEC)
      guard opened >= 0 else {
        throw ValidationError(
          "cannot read \(TerminalText.escaped(path)): \(String(cString: strerror(errno)))")
      }
      descriptor = opened
      ownsDescriptor = true
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw ValidationError("cannot read \(TerminalText.escaped(name)): \(String(cString: strerror(errno)))")
    }
    if status.st_mode & S_IFMT == S_IFDIR {
      if ownsDescriptor { close(descriptor) }
      throw ValidationError("cannot read \(TerminalText.escaped(name)): it is a directory, not a file")
    }
    size = status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : nil
  }

  deinit {
    if ownsDescriptor { close(descriptor) }
  }

  /// Reads up to `buffer.count` bytes; 0 at the end of the input.
  /// - Throws: a usage error with the reason in words.
  func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    while true {
      let count = Foundation.read(descriptor, buffer.baseAddress, buffer.count)
      if count >= 0 { return count }
      if errno == EINTR { continue }
      throw ValidationError("cannot read \(TerminalText.escaped(name)): \(String(cString: strerror(errno)))")
    }
  }

  /// Throws ``EndlessLine`` when the line `splitter` is skipping has gone on too long.
  func checkEndless(_ splitter: JSONLineSplitter) throws {
    guard splitter.skippedLength > Self.endlessLineLength else { return }
    throw EndlessLine(
      description:
        "\(TerminalText.escaped(name)):\(splitter.lineNumber + 1): the line has no line end in its first \(BoundedFile.describe(bytes: Self.endlessLineLength)); stopped reading"
    )
  }

  /// Reads the input a line at a time, calling `body` with each event of the splitter.
  func forEachLine(
    maximumLineLength: Int = InputSource.maximumLineLength, _ body: (JSONLineSplitter.Event) throws -> Void
  ) throws {
    var splitter = JSONLineSplitter(maximumLineLength: maximumLineLength)
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
    defer { chunk.deallocate() }
    while true {
      let count = try read(into: chunk)
      if count == 0 { break }
      try splitter.feed(UnsafeBufferPointer(rebasing: chunk.bindMemory(to: UInt8.self)[..<count]), body)
      try checkEndless(splitter)
    }
    try splitter.finish(body)
  }
}

/// Reads a template file (standard input for nil or `-`) under ``BoundedFile/templateLimit``,
/// as a usage error naming the path when it cannot be read or is too large.
func readTemplate(_ path: String?) throws -> Data {
  do {
    return Data(
      try BoundedFile.bytes(atPath: path ?? "-", limit: BoundedFile.templateLimit, kind: "template"))
  } catch {
    throw ValidationError(error.description)
  }
}
