import SelfSizingCore

/// Reads a JSON value while tracking its path, so every error names where it happened
/// (`stack[2].row.children[1].style`).
struct JSONReader {
  let value: JSONValue
  let path: String

  init(_ value: JSONValue, path: String = "") {
    self.value = value
    self.path = path
  }

  func path(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

  func error(_ code: CellSizingError.Code, _ message: String, key: String? = nil) -> CellSizingError {
    CellSizingError(code, at: key.map(path) ?? (path.isEmpty ? "template" : path), message)
  }

  /// The object's members by key (of a repeated key, the first), checking every key is allowed.
  func object(allowed: Set<String>) throws(CellSizingError) -> [String: JSONValue] {
    guard let object = value.firstMembers else {
      throw error(.wrongType, "expected an object, got \(value.typeName)")
    }
    for key in object.keys.sorted() where !allowed.contains(key) {
      throw error(
        .unknownKey, "unknown key; expected one of \(allowed.sorted().joined(separator: ", "))", key: key)
    }
    return object
  }

  func child(_ key: String, in object: [String: JSONValue]) -> JSONReader? {
    object[key].map { JSONReader($0, path: path(key)) }
  }

  func array() throws(CellSizingError) -> [JSONReader] {
    guard case .array(let items) = value else {
      throw error(.wrongType, "expected an array, got \(value.typeName)")
    }
    return items.enumerated().map { JSONReader($1, path: "\(path)[\($0)]") }
  }

  func string() throws(CellSizingError) -> String {
    guard case .string(let string) = value else {
      throw error(.wrongType, "expected a string, got \(value.typeName)")
    }
    return string
  }

  func bool() throws(CellSizingError) -> Bool {
    guard case .bool(let bool) = value else {
      throw error(.wrongType, "expected true or false, got \(value.typeName)")
    }
    return bool
  }

  func number() throws(CellSizingError) -> Double {
    guard case .number(let number) = value else {
      throw error(.wrongType, "expected a number, got \(value.typeName)")
    }
    return number
  }

  /// A ``MetricRange/length``: spacing, insets, paddings (0 to a million points).
  func length() throws(CellSizingError) -> Double { try number(in: .length) }

  /// A ``MetricRange/ratio``: aspect ratios and fractions (a millionth to a million).
  func positive() throws(CellSizingError) -> Double { try number(in: .ratio) }

  /// A number in `range`.
  func number(in range: MetricRange) throws(CellSizingError) -> Double {
    let number = try number()
    if let violation = range.violation(number) { throw error(.invalidValue, violation) }
    return number
  }

  /// A whole number in `range` (`1e3` and `1000.0` are 1000).
  func integer(in range: CountRange) throws(CellSizingError) -> Int {
    let number = try number()
    guard number.isFinite, number == number.rounded() else {
      throw error(.wrongType, "expected a whole number, got \(NumberFormat.string(number))")
    }
    guard let count = range.count(number) else { throw error(.invalidValue, range.violation(number) ?? "") }
    return count
  }

}
