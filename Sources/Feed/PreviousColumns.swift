public import SelfSizingCore

/// The columns of a waterfall a client already shows — read from an earlier `selfsize layout
/// --format json` output (its `"items"` with `"id"` and `"column"`, and as many columns as
/// `"columnHeights"` has) — so that a later layout with stable columns keeps those items in
/// them.
///
/// The rule for a width change: when the new layout has the same number of columns, items keep
/// their columns; when the number differs, every item is placed afresh and the layout's page
/// says so (kind `…/columns-reset`).
public struct PreviousColumns: Sendable, Hashable {
  /// The number of columns of the earlier layout.
  public var columnCount: Int
  /// The first column of each item of the earlier layout by id (full-span items left out).
  public var columns: [String: Int]
  /// Where the earlier layout came from, for messages.
  public var source: String

  /// Columns from an earlier layout.
  public init(columnCount: Int, columns: [String: Int], source: String) {
    self.columnCount = columnCount
    self.columns = columns
    self.source = source
  }

  /// Reads an earlier layout: the `selfsize layout --format json` object, or the
  /// `/v1/layout` answer (`{"layout": {…}}`).
  ///
  /// - Throws: a ``RecordError`` naming `source` and, for a bad item, its index and id: the value
  ///   is not such an object, it has no `"columnHeights"` array of 1 to 1000 columns or no
  ///   `"items"` array, an item has no string `"id"`, or a `"column"` that is not null or a
  ///   column of that layout.
  public init(json value: JSONValue, source: String) throws(RecordError) {
    var value = value
    if case .object(let members) = value, let layout = members.last(where: { $0.0 == "layout" })?.1,
      case .object = layout
    {
      value = layout
    }
    func member(_ name: String, of value: JSONValue) -> JSONValue? {
      guard case .object(let members) = value else { return nil }
      return members.last { $0.0 == name }?.1
    }
    guard case .array(let heights)? = member("columnHeights", of: value),
      CountRange.columns.violation(heights.count) == nil
    else {
      throw RecordError(
        .invalidValue,
        "\(source): not a waterfall layout: it needs \"columnHeights\" (1 to 1000 columns) and \"items\", "
          + "as `selfsize layout --format json` prints")
    }
    guard case .array(let items)? = member("items", of: value) else {
      throw RecordError(.invalidValue, "\(source): not a waterfall layout: it has no \"items\" array")
    }
    var columns: [String: Int] = [:]
    for (index, item) in items.enumerated() {
      guard case .string(let id)? = member("id", of: item) else {
        throw RecordError(.invalidValue, "\(source): items[\(index)] has no string \"id\"")
      }
      switch member("column", of: item) {
      case nil, .null?: continue
      case .number(let number)?:
        guard let column = CountRange(0, to: heights.count - 1).count(number) else {
          throw RecordError(
            .invalidValue,
            "\(source): items[\(index)]: column \(NumberFormat.string(number)) is out of range: "
              + CountRange(0, to: heights.count - 1).requirement,
            id: id)
        }
        columns[id] = column
      case let other?:
        throw RecordError(
          .invalidValue, "\(source): items[\(index)]: column must be a number or null, got \(other.typeName)",
          id: id)
      }
    }
    self.init(columnCount: heights.count, columns: columns, source: source)
  }
}
