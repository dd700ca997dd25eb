import CellSizing
import TextEngine

extension CellTemplate {
  /// The template with SkParagraph's rounding hack on or off in every style
  /// (`--flutter-rounding-hack`).
  func overridingFlutterRoundingHack(_ roundingHack: Bool) -> CellTemplate {
    var template = self
    for (name, var style) in styles {
      style.text.flutterRoundingHack = roundingHack
      template.styles[name] = style
    }
    return template
  }
}
