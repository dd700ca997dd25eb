/// Why a file could not be read whole (see ``BoundedFile``), naming the file.
public struct FileReadError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The class of error.
  public enum Code: String, Sendable, Hashable, CaseIterable {
    /// Nothing exists at the path.
    case notFound
    /// The path is a folder.
    case isDirectory
    /// The file exists but cannot be opened or read (permissions, I/O).
    case unreadable
    /// The file holds more bytes than the limit for its kind.
    case tooLarge
  }

  /// The class of error.
  public var code: Code
  /// The path, or `<stdin>`.
  public var path: String
  /// What is wrong, in words.
  public var message: String

  /// An error of class `code` about `path`.
  public init(_ code: Code, path: String, message: String) {
    self.code = code
    self.path = path
    self.message = message
  }

  /// `cannot read PATH: message`.
  public var description: String { "cannot read \(TerminalText.escaped(path)): \(message)" }
}
