/// An error decoding a template or an item, compiling a model, or measuring a cell.
///
/// `location` says where (a JSON path such as `stack[2].row.children[1].style`, an element or
/// constraint, or `line 3, item "note-0003"`), `message` says what; `description` is
/// `"<location>: <message>"`, ready for `error: <where>: <what>` reports.
public struct CellSizingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The class of error.
  public enum Code: String, Sendable, Hashable, CaseIterable {
    /// The data is not JSON (or a JSONL line is not a JSON object).
    case invalidJSON
    /// A JSON value has the wrong type (a string where a number is expected...).
    case wrongType
    /// A required key is absent.
    case missingKey
    /// An object has a key the format does not know (usually a typo).
    case unknownKey
    /// A number or string is out of range: negative spacing, aspect ≤ 0 or NaN, min > max...
    case invalidValue
    /// A label names a style the template's `styles` table does not have.
    case unknownStyle
    /// A style names a font family the text measurer does not have.
    case unknownFont
    /// Two elements share a name.
    case duplicateName
    /// The constraints do not determine every frame (broken top-to-bottom chain, two
    /// flexible elements with equal priorities...).
    case ambiguous
    /// Required constraints contradict each other, or cannot be met at this width.
    case conflict
    /// An item has no `"id"` (or it is not a string).
    case missingID
    /// An item lacks a field an element needs.
    case missingField
    /// An item's field has the wrong type or an unusable value.
    case invalidField
    /// The measuring width is not a positive finite number.
    case invalidWidth
    /// The text engine rejected a text or style.
    case text
    /// A template has too many elements or nests them too deeply.
    case limitExceeded
  }

  /// The class of error.
  public var code: Code
  /// Where: a JSON path, element/constraint, or item.
  public var location: String
  /// What went wrong, naming the elements, constraint, field or value involved.
  public var message: String
  /// The id of the item being decoded or measured, when known.
  public var itemID: String?
  /// The 1-based line of the item in its JSONL input, when known.
  public var line: Int?

  /// An error at `location`.
  public init(_ code: Code, at location: String, _ message: String, itemID: String? = nil, line: Int? = nil) {
    self.code = code
    self.location = location
    self.message = message
    self.itemID = itemID
    self.line = line
  }

  /// `location: message` (the location names the line, item and template path).
  public var description: String { location.isEmpty ? message : "\(location): \(message)" }

  /// The same error attributed to an item: the location becomes `line N, item "id"` followed
  /// by the previous location (an element name, for instance).
  func attributed(to item: CellItem) -> CellSizingError {
    var copy = self
    copy.itemID = item.id
    copy.line = item.line
    let prefix = item.locationDescription
    copy.location = location.isEmpty ? prefix : "\(prefix): \(location)"
    return copy
  }
}
