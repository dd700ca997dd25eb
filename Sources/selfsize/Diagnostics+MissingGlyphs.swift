import CellSizing
import Feed
import TextEngine

extension Diagnostics {
  /// Reports glyphs no font has in a template cell, once: a warning naming the item, each
  /// element and its first missing code points, or with `strict` an error.
  /// - Returns: true when it was an error.
  mutating func reportMissingGlyphs(
    at location: String, cell: PreparedCell, measurer: TextMeasurer, strict: Bool
  ) -> Bool {
    guard let error = MissingGlyphReport.error(for: cell, measurer: measurer) else { return false }
    let message = "id \(cell.item.id): \(error.message)"
    if strict {
      report(location, message)
      return true
    }
    StandardError.write("warning: \(TerminalText.escaped(location)): \(TerminalText.escaped(message))\n")
    return false
  }
}
