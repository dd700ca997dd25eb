import Feed
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

  /// The font files the scene's glyphs come from (card labels, captions, the header and tags):
  /// the fonts its pictures need, a subset of the chains'.
  public var usedFontPaths: Set<String> {
    var labels = cells.flatMap(\.labels) + captions + tags.map(\.label)
    labels += header?.labels ?? []
    return Self.fontPaths(of: labels)
  }

  /// The font files the glyphs of `labels` come from.
  static func fontPaths(of labels: [SceneLabel]) -> Set<String> {
    var paths = Set<String>()
    for label in labels {
      for line in label.lines {
        for run in line.runs { paths.insert(run.font.path) }
        for piece in line.pieces {
          for run in piece.runs { paths.insert(run.font.path) }
        }
      }
    }
    return paths
  }

  /// ``fontFileNames`` of the files in `paths` only (same names, same order).
  public func fontFileNames(in paths: Set<String>) -> [(path: String, fileName: String)] {
    fontFileNames.filter { paths.contains($0.path) }
  }

  /// The folder beside an HTML report, `fonts`, that its font files are copied into (see
  /// ``html(title:summary:fontFolder:)``).
  public static let htmlFontFolder = "fonts"

  /// The distinct font files of both chains, in the order of their CSS families, each with the
  /// name it has in a fonts folder: its own file name, prefixed with its family's number
  /// (`1-Font.otf`) when two files share a name.
  public var fontFileNames: [(path: String, fileName: String)] {
    let names = fontFamilies.map { URL(fileURLWithPath: $0.path).lastPathComponent }
    return zip(fontFamilies, names).enumerated().map { index, font in
      let (family, name) = font
      return (family.path, names.filter { $0 == name }.count > 1 ? "\(index)-\(name)" : name)
    }
  }

  /// `@font-face` rules referencing the font files by absolute `file://` URL or, with
  /// `fontFolder`, by URL relative to the page: `fontFolder/<file name>` (``fontFileNames``).
  /// With `only`, just the rules of those files (the ones copied into the folder).
  func fontFaceCSS(fontFolder: String? = nil, only paths: Set<String>? = nil) -> String {
    zip(fontFamilies, fontFileNames).filter { paths?.contains($0.0.path) ?? true }.map { font, file in
      let url: String
      if let fontFolder {
        let relative = "\(fontFolder)/\(file.fileName)"
        url = relative.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? relative
      } else {
        url = URL(fileURLWithPath: font.path).absoluteString
      }
      // Characters markup or CSS would read ('&' in XML, quotes) are percent-encoded: the URL is
      // the same file and the rule stays valid in an SVG's XML and an HTML <style>.
      let safe = url.replacingOccurrences(of: "&", with: "%26").replacingOccurrences(of: "'", with: "%27")
        .replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "<", with: "%3C")
        .replacingOccurrences(of: ">", with: "%3E")
      return "@font-face { font-family: \"\(font.family)\"; src: url(\"\(safe)\"); font-weight: 100 900; }"
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
