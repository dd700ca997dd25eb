import SelfSizingCore

/// Text and numbers written into SVG, HTML and CSS.
enum Markup {
  /// Escapes text for XML and HTML content and attribute values.
  static func escaped(_ text: String) -> String {
    var output = ""
    output.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "\"": output += "&quot;"
      case "'": output += "&#39;"
      case _ where scalar.value < 0x20 && scalar != "\n" && scalar != "\t": output += " "
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output
  }

  /// A number for SVG and CSS: at most 3 decimals.
  static func number(_ value: Double) -> String { JSONValue.format(value, decimals: 3) }
}
