import CollectionLayout

/// Why a baseline could not be read or made. `line` is the 1-based line of the baseline file
/// (nil when the problem is not on one line).
public struct BaselineError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The class of error.
  public enum Code: String, Sendable, Hashable, CaseIterable {
    /// A line is not JSON, or not an object.
    case invalidJSON
    /// The first line is not a baseline header, or names an unknown version.
    case invalidHeader
    /// A record lacks a field, or a field has the wrong type or an impossible value.
    case invalidRecord
    /// Two records have the same id and width.
    case duplicateRecord
    /// The baseline was made by another command (`text`, `measure`, `layout`).
    case wrongCommand
    /// A file could not be read.
    case unreadableFile
  }

  /// The class of error.
  public var code: Code
  /// What is wrong.
  public var message: String
  /// The 1-based line of the baseline file, when the problem is on one line.
  public var line: Int?

  /// An error.
  public init(_ code: Code, _ message: String, line: Int? = nil) {
    self.code = code
    self.message = message
    self.line = line
  }

  /// `line N: message`, or the message alone.
  public var description: String { line.map { "line \($0): \(message)" } ?? message }
}
