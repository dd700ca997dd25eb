/// A recursive-descent JSON parser over UTF-8 bytes that reports the position of the first
/// error (`JSONValue.parse` is its public face).
///
/// The parser reads bytes it does not own: use it only inside the closure that lends them.
struct JSONParser {
  let bytes: UnsafeBufferPointer<UInt8>
  let rejectsDuplicateKeys: Bool
  var index = 0
  var depth = 0

  init(_ bytes: UnsafeBufferPointer<UInt8>, rejectsDuplicateKeys: Bool = false) {
    self.bytes = bytes
    self.rejectsDuplicateKeys = rejectsDuplicateKeys
  }

  /// The whole text: one value between optional white space.
  mutating func document() throws(JSONParseError) -> JSONValue {
    skipByteOrderMark()
    skipWhitespace()
    let value = try parseValue()
    skipWhitespace()
    guard index == bytes.count else {
      throw error(.trailingCharacters, "unexpected \(found) after the JSON value")
    }
    return value
  }

  // MARK: Values

  mutating func parseValue() throws(JSONParseError) -> JSONValue {
    guard index < bytes.count else {
      throw error(.unexpectedEnd, "unexpected end of the text; expected a value")
    }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
    default: throw error(.unexpectedCharacter, "expected a value, got \(found)")
    }
  }

  private mutating func literal(_ word: String, _ value: JSONValue) throws(JSONParseError) -> JSONValue {
    let start = index
    for byte in word.utf8 {
      guard index < bytes.count, bytes[index] == byte else {
        index = start
        throw error(.unexpectedCharacter, "expected a value, got \(found)")
      }
      index += 1
    }
    return value
  }

  private mutating func parseObject() throws(JSONParseError) -> JSONValue {
    try enterContainer()
    var members: [(String, JSONValue)] = []
    var seen = Set<String>()
    skipWhitespace()
    if consume("}") {
      depth -= 1
      return .object(members)
    }
    // Room for a record's usual few members at once, not a reallocation per doubling.
    members.reserveCapacity(4)
    while true {
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw unexpected("expected a string key in an object")
      }
      let keyStart = index
      let key = try parseString()
      if rejectsDuplicateKeys {
        // A linear scan for the few keys of a record; a set beyond that keeps it linear.
        let isDuplicate: Bool
        if members.count < 16 {
          isDuplicate = members.contains { $0.0 == key }
        } else {
          if seen.isEmpty { seen = Set(members.map(\.0)) }
          isDuplicate = !seen.insert(key).inserted
        }
        if isDuplicate {
          index = keyStart
          throw error(.duplicateKey, "duplicate key \"\(key)\" in an object")
        }
      }
      try skipColon()
      members.append((key, try parseValue()))
      if try endMember() { continue }
      depth -= 1
      return .object(members)
    }
  }

  private mutating func parseArray() throws(JSONParseError) -> JSONValue {
    try enterContainer()
    var elements: [JSONValue] = []
    skipWhitespace()
    if consume("]") {
      depth -= 1
      return .array(elements)
    }
    while true {
      elements.append(try parseValue())
      skipWhitespace()
      if consume(",") {
        skipWhitespace()
        if !consume("]") { continue }
      } else if !consume("]") {
        throw unexpected("expected \",\" or \"]\" in an array")
      }
      depth -= 1
      return .array(elements)
    }
  }

  /// Steps over the `:` after an object key, and the white space around it.
  @inline(__always) mutating func skipColon() throws(JSONParseError) {
    skipWhitespace()
    guard consume(":") else { throw unexpected("expected \":\" after an object key") }
    skipWhitespace()
  }

  /// Steps over what ends an object member: `,` (and a `}` right after it) or `}`, with the
  /// white space around; true when another member follows.
  @inline(__always) mutating func endMember() throws(JSONParseError) -> Bool {
    skipWhitespace()
    if consume(",") {
      skipWhitespace()
      return !consume("}")
    }
    guard consume("}") else { throw unexpected("expected \",\" or \"}\" in an object") }
    return false
  }

  /// Steps over `{` or `[`, counting the depth.
  mutating func enterContainer() throws(JSONParseError) {
    guard depth < JSONValue.maximumDepth else {
      throw error(.tooDeep, "arrays and objects nested deeper than \(JSONValue.maximumDepth) levels")
    }
    depth += 1
    index += 1
  }

  // MARK: Numbers

  private mutating func parseNumber() throws(JSONParseError) -> Double {
    let start = index
    _ = consume("-")
    guard index < bytes.count, isDigit(bytes[index]) else {
      throw error(.invalidNumber, "expected a digit in a number, got \(found)")
    }
    if bytes[index] == UInt8(ascii: "0"), index + 1 < bytes.count, isDigit(bytes[index + 1]) {
      throw error(.invalidNumber, "a number cannot start with 0")
    }
    skipDigits()
    var isInteger = true
    if consume(".") {
      isInteger = false
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw error(.invalidNumber, "expected a digit after the decimal point, got \(found)")
      }
      skipDigits()
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      isInteger = false
      index += 1
      if !consume("+") { _ = consume("-") }
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw error(.invalidNumber, "expected a digit in the exponent, got \(found)")
      }
      skipDigits()
    }
    let text = bytes[start..<index]
    // Up to 15 digits, an integer is exact in a Double: no need for the general conversion.
    if isInteger, text.count <= 15 {
      var magnitude = 0
      for byte in text where byte != UInt8(ascii: "-") { magnitude = magnitude * 10 + Int(byte &- 48) }
      return text.first == UInt8(ascii: "-") ? -Double(magnitude) : Double(magnitude)
    }
    let string = String(decoding: text, as: UTF8.self)
    guard let value = Double(string), value.isFinite else {
      index = start
      throw error(.numberOutOfRange, "the number \(TerminalText.excerpt(string)) is out of range")
    }
    return value
  }

  private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

  private mutating func skipDigits() {
    while index < bytes.count, isDigit(bytes[index]) { index += 1 }
  }

  // MARK: Strings

  /// A string literal, the opening quote at `index`.
  mutating func parseString() throws(JSONParseError) -> String {
    let quote = index
    if let content = try scanPlainString() {
      try checkUTF8(content)
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[content]), as: UTF8.self)
    }
    index = quote
    return try decodeString()
  }

  /// Steps over a string literal without escapes, the opening quote at `index`, and returns
  /// its content's range (not yet checked to be UTF-8); at an escape, returns nil with `index`
  /// at its backslash.
  mutating func scanPlainString() throws(JSONParseError) -> Range<Int>? {
    index += 1
    let start = index
    guard try skipRun() == UInt8(ascii: "\"") else { return nil }
    index += 1
    return start..<(index - 1)
  }

  /// A string literal with escapes, the opening quote at `index`.
  private mutating func decodeString() throws(JSONParseError) -> String {
    String(decoding: try decodeStringBytes(), as: UTF8.self)
  }

  /// The UTF-8 of a string literal with escapes, the opening quote at `index`: its runs
  /// checked and copied, its escapes decoded, into one buffer.
  mutating func decodeStringBytes() throws(JSONParseError) -> [UInt8] {
    index += 1
    var result: [UInt8] = []
    result.reserveCapacity(64)
    while true {
      let runStart = index
      let end = try skipRun()
      try checkUTF8(runStart..<index)
      result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
      if end == UInt8(ascii: "\"") {
        index += 1
        return result
      }
      result.append(contentsOf: UTF8.encode(try parseEscape()).unsafelyUnwrapped)
    }
  }

  /// Steps to the next `"` or `\` in a string literal and returns it.
  private mutating func skipRun() throws(JSONParseError) -> UInt8 {
    let base = UnsafeRawPointer(bytes.baseAddress)
    while true {
      // Eight bytes at a time while none of them ends the run.
      if let base, bytes.count &- index >= 8,
        !ByteWord.hasJSONStringSpecial(base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      {
        index &+= 8
        continue
      }
      guard index < bytes.count else { throw error(.unexpectedEnd, "unexpected end of the text in a string") }
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): return byte
      case 0..<0x20:
        throw error(
          .controlCharacter, "unescaped control character U+\(hex(UInt32(byte), digits: 4)) in a string")
      default: index += 1
      }
    }
  }

  /// Checks that the bytes of `range` (a run without escapes) are UTF-8; otherwise throws,
  /// naming the first bytes that are not.
  @inline(__always) mutating func checkUTF8(_ range: Range<Int>) throws(JSONParseError) {
    if !UTF8Validation.isValid(UnsafeBufferPointer(rebasing: bytes[range])) {
      try reportInvalidUTF8(in: range)
    }
  }

  /// Throws the error for the first bytes of `range` that are not UTF-8 (out of line).
  @inline(never) private mutating func reportInvalidUTF8(in range: Range<Int>) throws(JSONParseError) {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes[range].makeIterator()
    var offset = range.lowerBound
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .error(let length):
        index = offset
        let shown = bytes[offset..<offset + length].map { "0x" + hex(UInt32($0), digits: 2) }
        throw error(.invalidUTF8, "bytes that are not UTF-8 (\(shown.joined(separator: " "))) in a string")
      case .emptyInput: return
      }
    }
  }

  /// Whether two byte buffers hold the same bytes (eight at a time).
  static func bytesEqual(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>) -> Bool {
    let count = first.count
    guard count == second.count else { return false }
    guard count > 0, let left = UnsafeRawPointer(first.baseAddress),
      let right = UnsafeRawPointer(second.baseAddress)
    else { return true }
    var offset = 0
    while count &- offset >= 8 {
      guard
        left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          == right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      else { return false }
      offset &+= 8
    }
    while offset < count {
      guard first[offset] == second[offset] else { return false }
      offset &+= 1
    }
    return true
  }

  /// An escape sequence, the backslash at `index`.
  private mutating func parseEscape() throws(JSONParseError) -> Unicode.Scalar {
    let start = index
    index += 1
    guard index < bytes.count else { throw error(.unexpectedEnd, "unexpected end of the text in a string") }
    let byte = bytes[index]
    index += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{8}"
    case UInt8(ascii: "f"): return "\u{C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"): break
    default:
      index -= 1
      throw error(.invalidEscape, "unknown escape in a string: \\ followed by \(found)")
    }
    let unit = try hexUnit()
    switch unit {
    case 0xD800..<0xDC00:
      let low: UInt16? =
        if bytes[index...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) {
          try peekLowSurrogate()
        } else {
          nil
        }
      guard let low else {
        index = start
        throw error(
          .unpairedSurrogate,
          "unpaired surrogate \\u\(hex(UInt32(unit), digits: 4)) (no low surrogate follows)")
      }
      index += 6
      return Unicode.Scalar(0x10000 + (UInt32(unit) - 0xD800) << 10 + (UInt32(low) - 0xDC00))!
    case 0xDC00..<0xE000:
      index = start
      throw error(
        .unpairedSurrogate,
        "unpaired surrogate \\u\(hex(UInt32(unit), digits: 4)) (no high surrogate before it)")
    default:
      return Unicode.Scalar(unit)!
    }
  }

  /// The low surrogate of a `\uXXXX` at `index`, or nil when it is another code unit.
  private mutating func peekLowSurrogate() throws(JSONParseError) -> UInt16? {
    let start = index
    index += 2
    let unit = try hexUnit()
    index = start
    return (0xDC00..<0xE000).contains(unit) ? unit : nil
  }

  /// The four hex digits of a `\u` escape at `index`.
  private mutating func hexUnit() throws(JSONParseError) -> UInt16 {
    var unit: UInt16 = 0
    for _ in 0..<4 {
      guard index < bytes.count else { throw error(.unexpectedEnd, "unexpected end of the text in a string") }
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw error(.invalidEscape, "expected four hex digits after \\u, got \(found)")
      }
      unit = unit << 4 | UInt16(digit)
      index += 1
    }
    return unit
  }

  // MARK: Positions and errors

  /// Steps over a UTF-8 byte order mark at the start of the text.
  mutating func skipByteOrderMark() {
    if index == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
  }

  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
      default: return
      }
    }
  }

  /// Steps over `character` when it is next.
  mutating func consume(_ character: Unicode.Scalar) -> Bool {
    guard index < bytes.count, bytes[index] == UInt8(character.value) else { return false }
    index += 1
    return true
  }

  /// What stands at `index`, for messages: `"x"`, `U+0007`, `byte 0xFF` or `the end of the text`.
  private var found: String {
    guard index < bytes.count else { return "the end of the text" }
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes[index...].makeIterator()
    guard case .valid(let encoded) = parser.parseScalar(from: &iterator) else {
      return "byte 0x" + hex(UInt32(bytes[index]), digits: 2)
    }
    let scalar = Unicode.UTF8.decode(encoded)
    if scalar.value < 0x20 || scalar.properties.generalCategory == .format
      || scalar.properties.isWhitespace
    {
      return "U+" + hex(scalar.value, digits: 4)
    }
    return "\"\(Character(scalar))\""
  }

  private func unexpected(_ expectation: String) -> JSONParseError {
    error(
      index < bytes.count ? .unexpectedCharacter : .unexpectedEnd, "\(expectation), got \(found)")
  }

  /// An error at `index`, with its line and column.
  private func error(_ code: JSONParseError.Code, _ message: String) -> JSONParseError {
    var line = 1
    var column = 1
    for byte in bytes[..<min(index, bytes.count)] {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return JSONParseError(code, message, offset: index, line: line, column: column)
  }
}

/// `value` in upper-case hex, zero-padded to `digits`.
private func hex(_ value: UInt32, digits: Int) -> String {
  let text = String(value, radix: 16, uppercase: true)
  return String(repeating: "0", count: max(0, digits - text.count)) + text
}
