/// A plain-text table for people: columns padded to their widest cell.
public struct TextTable: Sendable, Hashable {
  /// The column headers.
  public var columns: [String]
  /// The rows, each with one cell per column.
  public var rows: [[String]] = []

  /// An empty table with these column headers.
  public init(columns: [String]) { self.columns = columns }

  /// Adds a row.
  public mutating func append(_ row: [String]) { rows.append(row) }

  /// The table with a header and a rule, one row per line.
  public func rendered() -> String {
    func width(_ text: String) -> Int {
      // East Asian wide characters and emoji take two columns in a terminal.
      text.unicodeScalars.reduce(0) { sum, scalar in
        let value = scalar.value
        let wide =
          (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
          || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
          || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
          || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1FAFF).contains(value)
        let zero = (0x0300...0x036F).contains(value) || value == 0x200D || (0xFE00...0xFE0F).contains(value)
        return sum + (zero ? 0 : wide ? 2 : 1)
      }
    }
    let cells = [columns] + rows.map { row in row.map { $0.replacingNewlines() } }
    var widths = [Int](repeating: 0, count: columns.count)
    for row in cells {
      for (index, cell) in row.enumerated() where index < widths.count {
        widths[index] = max(widths[index], width(cell))
      }
    }
    var output = ""
    for (rowIndex, row) in cells.enumerated() {
      var line = ""
      for (index, cell) in row.enumerated() where index < widths.count {
        let padding = index == row.count - 1 ? 0 : widths[index] - width(cell)
        line += cell + String(repeating: " ", count: padding) + (index == row.count - 1 ? "" : "  ")
      }
      output += line + "\n"
      if rowIndex == 0 {
        output += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n"
      }
    }
    return output
  }
}

extension String {
  fileprivate func replacingNewlines() -> String {
    String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\n" || $0 == "\r" ? "⏎" : $0 }))
  }
}
