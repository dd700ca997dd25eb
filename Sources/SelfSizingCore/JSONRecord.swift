/// One record of JSON Lines input, read by the one rule every command shares: the line is a
/// JSON object in UTF-8, no key appears twice, and `"id"` is a non-empty string.
///
/// ```swift
/// let record = try JSONRecord(utf8: lineBytes, line: 7)
/// let text = try record.string("text")  // "id a: missing field \"text\"" when absent
/// ```
public struct JSONRecord: Sendable, Hashable {
  /// The 1-based line number in its input.
  public var line: Int
  /// The `"id"`.
  public var id: String
  /// Every member in input order, `id` included.
  public var members: [(String, JSONValue)]

  /// Reads one line (without its line end).
  /// - Throws: `RecordError` (`invalidJSON`, `invalidUTF8`, `duplicateKey`, `notAnObject`,
  ///   `missingID`, `invalidID`) carrying `line`, and the id when it was readable.
  public init(utf8: UnsafeBufferPointer<UInt8>, line: Int) throws(RecordError) {
    let value: JSONValue
    do throws(JSONParseError) {
      value = try JSONValue.parse(utf8: utf8, rejectingDuplicateKeys: true)
    } catch {
      let code: RecordError.Code =
        switch error.code {
        case .invalidUTF8: .invalidUTF8
        case .duplicateKey: .duplicateKey
        default: .invalidJSON
        }
      let what = code == .invalidJSON ? "invalid JSON: " : ""
      throw RecordError(code, what + error.descriptionWithinLine, line: line)
    }
    guard case .object(let members) = value else {
      throw RecordError(.notAnObject, "expected a JSON object, got \(value.typeName)", line: line)
    }
    guard let idValue = members.first(where: { $0.0 == "id" })?.1 else {
      throw RecordError(.missingID, "missing field \"id\"", line: line)
    }
    guard case .string(let id) = idValue, !id.isEmpty else {
      let found = idValue == .string("") ? "an empty string" : idValue.typeName
      throw RecordError(.invalidID, "field \"id\" must be a non-empty string, got \(found)", line: line)
    }
    self.line = line
    self.id = id
    self.members = members
  }

  /// Reads one line of text, as the bytes initializer does.
  public init(_ text: some StringProtocol, line: Int) throws(RecordError) {
    var string = String(text)
    let result: Result<JSONRecord, RecordError> = string.withUTF8 { bytes in
      do throws(RecordError) {
        return .success(try JSONRecord(utf8: bytes, line: line))
      } catch {
        return .failure(error)
      }
    }
    self = try result.get()
  }

  /// The value of `key`, or nil when absent.
  public subscript(key: String) -> JSONValue? {
    members.first { $0.0 == key }?.1
  }

  /// The string value of a required field.
  /// - Throws: `RecordError` (`missingField` or `wrongType`) naming the field.
  public func string(_ key: String) throws(RecordError) -> String {
    switch self[key] {
    case .string(let string): return string
    case nil: throw error(.missingField, "missing field \"\(key)\"")
    case let value?: throw error(.wrongType, "field \"\(key)\" must be a string, got \(value.typeName)")
    }
  }

  /// An error about this record (its line and id filled in).
  public func error(_ code: RecordError.Code, _ message: String) -> RecordError {
    RecordError(code, message, line: line, id: id)
  }

  /// Equal when the line, id and members (in order) are equal.
  public static func == (lhs: JSONRecord, rhs: JSONRecord) -> Bool {
    lhs.line == rhs.line && lhs.id == rhs.id && JSONValue.object(lhs.members) == JSONValue.object(rhs.members)
  }

  /// Hashes the line and the members.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(line)
    hasher.combine(JSONValue.object(members))
  }
}
