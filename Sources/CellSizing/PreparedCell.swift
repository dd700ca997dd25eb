public import TextEngine

/// A template filled with one item: texts prepared (shaped) once, aspect ratios and hidden
/// elements resolved. Measuring it at any width is one pass over its elements plus text-engine
/// arithmetic; no shaping.
public struct PreparedCell: Sendable, Hashable {
  /// The item.
  public let item: CellItem
  /// Elements hidden because their data is empty.
  public let hidden: [String]
  /// The template's insets (checked against the width before solving).
  public let insets: EdgeInsets
  /// The template's spacing, minimum and maximum heights.
  let spacing: Double
  let minHeight: Double?
  let maxHeight: Double?
  /// The visible elements of the cell's stack, bound to the item.
  let stack: [CellNode]
  /// Visible elements, all levels.
  let nodeCount: Int
  /// How the client platform sizes boxes.
  let boxRules: CardBoxRules
  /// Glyphs no font has, per visible element that has any.
  public let missingGlyphsByElement: [String: Int]

  init(
    item: CellItem, stack: [CellNode], nodeCount: Int, hidden: [String], template: CellTemplate,
    boxRules: CardBoxRules = CardBoxRules(platform: .ios)
  ) {
    self.boxRules = boxRules
    self.item = item
    self.stack = stack
    self.nodeCount = nodeCount
    self.missingGlyphsByElement = Self.missingGlyphCounts(stack)
    self.hidden = hidden
    self.insets = template.insets
    self.spacing = template.spacing
    self.minHeight = template.minHeight
    self.maxHeight = template.maxHeight
  }

  /// The cell's height and frames at `width`.
  /// - Throws: `CellSizingError` attributed to the item (`line 3, item "note-0003": ...`):
  ///   `invalidWidth`, `conflict` (insets or fixed widths exceed the width), `ambiguous`.
  public func measure(width: Double) throws(CellSizingError) -> CellMeasurement {
    do throws(CellSizingError) {
      return CellMeasurement(
        id: item.id, layout: try solve(width: width), hidden: hidden,
        missingGlyphsByElement: missingGlyphsByElement)
    } catch {
      throw error.attributed(to: item)
    }
  }

  /// The cell's layout at `width`, errors not yet attributed to the item.
  func solve(width: Double) throws(CellSizingError) -> CellLayout {
    guard width.isFinite, width > 0 else {
      throw CellSizingError(
        .invalidWidth, at: "width", "the width must be a positive finite number, got \(width)")
    }
    let horizontal = insets.left + insets.right
    guard horizontal < width else {
      throw CellSizingError(
        .conflict, at: "insets",
        "the insets (left \(Constraint.format(insets.left)) + right \(Constraint.format(insets.right))) leave no room "
          + "at width \(Constraint.format(width))")
    }
    var solver = CellTreeSolver(capacity: nodeCount + 1, rules: boxRules)
    // The browser lays a `width: 201.3px` card out 201.296875 px wide (down to 1/64 px).
    var layout = try solver.solveCell(
      stack, width: boxRules.snapped(width), insets: insets, spacing: spacing, minHeight: minHeight,
      maxHeight: maxHeight)
    layout.width = width
    return layout
  }

  /// The prepared text of the label named `name` (nil for other kinds, hidden or unknown
  /// elements).
  public func preparedText(named name: String) -> PreparedText? {
    guard case .text(let text)? = node(named: name)?.content else { return nil }
    return text
  }

  /// The prepared paragraph of the attributed label (or label with a truncation token) named
  /// `name`.
  public func attributedText(named name: String) -> AttributedText? {
    guard case .attributed(let text)? = node(named: name)?.content else { return nil }
    return text
  }

  /// The template style names of the attributed label's prepared spans, in order (spans whose
  /// field was empty are left out of the paragraph and of this list).
  public func spanStyles(named name: String) -> [String] {
    node(named: name)?.spanStyles ?? []
  }

  /// The prepared chip texts of the flow named `name`, and the "+N" chips' (N = 1, 2...).
  public func chipTexts(named name: String) -> (chips: [PreparedText], more: [PreparedText])? {
    guard case .flow(let chips, let more)? = node(named: name)?.content else { return nil }
    return (chips, more)
  }

  /// The template element of a visible element.
  public func element(named name: String) -> Element? {
    node(named: name)?.element
  }

  func node(named name: String) -> CellNode? {
    func find(_ nodes: [CellNode]) -> CellNode? {
      for node in nodes {
        if node.name == name { return node }
        if let found = find(node.children) { return found }
      }
      return nil
    }
    return find(stack)
  }
}
