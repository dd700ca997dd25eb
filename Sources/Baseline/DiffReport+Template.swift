public import CellSizing
public import TextEngine

extension DiffReport {
  /// Adds the text style of every shown label of `measurement` that `styles` does not have
  /// yet, by element name.
  public static func collectStyles(
    of cell: PreparedCell, measurement: CellMeasurement, into styles: inout [String: TextStyle]
  ) {
    for element in measurement.elements where styles[element.name] == nil {
      if let prepared = cell.preparedText(named: element.name) { styles[element.name] = prepared.style }
    }
  }

  /// The names of a template's image elements (drawn as placeholders in the pictures).
  public static func imageNames(of template: CellTemplate?) -> Set<String> {
    Set(
      (template?.elementPaths ?? []).compactMap { path -> String? in
        if case .image = path.element.kind { return path.element.name }
        return nil
      })
  }
}
