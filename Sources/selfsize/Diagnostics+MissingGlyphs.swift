import CellSizing
import Feed
import TextEngine

extension Diagnostics {
  /// Warns once about glyphs no font has in a template cell that was laid out: the item, each
  /// element and its first missing code points (with `--strict` such an item is a failure
  /// instead, left out of the layout).
  func warnMissingGlyphs(at location: String, cell: PreparedCell, measurer: TextMeasurer) {
    guard let error = MissingGlyphReport.error(for: cell, measurer: measurer) else { return }
    let message = "id \(cell.item.id): \(error.message)"
    StandardError.write("warning: \(TerminalText.escaped(location)): \(TerminalText.escaped(message))\n")
  }
}
