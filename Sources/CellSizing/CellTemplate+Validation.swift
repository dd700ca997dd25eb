import SelfSizingCore
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
      guard let value, let violation = MetricRange.length.violation(value) else { return }
      throw invalid(path, violation)
    }
    func positive(_ value: Double?, _ path: String) throws(CellSizingError) {
      guard let value, let violation = MetricRange.ratio.violation(value) else { return }
      throw invalid(path, violation)
    }
    func edges(_ insets: EdgeInsets, _ path: String) throws(CellSizingError) {
      for (key, value) in [
        ("top", insets.top), ("left", insets.left), ("bottom", insets.bottom), ("right", insets.right),
      ] {
        try length(value, "\(path).\(key)")
      }
    }
    func color(_ value: String?, _ path: String) throws(CellSizingError) {
      guard let value else { return }
      guard RGBAColor(hex: value) != nil else {
        throw invalid(path, "expected a colour \"#RRGGBB\" or \"#RRGGBBAA\", got \"\(value)\"")
      }
    }
    func style(_ name: String, _ path: String) throws(CellSizingError) {
      guard styles[name] != nil else {
        throw CellSizingError(
          .unknownStyle, at: path,
          "unknown style \"\(name)\" (styles: \(styles.keys.sorted().joined(separator: ", ")))")
      }
    }
    try checkLimits()
    try edges(insets, "insets")
    try length(spacing, "spacing")
    try length(minHeight, "minHeight")
    try length(maxHeight, "maxHeight")
    if let minHeight, let maxHeight, minHeight > maxHeight {
      throw invalid("maxHeight", "maxHeight \(maxHeight) is below minHeight \(minHeight)")
    }
    for (name, style) in styles.sorted(by: { $0.key < $1.key }) {
      do { try style.text.validate() } catch {
        let path = error.field.map { "styles.\(name).\($0)" } ?? "styles.\(name)"
        throw CellSizingError(.invalidValue, at: path, error.requirement ?? error.message)
      }
      try color(style.color, "styles.\(name).color")
    }
    var names: [String: String] = [:]
    var overlayTargets: [(path: String, target: String, own: Set<String>)] = []
    func overlayNames(_ element: Element) -> [String] {
      [element.name] + element.children.flatMap(overlayNames)
    }
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
      try edges(element.padding, "\(path).padding")
      try color(element.background, "\(path).background")
      try length(element.cornerRadius, "\(path).cornerRadius")
      if case .fixed(let width) = element.width { try length(width, "\(path).width") }
      for (key, priority) in [("hugging", element.hugging), ("compression", element.compressionResistance)] {
        if let priority, !(1...1000).contains(priority.rawValue) {
          throw invalid("\(path).\(key)", "a priority must be 1...1000, got \(priority.rawValue)")
        }
      }
      switch element.kind {
      case .label(let label):
        guard !label.field.isEmpty else { throw invalid("\(path).label", "the field name must not be empty") }
        try style(label.style, "\(path).style")
        if let maxLines = label.maxLines, let violation = CountRange.lineLimit.violation(maxLines) {
          throw invalid("\(path).maxLines", violation)
        }
        if let more = label.more, let name = more.style { try style(name, "\(path).more.style") }
      case .spans(let spans):
        guard !spans.spans.isEmpty else { throw invalid("\(path).spans", "an attributed label needs spans") }
        for (index, span) in spans.spans.enumerated() {
          if case .field(let field) = span.source, field.isEmpty {
            throw invalid("\(path).spans[\(index)].field", "the field name must not be empty")
          }
          try style(span.style, "\(path).spans[\(index)].style")
        }
        if let name = spans.paragraphStyle { try style(name, "\(path).style") }
        if let maxLines = spans.maxLines, let violation = CountRange.lineLimit.violation(maxLines) {
          throw invalid("\(path).maxLines", violation)
        }
        if let more = spans.more, let name = more.style { try style(name, "\(path).more.style") }
      case .stack(let stack):
        try length(stack.spacing, "\(path).stack.spacing")
        guard !stack.children.isEmpty else {
          throw invalid("\(path).stack.children", "a stack needs at least one child")
        }
      case .overlay(let overlay):
        try length(overlay.margin, "\(path).overlay.margin")
        guard overlay.children.count == 1 else {
          throw invalid("\(path).overlay.child", "an overlay has exactly one child")
        }
        overlayTargets.append((path, overlay.target, Set(overlayNames(element))))
      case .grid(let grid):
        guard !grid.field.isEmpty else {
          throw invalid("\(path).grid.field", "the field name must not be empty")
        }
        try length(grid.spacing, "\(path).grid.spacing")
        guard grid.singleWidth.isFinite, grid.singleWidth > 0, grid.singleWidth <= 1 else {
          throw invalid(
            "\(path).grid.singleWidth",
            "must be a fraction of the width in 0 < x ≤ 1, got \(grid.singleWidth)")
        }
        try positive(grid.singleAspect, "\(path).grid.singleAspect")
        try positive(grid.minAspect, "\(path).grid.minAspect")
        try positive(grid.maxAspect, "\(path).grid.maxAspect")
        if grid.minAspect > grid.maxAspect {
          throw invalid(
            "\(path).grid.maxAspect", "maxAspect \(grid.maxAspect) is below minAspect \(grid.minAspect)")
        }
      case .flow(let flow):
        guard !flow.field.isEmpty else {
          throw invalid("\(path).flow.field", "the field name must not be empty")
        }
        try style(flow.style, "\(path).flow.style")
        try edges(flow.padding, "\(path).flow.padding")
        try length(flow.spacing, "\(path).flow.spacing")
        try length(flow.lineSpacing, "\(path).flow.lineSpacing")
        if let violation = CountRange.lineLimit.violation(flow.maxLines) {
          throw invalid("\(path).flow.maxLines", violation)
        }
        try color(flow.background, "\(path).flow.background")
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
    for (path, target, own) in overlayTargets {
      guard target == CellModel.cellName || names[target] != nil else {
        throw invalid(
          "\(path).overlay.on", "unknown element \"\(target)\"; an overlay covers a named element or \"cell\""
        )
      }
      guard !own.contains(target) else {
        throw invalid("\(path).overlay.on", "an overlay cannot cover itself or its own child")
      }
    }
    try checkOverlayCycles()
    try validateStructure(paths: names)
  }

  /// Checks the element count and nesting depth before anything walks the whole tree.
  private func checkLimits() throws(CellSizingError) {
    var count = 0
    var trail: [String] = []
    func path() -> String { "stack" + trail.joined() }
    func walk(_ elements: [Element], depth: Int) throws(CellSizingError) {
      for (index, element) in elements.enumerated() {
        trail.append("[\(index)]")
        count += 1
        guard count <= Self.maximumElementCount else {
          throw CellSizingError(
            .limitExceeded, at: path(),
            "the template has more than \(Self.maximumElementCount) elements; at most "
              + "\(Self.maximumElementCount) are allowed")
        }
        guard depth <= Self.maximumDepth else {
          throw CellSizingError(
            .limitExceeded, at: path(),
            "elements are nested \(depth) levels deep; at most \(Self.maximumDepth) levels are allowed")
        }
        switch element.kind {
        case .row(let row):
          trail.append(".row.children")
          try walk(row.children, depth: depth + 1)
          trail.removeLast()
        case .stack(let stack):
          trail.append(".stack.children")
          try walk(stack.children, depth: depth + 1)
          trail.removeLast()
        case .overlay(let overlay):
          trail.append(".overlay.child")
          try walk(overlay.children, depth: depth + 1)
          trail.removeLast()
        default: break
        }
        trail.removeLast()
      }
    }
    try walk(stack, depth: 1)
  }

  /// Solves the cell once with stand-in data: ambiguity and conflicts that do not depend on
  /// the data are reported up front, located at the element's path.
  private func validateStructure(paths: [String: String]) throws(CellSizingError) {
    func node(_ element: Element) -> CellNode {
      let content: CellNode.Content
      switch element.kind {
      case .label, .spans: content = .placeholder(width: 10, height: 10)
      case .image(let image):
        if case .aspect(let rule) = image.sizing {
          content = .aspect(rule.clamp(rule.ratio ?? rule.fallback ?? 1))
        } else {
          content = .none
        }
      case .grid(let grid): content = .grid(count: GridSpec.maximumCount, singleAspect: grid.singleAspect)
      default: content = .none
      }
      return CellNode(element: element, content: content, children: element.children.map(node))
    }
    let nodes = stack.map(node)
    let cell = PreparedCell(
      item: CellItem(id: "", fields: [:]), stack: nodes, nodeCount: paths.count, hidden: [], template: self)
    do {
      _ = try cell.solve(width: 1_000_000 + insets.left + insets.right)
    } catch {
      var located = error
      if let path = paths[error.location] { located.location = path }
      throw located
    }
  }
}
