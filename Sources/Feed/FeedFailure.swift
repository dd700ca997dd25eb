/// An input that could not be laid out (or was laid out with a fallback height): where and what.
/// The CLI prints it as `error: <location>: <message>`.
public struct FeedFailure: Sendable, Hashable, CustomStringConvertible {
  /// Where: a file and line, or an item id.
  public var location: String
  /// What went wrong.
  public var message: String

  /// A failure at `location`.
  public init(location: String, message: String) {
    self.location = location
    self.message = message
  }

  public var description: String { "\(location): \(message)" }
}
