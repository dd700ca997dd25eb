import CollectionLayout

/// A run compared with a stored baseline: what moved beyond the tolerance, what changed within
/// it, what was added or removed, and what about the fonts, template, settings and versions
/// differs (the likely causes).
public struct BaselineComparison: Sendable, Hashable {
  /// The tolerance in points: a height or element frame that differs by no more than this has
  /// not moved.
  public var tolerance: Double
  /// Items whose records differ, in this run's order.
  public var changes: [BaselineChange]
  /// Items at widths this run measured that the baseline does not have.
  public var added: [BaselineKey]
  /// Items at widths the baseline has that this run did not measure.
  public var removed: [BaselineKey]
  /// The number of records that are identical.
  public var unchangedCount: Int
  /// What produced the two differently, one sentence each.
  public var causes: [String]

  /// Differences up to this many points are floating-point rounding, not changes (a solver
  /// that adds the same numbers in another order moves nothing).
  public static let rounding = 1e-9

  /// Compares `current` with `baseline`.
  public init(baseline: Baseline, current: Baseline, tolerance: Double = 0) {
    self.tolerance = tolerance
    var old: [BaselineKey: BaselineRecord] = [:]
    for record in baseline.records { old[record.key] = record }
    var seen = Set<BaselineKey>()
    var changes: [BaselineChange] = []
    var added: [BaselineKey] = []
    var unchanged = 0
    for record in current.records {
      let key = record.key
      guard seen.insert(key).inserted else { continue }
      guard let before = old[key] else {
        added.append(key)
        continue
      }
      if let change = Self.change(from: before, to: record, tolerance: tolerance) {
        changes.append(change)
      } else {
        unchanged += 1
      }
    }
    self.changes = changes
    self.added = added
    self.removed = baseline.records.map(\.key).filter { !seen.contains($0) }
    self.unchangedCount = unchanged
    self.causes = current.provenance.changes(since: baseline.provenance)
  }

  /// Whether anything moved beyond the tolerance (the check fails).
  public var hasMoved: Bool { changes.contains { $0.status == .moved } }

  /// The number of changes that moved beyond the tolerance.
  public var movedCount: Int { changes.filter { $0.status == .moved }.count }

  static func change(from old: BaselineRecord, to new: BaselineRecord, tolerance: Double) -> BaselineChange? {
    let limit = max(tolerance, rounding)
    var moved = abs(new.height - old.height) > limit
    var changed = abs(new.height - old.height) > rounding
    var names: [String] = []
    var shifted: [String] = []
    var changedLines: [String: [Int]] = [:]
    var lineElement: String?
    // A paragraph's line counts are shown even when only its height moved.
    var lineCounts: (Int?, Int?) = (old.lineCount, new.lineCount)
    var firstLine: BaselineChange.LineChange?

    func lineDifferences(_ before: [String]?, _ after: [String]?) -> [Int] {
      let before = before ?? []
      let after = after ?? []
      return (0..<max(before.count, after.count)).filter {
        $0 >= before.count || $0 >= after.count || before[$0] != after[$0]
      }
    }
    func firstChange(_ before: [String]?, _ after: [String]?, _ indexes: [Int]) -> BaselineChange.LineChange?
    {
      guard let index = indexes.first else { return nil }
      let before = before ?? []
      let after = after ?? []
      return .init(
        number: index + 1, old: index < before.count ? before[index] : nil,
        new: index < after.count ? after[index] : nil)
    }

    // The paragraph of a text record.
    let paragraph = lineDifferences(old.lines, new.lines)
    if !paragraph.isEmpty || old.lineCount != new.lineCount || old.truncated != new.truncated {
      changed = true
      changedLines[""] = paragraph
      lineCounts = (old.lineCount, new.lineCount)
      firstLine = firstChange(old.lines, new.lines, paragraph)
    }
    // The elements of a card.
    var oldElements: [String: BaselineElement] = [:]
    for element in old.elements { oldElements[element.name] = element }
    var newNames = Set<String>()
    for element in new.elements {
      newNames.insert(element.name)
      guard let before = oldElements[element.name] else {
        names.append(element.name)
        moved = true
        changed = true
        continue
      }
      func largest(_ pairs: Zip2Sequence<ArraySlice<Double>, ArraySlice<Double>>) -> Double {
        let delta = pairs.map { abs($0 - $1) }.max() ?? 0
        return delta > rounding ? delta : 0
      }
      let frameDelta = largest(zip(before.frame[...], element.frame[...]))
      let sizeDelta = largest(zip(before.frame.dropFirst(2), element.frame.dropFirst(2)))
      let lines = lineDifferences(before.lines, element.lines)
      let linesChanged = !lines.isEmpty || before.lineCount != element.lineCount
      guard frameDelta > 0 || linesChanged || before.truncated != element.truncated else { continue }
      if sizeDelta > 0 || linesChanged || before.truncated != element.truncated {
        names.append(element.name)
      } else {
        shifted.append(element.name)
      }
      changed = true
      if frameDelta > limit { moved = true }
      if linesChanged {
        changedLines[element.name] = lines
        if lineElement == nil {
          lineElement = element.name
          lineCounts = (before.lineCount, element.lineCount)
          firstLine = firstChange(before.lines, element.lines, lines)
        }
      }
    }
    for element in old.elements where !newNames.contains(element.name) {
      names.append(element.name)
      moved = true
      changed = true
    }
    if lineElement == nil, old.lineCount == nil, let name = names.first {
      // No label's lines changed: describe the first changed element's lines, if it has any.
      let before = oldElements[name]
      let after = new.elements.first { $0.name == name }
      lineCounts = (before?.lineCount, after?.lineCount)
    }
    guard changed else { return nil }
    var change = BaselineChange(
      key: new.key, status: moved ? .moved : .changed, elements: names, oldHeight: old.height,
      newHeight: new.height, oldLineCount: lineCounts.0, newLineCount: lineCounts.1,
      firstChangedLine: firstLine,
      lineElement: lineElement)
    change.shiftedElements = shifted
    change.changedLines = changedLines
    return change
  }
}
