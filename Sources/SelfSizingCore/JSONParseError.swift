/// Why and where JSON text could not be parsed.
///
/// `message` says what was found where (`expected "," or "}" in an object, got "]"`); `line` and
/// `column` say where, 1-based, with columns counted in Unicode scalars; `description` is
/// `"<message> at line L, column C"`.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The class of error.
  public enum Code: String, Sendable, Hashable, CaseIterable {
    /// The text ends inside a value (or is empty).
    case unexpectedEnd
    /// A character that cannot stand where it is.
    case unexpectedCharacter
    /// A number that breaks JSON's grammar (leading zero, missing digits).
    case invalidNumber
    /// A number too large for a `Double`.
    case numberOutOfRange
    /// An unknown escape (`\x`) or a malformed `\u` escape.
    case invalidEscape
    /// A `\u` escape of a UTF-16 surrogate without its other half.
    case unpairedSurrogate
    /// A control character (U+0000…U+001F) not escaped inside a string.
    case controlCharacter
    /// Bytes that are not UTF-8.
    case invalidUTF8
    /// Arrays and objects nested deeper than ``JSONValue/maximumDepth``.
    case tooDeep
    /// More text after the value.
    case trailingCharacters
    /// A key repeated in one object (when the reader rejects duplicates).
    case duplicateKey
  }

  /// The class of error.
  public var code: Code
  /// What was found where it went wrong.
  public var message: String
  /// The UTF-8 offset of the error in the text.
  public var offset: Int
  /// The 1-based line of the error.
  public var line: Int
  /// The 1-based column of the error, in Unicode scalars.
  public var column: Int

  /// An error at `offset`, line `line`, column `column`.
  public init(_ code: Code, _ message: String, offset: Int, line: Int, column: Int) {
    self.code = code
    self.message = message
    self.offset = offset
    self.line = line
    self.column = column
  }

  /// `"<message> at line L, column C"`.
  public var description: String { "\(message) at line \(line), column \(column)" }

  /// `"<message> at column C"`: for one line of JSON Lines, whose line number is given elsewhere.
  public var descriptionWithinLine: String { "\(message) at column \(column)" }
}
