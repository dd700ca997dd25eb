/// One data item to fill a template with: an id and its fields.
public struct CellItem: Sendable, Hashable {
  /// The item's id (the `"id"` field).
  public var id: String
  /// Every field, `id` included.
  public var fields: [String: ItemValue]
  /// The 1-based line of the item in its JSONL input, when it came from one.
  public var line: Int?

  /// An item with the given fields.
  public init(id: String, fields: [String: ItemValue], line: Int? = nil) {
    self.id = id
    self.fields = fields
    self.fields["id"] = .string(id)
    self.line = line
  }

  /// `line 3, item "note-0003"` (or `item "note-0003"` without a line).
  public var locationDescription: String {
    let item = "item \"\(id)\""
    return line.map { "line \($0), \(item)" } ?? item
  }

  /// The value of a field; nil when absent.
  public subscript(field: String) -> ItemValue? { fields[field] }
}
