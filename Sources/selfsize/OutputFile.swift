import ArgumentParser
import Foundation
import SelfSizingCore

/// The one place where the CLI writes output: standard output, or the file at a path.
///
/// - A regular file (or a new path, or a symbolic link, which is replaced and never followed)
///   is written into a temporary file beside it and renamed over it at ``commit()``: readers
///   never see a half-written file, parallel writers never mix. A replaced file keeps its
///   permission bits, and its owner and group where the process may set them; a new file gets
///   `0666` minus the umask, as a shell redirection would.
/// - Anything else that exists at the path — a FIFO, a character or block device, a socket — is
///   opened and written in place, never replaced (`-o /dev/null`, `-o >(gzip > f)`, a named pipe).
/// - Every failed write throws with the path and the reason, standard output included (a full
///   disk, `> /dev/full`); a closed standard output (`| head`) throws ``OutputClosed``.
final class OutputFile {
  /// Thrown when the reader of standard output went away; the command ends quietly.
  struct OutputClosed: Error {}

  /// A write that failed after the output was opened (a full disk, an I/O error): exit 1 with
  /// the message, not a usage error.
  struct WriteFailed: Error, Sendable, Hashable, CustomStringConvertible {
    /// `cannot write NAME: reason`.
    var description: String
  }

  /// The name in messages: the path or `standard output`.
  let name: String
  private let descriptor: Int32
  /// The temporary file renamed over `path` at commit, for regular files.
  private let replacement: (temporary: String, path: String)?
  private var isClosed = false

  /// Standard output for nil or `-`, else the file at `path`.
  /// - Throws: a usage error naming the path when it is a folder or cannot be opened; later
  ///   writes throw ``WriteFailed``.
  init(path: String?) throws {
    guard let path, path != "-" else {
      name = "standard output"
      descriptor = STDOUT_FILENO
      replacement = nil
      return
    }
    name = TerminalText.escaped(path)
    guard !path.isEmpty else { throw ValidationError("cannot write output: the path is empty") }
    var status = stat()
    let exists = lstat(path, &status) == 0
    let kind = status.st_mode & S_IFMT
    if exists, kind == S_IFDIR {
      throw ValidationError("cannot write \(name): it is a directory")
    }
    if exists, kind != S_IFREG, kind != S_IFLNK {
      // O_NONBLOCK is not used: a FIFO without a reader waits for one, as `cat > fifo` does.
      let opened = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
      guard opened >= 0 else { throw ValidationError("cannot write \(name): \(Self.reason())") }
      descriptor = opened
      replacement = nil
      return
    }
    let folder = (path as NSString).deletingLastPathComponent
    let fileName = (path as NSString).lastPathComponent
    var template = Array(
      ((folder.isEmpty ? "." : folder) as NSString).appendingPathComponent(".\(fileName).XXXXXX").utf8CString)
    let opened = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard opened >= 0 else { throw ValidationError("cannot write \(name): \(Self.reason())") }
    if exists, kind == S_IFREG {
      // Best effort: only root (or the owner, for the group) may give the file back its owner.
      _ = fchown(opened, status.st_uid, status.st_gid)
      fchmod(opened, status.st_mode & 0o7777)
    } else {
      fchmod(opened, 0o666 & ~Self.currentUmask())
    }
    descriptor = opened
    replacement = (template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }, path)
  }

  deinit { abandon() }

  /// Writes every byte, retrying after interruptions and short writes.
  func write(_ bytes: UnsafeRawBufferPointer) throws {
    var offset = 0
    while offset < bytes.count {
      let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        if errno == EPIPE, replacement == nil, descriptor == STDOUT_FILENO { throw OutputClosed() }
        throw WriteFailed(description: "cannot write \(name): \(Self.reason())")
      }
      offset += written
    }
  }

  /// Writes `data`.
  func write(_ data: Data) throws { try data.withUnsafeBytes { try write($0) } }

  /// Writes `bytes`.
  func write(_ bytes: [UInt8]) throws { try bytes.withUnsafeBytes { try write($0) } }

  /// Finishes the output: a replaced file is synced and renamed into place; a file written in
  /// place is closed. Standard output stays open.
  func commit() throws {
    guard !isClosed else { return }
    if let replacement {
      guard fsync(descriptor) == 0 || errno == EINVAL, close(descriptor) == 0 else {
        let reason = Self.reason()
        abandon()
        throw WriteFailed(description: "cannot write \(name): \(reason)")
      }
      isClosed = true
      guard rename(replacement.temporary, replacement.path) == 0 else {
        let reason = Self.reason()
        unlink(replacement.temporary)
        throw WriteFailed(description: "cannot write \(name): \(reason)")
      }
    } else if descriptor != STDOUT_FILENO {
      isClosed = true
      guard close(descriptor) == 0 else {
        throw WriteFailed(description: "cannot write \(name): \(Self.reason())")
      }
    }
  }

  /// Closes the output without committing: a temporary file is removed, the target untouched.
  func abandon() {
    guard !isClosed else { return }
    isClosed = true
    guard descriptor != STDOUT_FILENO else { return }
    close(descriptor)
    if let replacement { unlink(replacement.temporary) }
  }

  /// Writes `data` to `path` (standard output for nil or `-`).
  static func write(_ data: Data, to path: String?) throws {
    let file = try OutputFile(path: path)
    try file.write(data)
    try file.commit()
  }

  /// Runs `body` with a sink into the output at `path`, then commits it (or, when `body`
  /// throws, leaves the target as it was).
  static func stream(to path: String?, _ body: (@escaping (Data) throws -> Void) throws -> Void) throws {
    let file = try OutputFile(path: path)
    do {
      try body { try file.write($0) }
    } catch {
      file.abandon()
      throw error
    }
    try file.commit()
  }

  private static func reason() -> String { String(cString: strerror(errno)) }

  private static func currentUmask() -> mode_t {
    let mask = umask(0)
    umask(mask)
    return mask
  }
}
