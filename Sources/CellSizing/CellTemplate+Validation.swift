import TextEngine

extension CellTemplate {
  /// Checks every value and the structure: styles exist, numbers are in range, names are
  /// unique, and the compiled constraints are neither ambiguous nor conflicting (solved once
  /// with stand-in texts and aspect ratios). Errors name the path (`stack[1].style`).
  public func validate() throws(CellSizingError) {
    func invalid(_ path: String, _ message: String) -> CellSizingError {
      CellSizingError(.invalidValue, at: path, message)
    }
    func length(_ value: Double?, _ path: String) throws(CellSizingError) {
      guard let value else { return }
      guard value.isFinite, value >= 0 else { throw invalid(path, "must be a number ≥ 0, got \(value)") }
    }
    func positive(_ value: Double?, _ path: String) throws(CellSizingError) {
      guard let value else { return }
      guard value.isFinite, value > 0 else { throw invalid(path, "must be a number > 0, got \(value)") }
    }
    for (key, value) in [
      ("top", insets.top), ("left", insets.left), ("bottom", insets.bottom), ("right", insets.right),
    ] {
      try length(value, "insets.\(key)")
    }
    try length(spacing, "spacing")
    try length(minHeight, "minHeight")
    try length(maxHeight, "maxHeight")
    if let minHeight, let maxHeight, minHeight > maxHeight {
      throw invalid("maxHeight", "maxHeight \(maxHeight) is below minHeight \(minHeight)")
    }
    for (name, style) in styles.sorted(by: { $0.key < $1.key }) {
      do { try style.text.validate() } catch {
        throw CellSizingError(.invalidValue, at: "styles.\(name)", error.message)
      }
    }
    var names: [String: String] = [:]
    for (path, element) in elementPaths {
      guard !element.name.isEmpty else { throw invalid("\(path).name", "an element name must not be empty") }
      guard element.name != CellModel.cellName else {
        throw CellSizingError(
          .duplicateName, at: "\(path).name", "\"\(CellModel.cellName)\" is reserved for the cell")
      }
      if let other = names[element.name] {
        throw CellSizingError(
          .duplicateName, at: "\(path).name",
          "\"\(element.name)\" is already the name of \(other); give one a \"name\"")
      }
      names[element.name] = path
      try length(element.spacingBefore, "\(path).spacingBefore")
      try length(element.spacingAfter, "\(path).spacingAfter")
      if case .fixed(let width) = element.width { try length(width, "\(path).width") }
      for (key, priority) in [("hugging", element.hugging), ("compression", element.compressionResistance)] {
        if let priority, !(1...1000).contains(priority.rawValue) {
          throw invalid("\(path).\(key)", "a priority must be 1...1000, got \(priority.rawValue)")
        }
      }
      switch element.kind {
      case .label(let label):
        guard !label.field.isEmpty else { throw invalid("\(path).label", "the field name must not be empty") }
        guard styles[label.style] != nil else {
          throw CellSizingError(
            .unknownStyle, at: "\(path).style",
            "unknown style \"\(label.style)\" (styles: \(styles.keys.sorted().joined(separator: ", ")))")
        }
        if let maxLines = label.maxLines, maxLines < 0 {
          throw invalid("\(path).maxLines", "must be ≥ 0 (0 = unlimited), got \(maxLines)")
        }
      case .image(let image):
        switch image.sizing {
        case .fixed(let width, let height):
          try length(width, "\(path).image.size[0]")
          try length(height, "\(path).image.size[1]")
        case .aspect(let rule):
          try positive(rule.ratio, "\(path).image.aspect")
          try positive(rule.fallback, "\(path).image.fallbackAspect")
          try positive(rule.minimum, "\(path).image.minAspect")
          try positive(rule.maximum, "\(path).image.maxAspect")
          if let minimum = rule.minimum, let maximum = rule.maximum, minimum > maximum {
            throw invalid("\(path).image.maxAspect", "maxAspect \(maximum) is below minAspect \(minimum)")
          }
          let hasFields = rule.widthField != nil && rule.heightField != nil
          guard (rule.ratio != nil) != hasFields, (rule.widthField == nil) == (rule.heightField == nil) else {
            throw invalid(
              "\(path).image",
              "give either a constant \"aspect\" or \"aspectFrom\": [widthField, heightField]")
          }
        }
      case .spacer(let spacer):
        try length(spacer.length, "\(path).spacer")
        if spacer.length == nil, !path.contains(".row.") {
          throw invalid("\(path).spacer", "\"fill\" spacers belong in rows; in the stack give a height")
        }
      case .row(let row):
        try length(row.spacing, "\(path).row.spacing")
        guard !row.children.isEmpty else {
          throw invalid("\(path).row.children", "a row needs at least one child")
        }
      }
    }
    try validateStructure(paths: names)
  }

  /// Solves the model once with stand-in data: ambiguity and conflicts that do not depend on
  /// the data are reported up front, located at the element's path.
  private func validateStructure(paths: [String: String]) throws(CellSizingError) {
    var texts: [String: ModelElement.Content] = [:]
    var aspects: [String: Double] = [:]
    for (_, element) in elementPaths {
      switch element.kind {
      case .label: texts[element.name] = .placeholder(width: 10, height: 10)
      case .image(let image):
        if case .aspect(let rule) = image.sizing {
          aspects[element.name] = rule.clamp(rule.ratio ?? rule.fallback ?? 1)
        }
      default: break
      }
    }
    let model = compile(texts: texts, aspects: aspects, hidden: [])
    let width = 1_000_000 + insets.left + insets.right
    do {
      _ = try model.solve(width: width)
    } catch {
      var located = error
      if let path = paths[error.location] { located.location = path }
      throw located
    }
  }
}
