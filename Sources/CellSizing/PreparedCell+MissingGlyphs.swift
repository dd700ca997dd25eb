import TextEngine

extension PreparedCell {
  /// The prepared texts with glyphs no font has, with their element's name, in template order
  /// (a flow's chips each on their own).
  public var textsWithMissingGlyphs: [(element: String, text: PreparedText)] {
    var found: [(element: String, text: PreparedText)] = []
    Self.visitTexts(stack) { name, text in
      if text.missingGlyphs > 0 { found.append((name, text)) }
    }
    return found
  }

  static func missingGlyphCounts(_ stack: [CellNode]) -> [String: Int] {
    var counts: [String: Int] = [:]
    visitTexts(stack) { name, text in
      if text.missingGlyphs > 0 { counts[name, default: 0] += text.missingGlyphs }
    }
    return counts
  }

  /// Calls `body` with every prepared text of the visible elements (labels, and the chips a flow
  /// shows; its "+N" chips are made of digits).
  private static func visitTexts(_ nodes: [CellNode], _ body: (String, PreparedText) -> Void) {
    for node in nodes {
      switch node.content {
      case .text(let text): body(node.name, text)
      case .flow(let chips, _): for chip in chips { body(node.name, chip) }
      case .none, .placeholder, .aspect, .grid: break
      }
      visitTexts(node.children, body)
    }
  }
}
