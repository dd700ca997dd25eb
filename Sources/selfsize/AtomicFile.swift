import ArgumentParser
import Foundation

/// An output file written safely: into a new temporary file in the target's folder, then
/// renamed over the target. Readers never see a half-written file, parallel writers never mix,
/// and a symbolic link at the target is replaced, never followed.
struct AtomicFile {
  let path: String
  private let temporary: String
  private let descriptor: Int32

  /// Creates the temporary file beside `path`.
  init(path: String) throws {
    self.path = path
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent().path
    var template = Array(
      (folder as NSString).appendingPathComponent(".\(url.lastPathComponent).XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else {
      throw ValidationError("cannot write \(path): \(String(cString: strerror(errno)))")
    }
    self.descriptor = descriptor
    temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Appends bytes.
  func write(_ data: Data) throws {
    try data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          let reason = String(cString: strerror(errno))
          abandon()
          throw ValidationError("cannot write \(path): \(reason)")
        }
        offset += written
      }
    }
  }

  /// Gives the file the usual permissions and renames it over the target.
  func commit() throws {
    let mask = umask(0)
    umask(mask)
    fchmod(descriptor, 0o666 & ~mask)
    guard close(descriptor) == 0, rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw ValidationError("cannot write \(path): \(reason)")
    }
  }

  /// Removes the temporary file.
  func abandon() {
    close(descriptor)
    unlink(temporary)
  }

  /// Writes `data` to `path` safely.
  static func write(_ data: Data, to path: String) throws {
    let file = try AtomicFile(path: path)
    try file.write(data)
    try file.commit()
  }

  /// Runs `body` with a sink into a new file at `path`, then commits it (or removes it when
  /// `body` throws).
  static func stream(to path: String, _ body: (@escaping (Data) throws -> Void) throws -> Void) throws {
    let file = try AtomicFile(path: path)
    do {
      try body { try file.write($0) }
    } catch {
      file.abandon()
      throw error
    }
    try file.commit()
  }
}
