extension JSONParser {
  /// The whole text as a record whose `id` and string field `field` are read without building
  /// the other members (which are parsed all the same, so the line is checked as fully as by
  /// `document()`). nil whenever the general reader is needed: any error (it reports it), an
  /// `id` or a key with escapes, a missing or mistyped `id` or field, more than eight members
  /// (their keys are kept on the stack to find duplicates).
  mutating func idAndStringField(named field: UnsafeBufferPointer<UInt8>) -> JSONRecordField? {
    do throws(JSONParseError) {
      return try readIDAndStringField(named: field)
    } catch {
      return nil
    }
  }

  private mutating func readIDAndStringField(named field: UnsafeBufferPointer<UInt8>) throws(JSONParseError)
    -> JSONRecordField?
  {
    skipByteOrderMark()
    skipWhitespace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
    try enterContainer()
    skipWhitespace()
    var keys = InlineArray<8, Range<Int>>(repeating: 0..<0)
    var keyCount = 0
    var id: Range<Int>?
    var text: JSONRecordField.Text?
    repeat {
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), keyCount < keys.count,
        let key = try scanPlainString()
      else { return nil }
      try checkUTF8(key)
      for earlier in 0..<keyCount where Self.bytesEqual(slice(keys[earlier]), slice(key)) { return nil }
      keys[keyCount] = key
      keyCount += 1
      try skipColon()
      let isID =
        key.count == 2 && bytes[key.lowerBound] == UInt8(ascii: "i")
        && bytes[key.lowerBound + 1] == UInt8(ascii: "d")
      if isID || Self.bytesEqual(slice(key), field) {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        let quote = index
        if let plain = try scanPlainString() {
          try checkUTF8(plain)
          if isID { id = plain } else { text = .utf8(plain) }
        } else {
          guard !isID else { return nil }
          index = quote
          text = .decoded(try decodeStringBytes())
        }
      } else {
        _ = try parseValue()
      }
    } while try endMember()
    skipWhitespace()
    guard index == bytes.count, let id, !id.isEmpty, let text else { return nil }
    return JSONRecordField(id: id, text: text)
  }

  private func slice(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: bytes[range])
  }
}
