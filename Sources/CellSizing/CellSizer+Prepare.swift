import TextEngine

extension CellSizer {
  /// Binds the item's data to the template, without the cache: prepares every visible label's
  /// text, resolves image aspect ratios and hidden elements, and compiles the model.
  /// - Throws: `CellSizingError` attributed to the item: `missingField`, `invalidField`, `text`.
  public func prepare(_ item: CellItem) throws(CellSizingError) -> PreparedCell {
    var texts: [String: ModelElement.Content] = [:]
    var aspects: [String: Double] = [:]
    var hidden = Set<String>()
    do throws(CellSizingError) {
      for (_, element) in template.elementPaths {
        try bind(element, item: item, texts: &texts, aspects: &aspects, hidden: &hidden)
      }
    } catch {
      throw error.attributed(to: item)
    }
    let model = template.compile(texts: texts, aspects: aspects, hidden: hidden)
    let shown = Set(model.elements.map(\.name))
    let hiddenNames = template.elementPaths.map(\.element.name).filter { !shown.contains($0) }
    return PreparedCell(item: item, model: model, hidden: hiddenNames, insets: template.insets)
  }

  private static func isEmpty(_ value: ItemValue?) -> Bool {
    switch value {
    case nil, .null: true
    case .string(let string): string.isEmpty
    default: false
    }
  }

  private func bind(
    _ element: Element, item: CellItem, texts: inout [String: ModelElement.Content],
    aspects: inout [String: Double],
    hidden: inout Set<String>
  ) throws(CellSizingError) {
    let name = element.name
    switch element.kind {
    case .label(let label):
      let value = item[label.field]
      if element.hiddenWhenEmpty, Self.isEmpty(value) {
        hidden.insert(name)
        return
      }
      guard let value, value != .null else {
        throw CellSizingError(
          .missingField, at: name,
          "label '\(name)' needs field \"\(label.field)\", which is \(value == nil ? "missing" : "null")")
      }
      guard let text = label.text(for: value) else {
        throw CellSizingError(
          .invalidField, at: name,
          "field \"\(label.field)\" is an \(value.typeName); label '\(name)' "
            + "shows a string, number or boolean")
      }
      var style = template.styles[label.style]!.text
      if let maxLines = label.maxLines { style.maxLines = maxLines }
      do {
        texts[name] = .text(try measurer.prepare(text, style: style))
      } catch {
        throw CellSizingError(.text, at: name, error.message)
      }
      recordPreparedText()
    case .image(let image):
      if element.hiddenWhenEmpty, let field = image.field, Self.isEmpty(item[field]) {
        hidden.insert(name)
        return
      }
      guard case .aspect(let rule) = image.sizing else { return }
      if let ratio = rule.ratio {
        aspects[name] = rule.clamp(ratio)
        return
      }
      let widthField = rule.widthField!
      let heightField = rule.heightField!
      let pixelWidth = try number(item, widthField, image: name)
      let pixelHeight = try number(item, heightField, image: name)
      if let pixelWidth, let pixelHeight {
        aspects[name] = rule.clamp(pixelWidth / pixelHeight)
      } else if let fallback = rule.fallback {
        aspects[name] = rule.clamp(fallback)
      } else if element.hiddenWhenEmpty {
        hidden.insert(name)
      } else {
        let missing = pixelWidth == nil ? widthField : heightField
        throw CellSizingError(
          .missingField, at: name,
          "image '\(name)' takes its aspect ratio from fields \"\(widthField)\" and \"\(heightField)\"; "
            + "\"\(missing)\" is missing and the image has no fallbackAspect")
      }
    case .spacer, .row:
      return
    }
  }

  /// A positive finite number from a field, nil when absent or null.
  private func number(_ item: CellItem, _ field: String, image: String) throws(CellSizingError) -> Double? {
    switch item[field] {
    case nil, .null:
      return nil
    case .number(let value):
      guard value.isFinite, value > 0 else {
        throw CellSizingError(
          .invalidField, at: image,
          "field \"\(field)\" must be a positive number for the aspect ratio of image '\(image)', got "
            + Constraint.format(value))
      }
      return value
    case let value?:
      throw CellSizingError(
        .invalidField, at: image,
        "field \"\(field)\" must be a number for image '\(image)', got \(value.typeName)")
    }
  }
}
