import Foundation
import TextEngine

extension ReportScene {
  /// The distinct font files of both chains, each with the CSS family name the SVG and HTML
  /// pictures give it (`selfsize-0`, `selfsize-1`, …).
  var fontFamilies: [(path: String, family: String)] {
    var seen: [String] = []
    for path in regularFonts + boldFonts where !seen.contains(path) { seen.append(path) }
    return seen.enumerated().map { ($1, "selfsize-\($0)") }
  }

  /// `@font-face` rules referencing the font files by absolute `file://` URL.
  var fontFaceCSS: String {
    fontFamilies.map { path, family in
      let url = URL(fileURLWithPath: path).absoluteString
      return "@font-face { font-family: \"\(family)\"; src: url(\"\(url)\"); font-weight: 100 900; }"
    }.joined(separator: "\n")
  }

  /// The CSS `font-family` list of a label's chain.
  func fontFamilyList(for weight: FontWeight) -> String {
    let families = Dictionary(
      fontFamilies.map { ($0.path, $0.family) }, uniquingKeysWith: { first, _ in first })
    let paths = weight == .bold ? boldFonts : regularFonts
    return (paths.compactMap { families[$0] }.map { "'\($0)'" } + ["sans-serif"]).joined(separator: ", ")
  }
}

/// Escapes text for XML and HTML content and attribute values.
func markupEscaped(_ text: String) -> String {
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
func cssNumber(_ value: Double) -> String { JSONValue.format((value * 1000).rounded() / 1000) }
