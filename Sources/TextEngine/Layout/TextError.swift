/// An error preparing or laying out text.
public struct TextError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  public enum Code: String, Sendable, Hashable {
    /// A style field is out of range (size ≤ 0, NaN, negative max lines...).
    case invalidStyle
    /// The layout width is ≤ 0, NaN or infinite.
    case invalidWidth
    /// The text is longer than the engine accepts in one paragraph.
    case textTooLong
    /// ICU could not segment the text.
    case segmentationFailed
  }

  /// What went wrong.
  public var code: Code
  /// A human-readable explanation naming the field or value.
  public var message: String

  /// An error of kind `code`.
  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
