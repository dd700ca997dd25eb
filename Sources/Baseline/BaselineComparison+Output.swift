import CollectionLayout

extension BaselineComparison {
  /// The report for people: a table of what changed (status, id, width, element, old → new
  /// height, lines old → new, the first changed line), the added and removed items, a summary
  /// and the likely causes.
  public func report() -> String {
    func number(_ value: Double) -> String { JSONValue.format(value, decimals: 3) }
    func quoted(_ text: String?) -> String {
      guard let text else { return "(none)" }
      let shown = text.count > 40 ? String(text.prefix(39)) + "…" : text
      return "\"" + shown + "\""
    }
    var output = ""
    if !changes.isEmpty {
      var table = TextTable(columns: [
        "status", "id", "width", "element", "height", "lines", "first changed line",
      ])
      for change in changes {
        let delta = change.delta
        let height =
          change.oldHeight == change.newHeight
          ? number(change.newHeight)
          : "\(number(change.oldHeight)) → \(number(change.newHeight)) (\(delta > 0 ? "+" : "")\(number(delta)))"
        let lines: String
        switch (change.oldLineCount, change.newLineCount) {
        case (nil, nil): lines = ""
        case (let old, let new) where old == new: lines = old.map { "\($0)" } ?? ""
        case (let old, let new): lines = "\(old.map { "\($0)" } ?? "-") → \(new.map { "\($0)" } ?? "-")"
        }
        let first = change.firstChangedLine.map {
          "\(change.lineElement.map { "\($0) " } ?? "")line \($0.number): \(quoted($0.old)) → \(quoted($0.new))"
        }
        table.append([
          change.status.rawValue, change.key.id, number(change.key.width),
          change.elements.isEmpty
            ? (change.shiftedElements.isEmpty
              ? "-" : "moved: " + change.shiftedElements.joined(separator: ", "))
            : change.elements.joined(separator: ", "),
          height, lines, first ?? "",
        ])
      }
      output += table.rendered()
    }
    if !added.isEmpty {
      output += (output.isEmpty ? "" : "\n") + "added (not in the baseline): "
      output += added.map(\.description).joined(separator: ", ") + "\n"
    }
    if !removed.isEmpty {
      output += (output.isEmpty ? "" : "\n") + "removed (in the baseline, not measured now): "
      output += removed.map(\.description).joined(separator: ", ") + "\n"
    }
    let changedCount = changes.count - movedCount
    output += (output.isEmpty ? "" : "\n")
    output +=
      "\(unchangedCount) unchanged, \(movedCount) moved beyond \(number(tolerance)) pt, "
      + "\(changedCount) changed within it, \(added.count) added, \(removed.count) removed\n"
    if !causes.isEmpty {
      output += "what differs from the baseline's run:\n"
      for cause in causes { output += "  \(cause)\n" }
    } else if !changes.isEmpty {
      output += "fonts, template, settings and library versions are the same as the baseline's\n"
    }
    return output
  }

  /// The comparison as one JSON object: `{"tolerance", "moved", "changed", "unchanged",
  /// "added", "removed", "causes", "changes": [{"status", "id", "width", "elements",
  /// "shiftedElements", "oldHeight", "newHeight", "oldLineCount", "newLineCount", "firstChangedLine": {"element",
  /// "line", "old", "new"}}]}`.
  public func jsonValue() -> JSONValue {
    func key(_ key: BaselineKey) -> JSONValue {
      .object([("id", .string(key.id)), ("width", .number(key.width))])
    }
    func optional(_ value: Int?) -> JSONValue { value.map { .number(Double($0)) } ?? .null }
    return .object([
      ("tolerance", .number(tolerance)),
      ("moved", .number(Double(movedCount))),
      ("changed", .number(Double(changes.count - movedCount))),
      ("unchanged", .number(Double(unchangedCount))),
      ("added", .array(added.map(key))),
      ("removed", .array(removed.map(key))),
      ("causes", .array(causes.map { .string($0) })),
      (
        "changes",
        .array(
          changes.map { change in
            .object([
              ("status", .string(change.status.rawValue)), ("id", .string(change.key.id)),
              ("width", .number(change.key.width)), ("elements", .array(change.elements.map { .string($0) })),
              ("shiftedElements", .array(change.shiftedElements.map { .string($0) })),
              ("oldHeight", .number(change.oldHeight)), ("newHeight", .number(change.newHeight)),
              ("oldLineCount", optional(change.oldLineCount)),
              ("newLineCount", optional(change.newLineCount)),
              (
                "firstChangedLine",
                change.firstChangedLine.map {
                  .object([
                    ("element", change.lineElement.map { .string($0) } ?? .null),
                    ("line", .number(Double($0.number))), ("old", $0.old.map { .string($0) } ?? .null),
                    ("new", $0.new.map { .string($0) } ?? .null),
                  ])
                } ?? .null
              ),
            ])
          })
      ),
    ])
  }
}
