/// An error preparing or laying out text.
public struct TextError: Error, Sendable, Hashable, CustomStringConvertible {
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

  public var code: Code
  public var message: String

  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  public var description: String { message }
}
