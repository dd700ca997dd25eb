public import Foundation

extension JSONValue {
  /// How deeply arrays and objects may nest in parsed text.
  public static let maximumDepth = 512

  /// Parses JSON text (RFC 8259), encoded as UTF-8.
  ///
  /// Objects keep every member in document order, repeated keys included. Like Foundation's
  /// parsers, it accepts a leading byte order mark and one trailing comma before `]` or `}`.
  /// Numbers are read as the nearest `Double`.
  /// - Throws: `JSONParseError` with the line and column of the first error.
  public static func parse(_ data: Data) throws(JSONParseError) -> JSONValue {
    var parser = JSONParser(Array(data))
    return try parser.document()
  }

  /// Parses JSON text (RFC 8259), as the `Data` overload does.
  /// - Throws: `JSONParseError` with the line and column of the first error.
  public static func parse(_ text: some StringProtocol) throws(JSONParseError) -> JSONValue {
    var parser = JSONParser(Array(text.utf8))
    return try parser.document()
  }
}
