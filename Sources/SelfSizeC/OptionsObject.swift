import SelfSizingCore
import TextEngine

/// The options object of a call (`{"widths": [...], ...}`): its members, read with the CLI's
/// ranges; an unknown key is an error (a misspelt option never passes silently).
struct OptionsObject {
  /// The members, the last of a repeated key winning.
  private var members: [String: JSONValue] = [:]

  /// Reads the options; empty bytes are an empty object.
  /// - Throws: `invalidUTF8`, `invalidJSON`, or `invalidArgument` for a value that is not an
  ///   object or a key not in `keys`.
  init(utf8 bytes: UnsafeBufferPointer<UInt8>, keys: Set<String>) throws(BindingError) {
    guard !bytes.isEmpty else { return }
    guard String(validating: bytes, as: UTF8.self) != nil else {
      throw BindingError(.invalidUTF8, "options are not valid UTF-8")
    }
    let value: JSONValue
    do throws(JSONParseError) {
      value = try JSONValue.parse(utf8: bytes)
    } catch {
      throw BindingError(.invalidJSON, "options: \(error.description)")
    }
    switch value {
    case .null: return
    case .object(let pairs):
      for (key, value) in pairs {
        guard keys.contains(key) else {
          throw BindingError(
            .invalidArgument,
            "unknown option \"\(key)\"; the options are \(keys.sorted().joined(separator: ", "))")
        }
        members[key] = value
      }
    default:
      throw BindingError(.invalidArgument, "options must be a JSON object, got \(value.typeName)")
    }
  }

  /// The value of `key`; `null` counts as absent.
  subscript(key: String) -> JSONValue? {
    guard let value = members[key], value != .null else { return nil }
    return value
  }

  /// A number in `range`.
  func number(_ key: String, in range: MetricRange) throws(BindingError) -> Double? {
    guard let value = self[key] else { return nil }
    guard case .number(let number) = value else {
      throw BindingError(.invalidArgument, "\(key) must be a number, got \(value.typeName)")
    }
    if let violation = range.violation(number) {
      throw BindingError(.invalidArgument, "\(key) \(violation)")
    }
    return number
  }

  /// An integer in `range`.
  func integer(_ key: String, in range: CountRange) throws(BindingError) -> Int? {
    guard let value = self[key] else { return nil }
    guard case .number(let number) = value, let integer = range.count(number) else {
      throw BindingError(
        .invalidArgument, "\(key) must be an integer, \(range.requirement); got \(value.serialized())")
    }
    return integer
  }

  /// A string.
  func string(_ key: String) throws(BindingError) -> String? {
    guard let value = self[key] else { return nil }
    guard case .string(let string) = value else {
      throw BindingError(.invalidArgument, "\(key) must be a string, got \(value.typeName)")
    }
    return string
  }

  /// One of a string enumeration's names (`textWrap`, `androidStyle`), an error listing them.
  func choice<Choice: RawRepresentable<String> & CaseIterable>(_ key: String, of type: Choice.Type)
    throws(BindingError) -> Choice?
  {
    guard let name = try string(key) else { return nil }
    guard let choice = Choice(rawValue: name) else {
      let names = Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
      throw BindingError(.invalidArgument, "\(key) must be one of \(names), got \"\(name)\"")
    }
    return choice
  }

  /// A boolean.
  func bool(_ key: String) throws(BindingError) -> Bool? {
    guard let value = self[key] else { return nil }
    guard case .bool(let bool) = value else {
      throw BindingError(.invalidArgument, "\(key) must be true or false, got \(value.typeName)")
    }
    return bool
  }

  /// `widths`: a non-empty array of numbers in ``MetricRange/size`` (or `"inf"` when
  /// `allowsInfinity`), as the CLI's `--width`.
  func widths(allowsInfinity: Bool) throws(BindingError) -> [Double] {
    guard case .array(let values)? = self["widths"], !values.isEmpty else {
      throw BindingError(.invalidArgument, "widths must be a non-empty array of numbers (points)")
    }
    let or = allowsInfinity ? " (or \"inf\" for no wrapping)" : ""
    return try values.map { value throws(BindingError) in
      switch value {
      case .number(let width):
        guard MetricRange.size.contains(width) else {
          throw BindingError(
            .invalidArgument,
            "width \(value.serialized()) is out of range: \(MetricRange.size.requirement)\(or)")
        }
        return width
      case .string(let text) where allowsInfinity && ["inf", "+inf", "infinity"].contains(text.lowercased()):
        return .infinity
      default:
        throw BindingError(
          .invalidArgument, "widths must be numbers of points\(or), got \(value.serialized())")
      }
    }
  }

  /// `jobs` (1…1024, as `--jobs`), by default the processor count.
  func jobs(processors: Int) throws(BindingError) -> Int {
    try integer("jobs", in: CountRange(1, to: 1024)) ?? max(1, processors)
  }

  /// `lineHeight`: `"natural"`, points, or a multiple of the font size (`"1.4x"`), as the CLI's
  /// `--line-height`; nil when absent.
  func lineHeight() throws(BindingError) -> LineHeightOption? {
    guard let value = self["lineHeight"] else { return nil }
    let option: LineHeightOption
    switch value {
    case .string(let text) where text.lowercased() == "natural": option = .natural
    case .number(let points): option = .points(points)
    case .string(let text) where text.lowercased().hasSuffix("x") && Double(text.dropLast()) != nil:
      option = .fontSizeMultiple(Double(text.dropLast())!)
    default:
      throw BindingError(
        .invalidArgument,
        "lineHeight must be \"natural\", a number of points or a multiple of the font size such as \"1.4x\", got \(value.serialized())"
      )
    }
    switch option {
    case .natural: break
    case .points(let number), .fontSizeMultiple(let number):
      guard number.isFinite, number > 0 else {
        throw BindingError(.invalidArgument, "lineHeight must be positive, got \(value.serialized())")
      }
    }
    return option
  }
}

/// The CLI's `--line-height natural|PT|Nx`.
enum LineHeightOption: Sendable, Hashable {
  case natural
  case points(Double)
  case fontSizeMultiple(Double)

  /// The line height for text of `fontSize` points.
  func lineHeight(fontSize: Double) -> LineHeight {
    switch self {
    case .natural: .natural
    case .points(let points): .fixed(points)
    case .fontSizeMultiple(let factor): .fontSizeMultiple(factor)
    }
  }
}
