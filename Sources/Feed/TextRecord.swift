import SelfSizingCore

/// One `{"id": "...", "text": "..."}` input line of `selfsize text` (other keys ignored).
public struct TextRecord: Sendable, Hashable {
  /// The record's id.
  public var id: String
  /// The paragraph.
  public var text: String
  /// The 1-based line in its input, when it came from one.
  public var line: Int?

  /// A record.
  public init(id: String, text: String, line: Int? = nil) {
    self.id = id
    self.text = text
    self.line = line
  }

  /// Reads `text` from a JSON Lines record.
  /// - Throws: `RecordError` naming the line and id (missing or mistyped `"text"`).
  public init(_ record: JSONRecord) throws(RecordError) {
    try self.init(record, field: "text")
  }

  /// Reads the text from the string field `field` of a JSON Lines record (`"title"` measures
  /// a feed's titles).
  /// - Throws: `RecordError` naming the line, id and field (missing or not a string).
  public init(_ record: JSONRecord, field: String) throws(RecordError) {
    self.init(id: record.id, text: try record.string(field), line: record.line)
  }

  /// Decodes one line of JSON Lines by the rules of `JSONRecord`.
  /// - Throws: `RecordError` saying what is wrong (invalid JSON or UTF-8, not an object,
  ///   duplicate keys, missing or mistyped `id` / `text`).
  public init(utf8 line: UnsafeBufferPointer<UInt8>, line number: Int) throws(RecordError) {
    try self.init(JSONRecord(utf8: line, line: number))
  }

  /// Decodes one line of JSON Lines text by the rules of `JSONRecord`.
  /// - Throws: `RecordError` saying what is wrong.
  public init(jsonLine: some StringProtocol, line number: Int = 1) throws(RecordError) {
    try self.init(JSONRecord(jsonLine, line: number))
  }
}
