/// One `{"id": "...", "text": "..."}` input line of `selfsize text` (other keys ignored).
public struct TextRecord: Sendable, Hashable {
  public var id: String
  public var text: String

  public init(id: String, text: String) {
    self.id = id
    self.text = text
  }

  /// Decodes one JSON Lines record.
  /// - Throws: `InputError` saying what is wrong (invalid JSON, not an object, missing or
  ///   mistyped `id` / `text`).
  public init<S: StringProtocol>(jsonLine: S) throws(InputError) {
    let object = try InputError.parseObject(jsonLine)
    let id: String
    switch object["id"] {
    case .string(let string): id = string
    case .number(let number) where Int(exactly: number) != nil: id = String(Int(number))
    case nil: throw InputError(.missingField, "missing field \"id\"")
    default: throw InputError(.wrongType, "field \"id\" must be a string or an integer")
    }
    switch object["text"] {
    case .string(let string): self.init(id: id, text: string)
    case nil: throw InputError(.missingField, "id \(id): missing field \"text\"")
    default: throw InputError(.wrongType, "id \(id): field \"text\" must be a string")
    }
  }
}
