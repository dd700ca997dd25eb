import CellSizing
import TextEngine

extension CellTemplate {
  /// The template with every style's line height replaced by `--line-height` (a multiple of
  /// the font size is taken of each style's own size); unchanged for nil.
  func overridingLineHeight(_ lineHeight: LineHeightArgument?) -> CellTemplate {
    guard let lineHeight else { return self }
    var template = self
    for (name, var style) in styles {
      style.text.lineHeight = lineHeight.lineHeight(fontSize: style.text.fontSize)
      template.styles[name] = style
    }
    return template
  }
}
