public import Foundation

extension JSONValue {
  /// How deeply arrays and objects may nest in parsed text.
  public static let maximumDepth = 512

  /// Parses JSON text (RFC 8259), encoded as UTF-8.
  ///
  /// Objects keep every member in document order; a repeated key is kept too, or is an error
  /// (`duplicateKey`) when `rejectingDuplicateKeys` is true. Like Foundation's parsers, it
  /// accepts a leading byte order mark and one trailing comma before `]` or `}`. Numbers are
  /// read as the nearest `Double`.
  /// - Throws: `JSONParseError` with the line and column of the first error.
  public static func parse(_ data: Data, rejectingDuplicateKeys: Bool = false) throws(JSONParseError)
    -> JSONValue
  {
    let result: Result<JSONValue, JSONParseError> = data.withUnsafeBytes { raw in
      parseResult(raw.bindMemory(to: UInt8.self), rejectingDuplicateKeys: rejectingDuplicateKeys)
    }
    return try result.get()
  }

  /// Parses JSON text (RFC 8259), as the `Data` overload does.
  /// - Throws: `JSONParseError` with the line and column of the first error.
  public static func parse(_ text: some StringProtocol, rejectingDuplicateKeys: Bool = false)
    throws(JSONParseError) -> JSONValue
  {
    var string = String(text)
    let result = string.withUTF8 { parseResult($0, rejectingDuplicateKeys: rejectingDuplicateKeys) }
    return try result.get()
  }

  /// Parses JSON text in `utf8`, as the `Data` overload does.
  /// - Throws: `JSONParseError` with the line and column of the first error.
  public static func parse(utf8: UnsafeBufferPointer<UInt8>, rejectingDuplicateKeys: Bool = false)
    throws(JSONParseError) -> JSONValue
  {
    var parser = JSONParser(utf8, rejectsDuplicateKeys: rejectingDuplicateKeys)
    return try parser.document()
  }

  private static func parseResult(_ bytes: UnsafeBufferPointer<UInt8>, rejectingDuplicateKeys: Bool)
    -> Result<JSONValue, JSONParseError>
  {
    var parser = JSONParser(bytes, rejectsDuplicateKeys: rejectingDuplicateKeys)
    do throws(JSONParseError) {
      return .success(try parser.document())
    } catch {
      return .failure(error)
    }
  }
}
