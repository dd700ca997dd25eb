import TextEngine

/// A visible template element bound to one item's data: its prepared content and its visible
/// children. Solving a tree of them at a width is one pass over the nodes.
struct CellNode: Sendable, Hashable {
  /// What the node shows, with everything width-independent done.
  enum Content: Sendable, Hashable {
    /// Rows, stacks, overlays and spacers: the element's kind says the rest.
    case none
    /// A label's prepared text.
    case text(PreparedText)
    /// An attributed label's (or a label with a truncation token's) prepared paragraph.
    case attributed(AttributedText)
    /// A stand-in text of a fixed size (structure checks without data).
    case placeholder(width: Double, height: Double)
    /// An image whose height is its content width ÷ this aspect ratio.
    case aspect(Double)
    /// An image grid: how many cells, and the single image's aspect ratio.
    case grid(count: Int, singleAspect: Double)
    /// Chips: each chip's prepared text, and the "+N" chip's for N = 1...chips.count.
    case flow(chips: [PreparedText], more: [PreparedText])
  }

  /// The template element.
  let element: Element
  /// Its bound content.
  let content: Content
  /// Visible children (rows, stacks; an overlay's child).
  let children: [CellNode]
  /// For attributed labels: the template style name of each prepared span.
  var spanStyles: [String] = []

  var name: String { element.name }

  var isOverlay: Bool {
    if case .overlay = element.kind { return true }
    return false
  }

  var isTextual: Bool {
    switch content {
    case .text, .attributed, .placeholder: true
    default: false
    }
  }

  /// A width fixed by the template (``Element/fixedWidth(inRow:)``).
  func fixedWidth(inRow: Bool) -> Double? { element.fixedWidth(inRow: inRow) }

  /// The width of the content on one line, padding included (0 for images and grids).
  var intrinsicWidth: Double {
    let padding = element.padding.horizontal
    switch content {
    case .text(let text): return text.unconstrainedWidth + padding
    case .attributed(let text): return text.unconstrainedWidth + padding
    case .placeholder(let width, _): return width + padding
    case .flow(let chips, _):
      guard case .flow(let flow) = element.kind else { return padding }
      var width = 0.0
      for (index, chip) in chips.enumerated() {
        width += chip.unconstrainedWidth + flow.padding.horizontal + (index > 0 ? flow.spacing : 0)
      }
      return width + padding
    case .none, .aspect, .grid: break
    }
    switch element.kind {
    case .row(let row):
      var width = 0.0
      var previous: CellNode?
      for child in children where !child.isOverlay {
        width +=
          previous.map { CellTreeSolver.gap($0.element, child.element, default: row.spacing) }
          ?? child.element.spacingBefore ?? 0
        width += child.fixedWidth(inRow: true) ?? child.intrinsicWidth
        previous = child
      }
      return width + (previous?.element.spacingAfter ?? 0) + padding
    case .stack:
      var width = 0.0
      for child in children where !child.isOverlay {
        width = max(width, child.fixedWidth(inRow: false) ?? child.intrinsicWidth)
      }
      return width + padding
    default:
      return padding
    }
  }
}
