extension CellTemplate {
  /// The constraint model for one item's data: label contents, image aspect ratios, and the
  /// names of hidden elements (collapsed with their spacing). It covers labels, images,
  /// spacers and rows; other kinds become elements without constraints (measure templates
  /// with `CellSizer`, which solves every kind).
  public func compile(
    texts: [String: ModelElement.Content], aspects: [String: Double], hidden: Set<String>
  ) -> CellModel {
    var compiler = TemplateCompiler(template: self, texts: texts, aspects: aspects, hidden: hidden)
    compiler.compileStack()
    return CellModel(elements: compiler.elements, constraints: compiler.constraints)
  }
}

/// Turns a template's stack and rows into anchor constraints.
private struct TemplateCompiler {
  let template: CellTemplate
  let texts: [String: ModelElement.Content]
  let aspects: [String: Double]
  let hidden: Set<String>
  var elements: [ModelElement] = []
  var constraints: [Constraint] = []

  init(
    template: CellTemplate, texts: [String: ModelElement.Content], aspects: [String: Double],
    hidden: Set<String>
  ) {
    self.template = template
    self.texts = texts
    self.aspects = aspects
    self.hidden = hidden
  }

  private static let cell = CellModel.cellName

  func isVisible(_ element: Element) -> Bool {
    guard !hidden.contains(element.name) else { return false }
    if case .row(let row) = element.kind { return row.children.contains(where: isVisible) }
    return true
  }

  /// The gap between two visible neighbours: the larger custom spacing, else the default.
  func gap(_ previous: Element, _ next: Element, default spacing: Double) -> Double {
    switch (previous.spacingAfter, next.spacingBefore) {
    case (nil, nil): spacing
    case (let after?, nil): after
    case (nil, let before?): before
    case (let after?, let before?): max(after, before)
    }
  }

  mutating func add(
    _ first: Anchor, _ relation: Constraint.Relation = .equal, _ second: Anchor? = nil,
    multiplier: Double = 1,
    constant: Double = 0, priority: LayoutPriority = .required, origin: String
  ) {
    constraints.append(
      Constraint(
        first, relation, second, multiplier: multiplier, constant: constant, priority: priority,
        origin: origin))
  }

  /// Places `element` along the stack's or a row's axis (`start` to `end`): after `previous`
  /// with the gap between them, or, first, at `container`'s start plus `inset` and its own
  /// spacing before.
  mutating func chain(
    _ element: Element, after previous: Element?,
    along axis: (start: Anchor.Attribute, end: Anchor.Attribute),
    in container: String, inset: Double, spacing: Double, origin: String
  ) {
    if let previous {
      add(
        Anchor(element.name, axis.start), .equal, Anchor(previous.name, axis.end),
        constant: gap(previous, element, default: spacing), origin: origin)
    } else {
      add(
        Anchor(element.name, axis.start), .equal, Anchor(container, axis.start),
        constant: inset + (element.spacingBefore ?? 0), origin: origin)
    }
  }

  mutating func compileStack() {
    let insets = template.insets
    var previous: Element?
    for (index, element) in template.stack.enumerated() where isVisible(element) {
      let path = "stack[\(index)]"
      let name = element.name
      chain(
        element, after: previous, along: (.top, .bottom), in: Self.cell, inset: insets.top,
        spacing: template.spacing, origin: path)
      add(Anchor(name, .leading), .equal, Anchor(Self.cell, .leading), constant: insets.left, origin: path)
      if let width = element.fixedWidth(inRow: false) {
        add(Anchor(name, .width), constant: width, origin: path)
        add(
          Anchor(name, .trailing), .lessThanOrEqual, Anchor(Self.cell, .trailing), constant: -insets.right,
          origin: path)
      } else {
        add(
          Anchor(name, .trailing), .equal, Anchor(Self.cell, .trailing), constant: -insets.right, origin: path
        )
      }
      compileContent(element, path: path, inRow: false)
      previous = element
    }
    if let previous {
      add(
        Anchor(Self.cell, .bottom), .greaterThanOrEqual, Anchor(previous.name, .bottom),
        constant: insets.bottom + (previous.spacingAfter ?? 0), priority: LayoutPriority(999),
        origin: "insets.bottom")
    } else {
      add(
        Anchor(Self.cell, .bottom), .greaterThanOrEqual, Anchor(Self.cell, .top),
        constant: insets.top + insets.bottom,
        origin: "insets")
    }
    if let minHeight = template.minHeight {
      add(Anchor(Self.cell, .bottom), .greaterThanOrEqual, constant: minHeight, origin: "minHeight")
    }
    if let maxHeight = template.maxHeight {
      add(
        Anchor(Self.cell, .bottom), .lessThanOrEqual, constant: maxHeight, origin: "maxHeight")
    }
  }

  mutating func compileContent(_ element: Element, path: String, inRow: Bool) {
    let name = element.name
    let rule =
      element.width ?? (inRow && element.fixedWidth(inRow: true) == nil && isLabel(element) ? .hug : .fill)
    let hug = rule == .hug
    var model = ModelElement(
      name, hugging: element.hugging ?? (hug ? .defaultHigh : .defaultLow),
      compressionResistance: element.compressionResistance ?? (hug ? LayoutPriority(751) : .defaultHigh))
    switch element.kind {
    case .label:
      model.content = texts[name] ?? .none
      elements.append(model)
    case .image(let image):
      elements.append(model)
      switch image.sizing {
      case .aspect:
        let aspect = aspects[name] ?? 1
        add(
          Anchor(name, .height), .equal, Anchor(name, .width), multiplier: 1 / aspect, origin: "\(path).image"
        )
      case .fixed(_, let height):
        add(Anchor(name, .height), constant: height, origin: "\(path).image.size")
      }
    case .spacer(let spacer):
      elements.append(model)
      add(Anchor(name, .height), constant: inRow ? 0 : spacer.length ?? 0, origin: "\(path).spacer")
    case .row(let row):
      elements.append(model)
      compileRow(element, row, path: path)
    case .stack, .spans, .grid, .flow, .overlay:
      elements.append(model)
    }
  }

  func isLabel(_ element: Element) -> Bool {
    if case .label = element.kind { return true }
    return false
  }

  mutating func compileRow(_ rowElement: Element, _ row: RowSpec, path: String) {
    let rowName = rowElement.name
    var previous: Element?
    for (index, child) in row.children.enumerated() where isVisible(child) {
      let childPath = "\(path).row.children[\(index)]"
      let name = child.name
      chain(
        child, after: previous, along: (.leading, .trailing), in: rowName, inset: 0, spacing: row.spacing,
        origin: childPath)
      if let width = child.fixedWidth(inRow: true) {
        add(Anchor(name, .width), constant: width, origin: "\(childPath).width")
      }
      switch child.alignment ?? row.alignment {
      case .top: add(Anchor(name, .top), .equal, Anchor(rowName, .top), origin: "\(childPath).align")
      case .center:
        add(Anchor(name, .centerY), .equal, Anchor(rowName, .centerY), origin: "\(childPath).align")
      case .bottom: add(Anchor(name, .bottom), .equal, Anchor(rowName, .bottom), origin: "\(childPath).align")
      }
      add(Anchor(rowName, .height), .greaterThanOrEqual, Anchor(name, .height), origin: childPath)
      compileContent(child, path: childPath, inRow: true)
      previous = child
    }
    if let previous {
      add(
        Anchor(previous.name, .trailing), .equal, Anchor(rowName, .trailing),
        constant: -(previous.spacingAfter ?? 0),
        origin: path)
    }
  }
}
