/// A picture that cannot be drawn: too large for the pixel ceilings, or its encoding failed.
public struct PictureError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What kind of failure.
  public enum Code: String, Sendable, Hashable {
    /// Wider or larger than the ceilings (``PictureCeiling``).
    case tooLarge
    /// zlib or the PNG structure failed.
    case encoding
  }

  /// What kind of failure.
  public var code: Code
  /// What went wrong, in words.
  public var message: String

  /// An error.
  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  public var description: String { message }
}
