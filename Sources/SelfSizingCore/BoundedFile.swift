#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whole files read into memory under a size ceiling: a template, a baseline, a font. A file
/// over its limit is refused before it is read when its size is known (a regular file, even a
/// sparse one) and after `limit + 1` bytes otherwise (a FIFO, a device such as `/dev/zero`,
/// standard input), so no input can make a command allocate more than its limit.
public enum BoundedFile {
  /// The most bytes of a template file: 8 MiB (templates are a few kilobytes).
  public static let templateLimit = 8 << 20
  /// The most bytes of a baseline file: 1 GiB (about two million records).
  public static let baselineLimit = 1 << 30
  /// The most bytes of a font file (loaded, or copied into a report): 256 MiB (the largest Noto CJK
  /// collection is about 120 MB).
  public static let fontLimit = 256 << 20

  /// The bytes of the file at `path`, or of standard input for `-`.
  /// - Parameters:
  ///   - limit: the most bytes accepted.
  ///   - kind: what the file is, for the message (`template`, `baseline`).
  /// - Throws: ``FileReadError`` naming the path and, for `tooLarge`, the limit.
  public static func bytes(atPath path: String, limit: Int, kind: String) throws(FileReadError) -> [UInt8] {
    let isStandardInput = path == "-"
    let name = isStandardInput ? "<stdin>" : path
    guard isStandardInput || !path.isEmpty else {
      throw FileReadError(.notFound, path: path, message: "the path is empty")
    }
    let descriptor = isStandardInput ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code: FileReadError.Code = errno == ENOENT ? .notFound : .unreadable
      throw FileReadError(code, path: name, message: reason())
    }
    defer { if !isStandardInput { close(descriptor) } }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw FileReadError(.unreadable, path: name, message: reason())
    }
    if status.st_mode & S_IFMT == S_IFDIR {
      throw FileReadError(.isDirectory, path: name, message: "it is a directory, not a file")
    }
    let tooLarge = FileReadError(
      .tooLarge, path: name,
      message: "a \(kind) file holds at most \(describe(bytes: limit)); this one is larger")
    let isRegular = status.st_mode & S_IFMT == S_IFREG
    if isRegular, Int(status.st_size) > limit { throw tooLarge }
    var result: [UInt8] = []
    if isRegular { result.reserveCapacity(Int(status.st_size)) }
    let chunkSize = 1 << 16
    var chunk = [UInt8](repeating: 0, count: chunkSize)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, chunkSize) }
      if count == 0 { return result }
      if count < 0 {
        if errno == EINTR { continue }
        throw FileReadError(.unreadable, path: name, message: reason())
      }
      guard result.count + count <= limit else { throw tooLarge }
      result.append(contentsOf: chunk[..<count])
    }
  }

  /// `8 MiB`, `1 GiB`, `512 KiB`, `300 bytes`.
  public static func describe(bytes: Int) -> String {
    for (unit, shift) in [("GiB", 30), ("MiB", 20), ("KiB", 10)]
    where bytes >= 1 << shift && bytes % (1 << shift) == 0 {
      return "\(bytes >> shift) \(unit)"
    }
    return "\(bytes) bytes"
  }

  private static func reason() -> String { String(cString: strerror(errno)) }
}
