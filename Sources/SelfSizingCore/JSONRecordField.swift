/// The `id` and one string field of a JSON Lines record, read from its line without building
/// the other members: the fast path of `selfsize text`, which reads nothing else.
package struct JSONRecordField: Sendable, Hashable {
  /// Where the field's text is.
  package enum Text: Sendable, Hashable {
    /// The text is the line's bytes in this range (a string without escapes, valid UTF-8).
    case utf8(Range<Int>)
    /// The text had escapes: its UTF-8, decoded.
    case decoded([UInt8])
  }

  /// The `id`: the line's bytes in this range (a non-empty string without escapes, valid UTF-8).
  package var id: Range<Int>
  /// The field's text.
  package var text: Text
}

extension JSONRecord {
  /// The `id` and string field `field` of a JSON Lines line, when the line is a record as
  /// `init(utf8:line:)` reads it, `id` has no escapes and the object has at most eight members;
  /// nil otherwise, and then `init(utf8:line:)` reads the line (and says what is wrong with it).
  package static func idAndStringField(_ field: String, in line: UnsafeBufferPointer<UInt8>)
    -> JSONRecordField?
  {
    var field = field
    return field.withUTF8 { name in
      var parser = JSONParser(line, rejectsDuplicateKeys: true)
      return parser.idAndStringField(named: name)
    }
  }
}
