import CellSizing
import Foundation
import TextEngine

extension Diagnostics {
  /// Writes `warning: <where>: <what>` to stderr.
  func warn(_ location: String, _ message: String) {
    FileHandle.standardError.write(Data("warning: \(location): \(message)\n".utf8))
  }

  /// Reports glyphs no font has in one item, once: a warning naming the item, each element and
  /// its first missing code points, or with `strict` an error (the item fails).
  /// - Parameter texts: the item's texts with missing glyphs, each with its element's name (nil
  ///   for `selfsize text`).
  /// - Returns: true when the item failed (strict).
  mutating func reportMissingGlyphs(
    at location: String, id: String, texts: [(element: String?, text: PreparedText)], measurer: TextMeasurer,
    strict: Bool
  ) -> Bool {
    guard !texts.isEmpty else { return false }
    var parts: [String] = []
    var index = 0
    while index < texts.count {
      // One part per element: its texts' counts added, their code points merged.
      let element = texts[index].element
      var count = 0
      var scalars: [Unicode.Scalar] = []
      while index < texts.count, texts[index].element == element {
        count += texts[index].text.missingGlyphs
        for scalar in measurer.missingScalars(of: texts[index].text) where !scalars.contains(scalar) {
          scalars.append(scalar)
        }
        index += 1
      }
      parts.append(
        (element.map { "element '\($0)': " } ?? "")
          + "\(count) missing glyph\(count == 1 ? "" : "s") (\(Self.codePoints(scalars)))")
    }
    let message = "id \(id): " + parts.joined(separator: "; ") + ": no font has them"
    if strict {
      report(location, message)
      return true
    }
    warn(location, message)
    return false
  }

  /// `U+0627 U+0644 …`: the first five code points, then an ellipsis.
  static func codePoints(_ scalars: [Unicode.Scalar]) -> String {
    let shown = scalars.prefix(5).map { "U+" + String(format: "%04X", $0.value) }
    return (shown + (scalars.count > 5 ? ["…"] : [])).joined(separator: " ")
  }

  /// Reports the missing glyphs of a template cell (see `reportMissingGlyphs(at:id:texts:…)`).
  mutating func reportMissingGlyphs(
    at location: String, cell: PreparedCell, measurer: TextMeasurer, strict: Bool
  ) -> Bool {
    reportMissingGlyphs(
      at: location, id: cell.item.id, texts: cell.textsWithMissingGlyphs.map { ($0.element, $0.text) },
      measurer: measurer, strict: strict)
  }
}
