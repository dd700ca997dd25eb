/// A template cell: a vertical stack of elements inside insets, with named text styles and
/// optional minimum/maximum heights. Fill it with an item (`CellSizer.prepare`) to get a
/// `CellModel` and measure it at any width.
///
/// ```swift
/// let template = CellTemplate(
///   name: "note-card", styles: ["title": TemplateStyle(fontSize: 15, weight: .bold, maxLines: 2)],
///   insets: EdgeInsets(all: 8)
/// ) {
///   Element.image("cover", aspect: .fields(width: "imageWidth", height: "imageHeight", fallback: 0.75))
///   Element.label("title", style: "title")
///   Element.row("authorRow") {
///     Element.image("avatar", width: 20, height: 20)
///     Element.label("author", style: "meta", width: .fill)
///     Element.label("likes", style: "meta", format: "♥ {}")
///   }
/// }
/// ```
public struct CellTemplate: Sendable, Hashable {
  /// A name for reports.
  public var name: String
  /// Text styles by name; labels refer to them.
  public var styles: [String: TemplateStyle]
  /// Space between the cell's edges and the stack.
  public var insets: EdgeInsets
  /// Default gap between consecutive visible elements.
  public var spacing: Double
  /// The cell is at least this tall (extra space goes below the content).
  public var minHeight: Double?
  /// The cell is at most this tall (content below is clipped; `CellLayout.isClipped`).
  public var maxHeight: Double?
  /// The elements, top to bottom.
  public var stack: [Element]

  /// A template.
  public init(
    name: String = "", styles: [String: TemplateStyle], insets: EdgeInsets = .zero, spacing: Double = 8,
    minHeight: Double? = nil, maxHeight: Double? = nil, stack: [Element]
  ) {
    self.name = name
    self.styles = styles
    self.insets = insets
    self.spacing = spacing
    self.minHeight = minHeight
    self.maxHeight = maxHeight
    self.stack = stack
  }

  /// A template whose stack is built by the `ElementBuilder` DSL.
  public init(
    name: String = "", styles: [String: TemplateStyle], insets: EdgeInsets = .zero, spacing: Double = 8,
    minHeight: Double? = nil, maxHeight: Double? = nil, @ElementBuilder stack: () -> [Element]
  ) {
    self.init(
      name: name, styles: styles, insets: insets, spacing: spacing, minHeight: minHeight,
      maxHeight: maxHeight,
      stack: stack())
  }

  /// The most elements a template may have, all levels counted.
  public static let maximumElementCount = 1_000
  /// The deepest nesting of rows, stacks and overlays (an element of the cell's stack is at
  /// depth 1).
  public static let maximumDepth = 32

  /// Every element with its path (`stack[2]`, `stack[2].row.children[1]`), depth first.
  public var elementPaths: [(path: String, element: Element)] {
    var result: [(String, Element)] = []
    func visit(_ element: Element, path: String) {
      result.append((path, element))
      switch element.kind {
      case .row(let row):
        for (index, child) in row.children.enumerated() {
          visit(child, path: "\(path).row.children[\(index)]")
        }
      case .stack(let stack):
        for (index, child) in stack.children.enumerated() {
          visit(child, path: "\(path).stack.children[\(index)]")
        }
      case .overlay(let overlay):
        for child in overlay.children { visit(child, path: "\(path).overlay.child") }
      default: break
      }
    }
    for (index, element) in stack.enumerated() { visit(element, path: "stack[\(index)]") }
    return result
  }

}
