/// Text written into HTML and SVG (content and attribute values): the one escaping every page
/// the package writes uses.
public enum HTMLText {
  /// `text` with `&`, `<`, `>`, `"` and `'` as character references; with `replacingControls`,
  /// control characters other than line feed and tab as spaces (XML cannot carry them).
  public static func escaped(_ text: String, replacingControls: Bool = false) -> String {
    var output = ""
    output.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "\"": output += "&quot;"
      case "'": output += "&#39;"
      case _ where replacingControls && scalar.value < 0x20 && scalar != "\n" && scalar != "\t": output += " "
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output
  }
}
