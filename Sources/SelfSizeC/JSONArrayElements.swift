/// The top-level elements of a JSON array, as byte ranges, found without parsing them: each
/// element is then read by the same code as one line of the CLI's JSON Lines input, so a bad
/// element is that element's error, as a bad line is.
enum JSONArrayElements {
  /// The byte ranges of the elements of the array `bytes` holds (whitespace around each trimmed).
  /// - Throws: `invalidJSON` when `bytes` is not an array (after optional whitespace), an element
  ///   is empty (`[1,,2]`, a trailing comma), the array is not closed, or something follows it.
  static func ranges(in bytes: UnsafeBufferPointer<UInt8>, name: String) throws(BindingError) -> [Range<Int>]
  {
    let count = bytes.count
    var index = 0
    func skipSpace() {
      while index < count, isSpace(bytes[index]) { index += 1 }
    }
    skipSpace()
    guard index < count, bytes[index] == UInt8(ascii: "[") else {
      throw BindingError(.invalidJSON, "\(name) must be a JSON array")
    }
    index += 1
    skipSpace()
    var ranges: [Range<Int>] = []
    func append(_ start: Int, _ end: Int) throws(BindingError) {
      var end = end
      while end > start, isSpace(bytes[end - 1]) { end -= 1 }
      guard end > start else {
        throw BindingError(.invalidJSON, "\(name): element \(ranges.count) is empty (at byte \(start))")
      }
      ranges.append(start..<end)
    }
    if index < count, bytes[index] == UInt8(ascii: "]") {
      index += 1
    } else {
      elements: while true {
        let start = index
        var depth = 0
        var inString = false
        while true {
          guard index < count else {
            throw BindingError(
              .invalidJSON, "\(name): the array ends without \"]\" (element \(ranges.count))")
          }
          let byte = bytes[index]
          if inString {
            if byte == UInt8(ascii: "\\") {
              index += 2
              continue
            }
            if byte == UInt8(ascii: "\"") { inString = false }
            index += 1
            continue
          }
          switch byte {
          case UInt8(ascii: "\""): inString = true
          case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
          case UInt8(ascii: "}"), UInt8(ascii: "]"):
            if depth == 0 {
              guard byte == UInt8(ascii: "]") else {
                throw BindingError(.invalidJSON, "\(name): unexpected \"}\" at byte \(index)")
              }
              try append(start, index)
              index += 1
              break elements
            }
            depth -= 1
          case UInt8(ascii: ","):
            if depth == 0 {
              try append(start, index)
              index += 1
              skipSpace()
              continue elements
            }
          default: break
          }
          index += 1
        }
      }
    }
    skipSpace()
    guard index >= count else {
      throw BindingError(.invalidJSON, "\(name): unexpected bytes after the array at byte \(index)")
    }
    return ranges
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }
}
