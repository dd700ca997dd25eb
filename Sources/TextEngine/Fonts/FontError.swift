/// An error loading or resolving a font, naming the file (or family) and what went wrong.
public struct FontError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  public enum Code: String, Sendable, Hashable {
    /// No file exists at the path.
    case fileNotFound
    /// The file exists but cannot be read (permissions, a directory, I/O error).
    case unreadable
    /// The file is not a font FreeType and HarfBuzz understand, or it is damaged.
    case invalidFont
    /// The face index is outside the faces of the file (a TTC/OTC collection or a single face).
    case faceIndexOutOfRange
    /// No bundled (or fontconfig) font has that family name.
    case familyNotFound
    /// A font chain needs at least one font.
    case emptyChain
  }

  /// What went wrong.
  public var code: Code
  /// The file path, or the family name for `familyNotFound`.
  public var path: String
  /// A human-readable explanation.
  public var message: String

  /// An error of kind `code` about the file (or family) `path`.
  public init(_ code: Code, path: String, message: String) {
    self.code = code
    self.path = path
    self.message = message
  }

  /// `path: message`.
  public var description: String { "\(path): \(message)" }
}
