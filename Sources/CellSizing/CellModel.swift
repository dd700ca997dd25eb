/// The constraint model of one cell: named elements and the anchor constraints between them
/// and the cell (named `cellName`). Templates compile to it per item; it can also be built by
/// hand.
///
/// `solve(width:)` pins the cell's leading edge at 0 and its width, then resolves widths
/// (required equalities, then chains between pinned anchors distributed by content hugging and
/// compression resistance), then heights (required equalities, label heights from the text
/// engine at their resolved widths, the largest lower bound for heights bounded only by
/// inequalities such as a row's `height ≥ child.height`), then positions down the
/// top-to-bottom chain. A model that leaves a frame undetermined is rejected as `ambiguous`; one
/// whose required constraints disagree is rejected as `conflict`, naming the constraints.
public struct CellModel: Sendable, Hashable {
  /// The reserved name of the cell itself in anchors (`cell.top`, `cell.bottom`...).
  public static let cellName = "cell"

  /// The elements, in drawing/report order.
  public var elements: [ModelElement]
  /// The constraints.
  public var constraints: [Constraint]

  /// A model of `elements` related by `constraints`.
  public init(elements: [ModelElement], constraints: [Constraint]) {
    self.elements = elements
    self.constraints = constraints
  }

  /// Resolves every element's frame at the given cell width.
  /// - Throws: `CellSizingError` with code `invalidWidth`, `duplicateName`, `ambiguous`,
  ///   `conflict` or `text`.
  public func solve(width: Double) throws(CellSizingError) -> CellLayout {
    guard width.isFinite, width > 0 else {
      throw CellSizingError(
        .invalidWidth, at: "width", "the width must be a positive finite number, got \(width)")
    }
    var solver = try ConstraintSolver(model: self, width: width)
    return try solver.solve()
  }
}
