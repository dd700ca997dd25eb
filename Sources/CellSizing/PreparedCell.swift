/// A template filled with one item: texts prepared (shaped) once, aspect ratios and hidden
/// elements resolved. Measuring it at any width is constraint solving plus text-engine
/// arithmetic; no shaping.
public struct PreparedCell: Sendable, Hashable {
  /// The item.
  public let item: CellItem
  /// The compiled constraint model.
  public let model: CellModel
  /// Elements hidden because their data is empty.
  public let hidden: [String]
  /// The template's insets (checked against the width before solving).
  public let insets: EdgeInsets

  /// The cell's height and frames at `width`.
  /// - Throws: `CellSizingError` attributed to the item (`line 3, item "note-0003": ...`):
  ///   `invalidWidth`, `conflict` (insets or fixed widths exceed the width), `ambiguous`.
  public func measure(width: Double) throws(CellSizingError) -> CellMeasurement {
    do throws(CellSizingError) {
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
      let layout = try model.solve(width: width)
      return CellMeasurement(
        id: item.id, width: width, height: layout.height, elements: layout.elements, hidden: hidden,
        isClipped: layout.isClipped)
    } catch {
      throw error.attributed(to: item)
    }
  }
}
