/// A templates folder or file that could not be loaded.
public struct TemplateLibraryError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The folder or file.
  public var path: String
  /// What is wrong.
  public var message: String

  /// An error at `path`.
  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  public var description: String { "\(path): \(message)" }
}
