/// Text from input made safe to show on a terminal: control characters (C0, DEL, C1) and the
/// bidi controls that reorder a line become visible escapes, so an id such as `"e\u{1B}[2J"`
/// cannot clear the screen or hide the rest of a message.
public enum TerminalText {
  /// `text` with control characters as `\n`, `\t`, `\r`, `\e` or `\u{XX}`; nothing else changes.
  public static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      guard needsEscape(scalar) else {
        result.unicodeScalars.append(scalar)
        continue
      }
      switch scalar {
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      case "\u{1B}": result += "\\e"
      default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      }
    }
    return result
  }

  /// A token from input quoted in a message: ``escaped(_:)``, and when it has more than `limit`
  /// characters, its first `limit` and how many there are (`1000000000… (100001 characters)`),
  /// so a huge number, key or id never floods a terminal or a log.
  public static func excerpt(_ text: some StringProtocol, limit: Int = 40) -> String {
    guard let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex),
      end != text.endIndex
    else { return escaped(String(text)) }
    return escaped(String(text[..<end])) + "… (\(text.count) characters)"
  }

  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
      || (0x2066...0x2069).contains(value)
  }
}
