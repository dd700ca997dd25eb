/// What is wrong with one record of JSON Lines input, or with measuring it.
///
/// `description` is `id X: what` (or `what` when the id is not known); ``located(in:)`` adds
/// the source and line: `FILE:LINE: id X: what`, the one location format of every command.
public struct RecordError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The class of error.
  public enum Code: String, Sendable, Hashable, CaseIterable {
    /// The line is not JSON.
    case invalidJSON
    /// The line has bytes that are not UTF-8.
    case invalidUTF8
    /// A key appears twice in one object.
    case duplicateKey
    /// The line is JSON but not an object.
    case notAnObject
    /// The record has no `"id"`.
    case missingID
    /// The `"id"` is not a non-empty string.
    case invalidID
    /// A required field is absent.
    case missingField
    /// A field has the wrong JSON type.
    case wrongType
    /// A field's value cannot be used.
    case invalidValue
    /// The line is longer than the reader accepts.
    case lineTooLong
    /// The record was read but could not be measured.
    case measurement
    /// The record's text has characters no font has (an error under strict glyph checking,
    /// otherwise reported as a warning).
    case missingGlyphs
  }

  /// The class of error.
  public var code: Code
  /// What is wrong, in words.
  public var message: String
  /// The 1-based line of the record, when known.
  public var line: Int?
  /// The record's id, when it was readable.
  public var id: String?

  /// An error of one record.
  public init(_ code: Code, _ message: String, line: Int? = nil, id: String? = nil) {
    self.code = code
    self.message = message
    self.line = line
    self.id = id
  }

  /// `id X: what`, or `what` without an id; control characters of the id escaped.
  public var description: String {
    guard let id else { return message }
    return "id \(TerminalText.excerpt(id, limit: 200)): \(message)"
  }

  /// `SOURCE:LINE: id X: what` (`SOURCE: id X: what` without a line).
  public func located(in source: String) -> String {
    let place = line.map { "\(source):\($0)" } ?? source
    return "\(place): \(description)"
  }
}
