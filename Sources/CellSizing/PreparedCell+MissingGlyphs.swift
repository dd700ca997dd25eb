public import TextEngine

extension PreparedCell {
  /// The visible elements whose texts have glyphs no font has, in template order: each with its
  /// count and its texts as styled spans (to name the code points, see
  /// `TextMeasurer.missingScalars(in:style:)`).
  public var textsWithMissingGlyphs: [(element: String, missingGlyphs: Int, spans: [TextSpan])] {
    var found: [(element: String, missingGlyphs: Int, spans: [TextSpan])] = []
    Self.visitTexts(stack) { name, count, spans in
      if count > 0 { found.append((name, count, spans())) }
    }
    return found
  }

  static func missingGlyphCounts(_ stack: [CellNode]) -> [String: Int] {
    var counts: [String: Int] = [:]
    visitTexts(stack) { name, count, _ in
      if count > 0 { counts[name, default: 0] += count }
    }
    return counts
  }

  /// Calls `body` with every text of the visible elements (labels, attributed labels and the
  /// chips a flow shows; its "+N" chips are made of digits): the element's name, the text's
  /// missing glyphs and its spans.
  private static func visitTexts(_ nodes: [CellNode], _ body: (String, Int, () -> [TextSpan]) -> Void) {
    for node in nodes {
      switch node.content {
      case .text(let text): body(node.name, text.missingGlyphs) { [TextSpan(text.text, style: text.style)] }
      case .attributed(let text): body(node.name, text.missingGlyphs) { text.spans }
      case .flow(let chips, _):
        for chip in chips { body(node.name, chip.missingGlyphs) { [TextSpan(chip.text, style: chip.style)] } }
      case .none, .placeholder, .aspect, .grid: break
      }
      visitTexts(node.children, body)
    }
  }
}
