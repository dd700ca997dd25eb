/// The colours of the report pictures (shared by PNG, SVG and HTML).
enum ReportPalette {
  static let background = RGBColor(0xF2F3F5)
  static let column = RGBColor(0xE3E9F4)
  static let columnEdge = RGBColor(0x9DB2D8)
  static let card = RGBColor(0xFFFFFF)
  static let cardEdge = RGBColor(0xB8BCC4)
  static let clippedEdge = RGBColor(0xD93025)
  static let image = RGBColor(0xD6DEE8)
  static let imageLine = RGBColor(0x98A6B8)
  static let labelBox = RGBColor(0xF1C27D)
  static let decoration = RGBColor(0xFFF1CC)
  static let decorationEdge = RGBColor(0xE0A800)
  static let boldText = RGBColor(0x1F2328)
  static let text = RGBColor(0x57606A)
}
