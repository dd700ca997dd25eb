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
    /// The style names a language that would take this process past the most distinct
    /// languages it accepts besides the well-known ones (1,024; HarfBuzz keeps each one for the
    /// life of the process).
    case tooManyLanguages
  }

  /// What went wrong.
  public var code: Code
  /// A sentence naming what was wrong.
  public var message: String
  /// For a style error, the ``TextStyle`` property at fault (`fontSize`, `lineHeight`,
  /// `letterSpacing`, `lineSpacing`, `maxLines`, `pixelScale`), so that a caller can name it as
  /// its input spells it (an option, a JSON path).
  public var field: String?
  /// For a style error, what the value must be, as a phrase after the field's name
  /// (`must be a number above 0, at most 10000 points, got 1e+308`).
  public var requirement: String?

  /// An error of kind `code`.
  public init(_ code: Code, _ message: String, field: String? = nil, requirement: String? = nil) {
    self.code = code
    self.message = message
    self.field = field
    self.requirement = requirement
  }

  /// The message.
  public var description: String { message }
}
