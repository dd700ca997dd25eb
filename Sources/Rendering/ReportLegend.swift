/// What the colours of the report pictures mean (drawn in PNG and SVG headers and on the HTML
/// pages).
enum ReportLegend {
  struct Entry {
    var fill: RGBColor
    var edge: RGBColor
    var text: String
  }

  static let entries = [
    Entry(fill: ReportPalette.card, edge: ReportPalette.cardEdge, text: "card (template cell)"),
    Entry(fill: ReportPalette.image, edge: ReportPalette.imageLine, text: "image placeholder at its aspect"),
    Entry(fill: ReportPalette.column, edge: ReportPalette.columnEdge, text: "column"),
    Entry(fill: ReportPalette.card, edge: ReportPalette.truncatedEdge, text: "a label truncated (…)"),
    Entry(fill: ReportPalette.card, edge: ReportPalette.clippedEdge, text: "clipped by maxHeight"),
    Entry(fill: ReportPalette.tag, edge: ReportPalette.tag, text: "id · height in pt"),
  ]
}
