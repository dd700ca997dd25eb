/// A bundled resource folder or file that cannot be found.
public struct ResourceError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  public enum Code: String, Sendable, Hashable {
    /// Neither the environment override nor the resource bundle holds the folder.
    case notFound
  }

  /// What went wrong.
  public var code: Code
  /// The path looked for.
  public var path: String
  /// A human-readable explanation, naming the environment override.
  public var message: String

  public init(_ code: Code, path: String, message: String) {
    self.code = code
    self.path = path
    self.message = message
  }

  public var description: String { message }
}
