import Foundation
import TextEngine

extension CellSizer {
  /// Binds the item's data to the template, without the cache: prepares every visible label's
  /// text, resolves image aspect ratios, grids, chips and hidden elements.
  /// - Throws: `CellSizingError` attributed to the item: `missingField`, `invalidField`, `text`.
  public func prepare(_ item: CellItem) throws(CellSizingError) -> PreparedCell {
    var stack: [CellNode] = []
    var count = 0
    do throws(CellSizingError) {
      stack = try bind(template.stack, item: item, count: &count)
    } catch {
      throw error.attributed(to: item)
    }
    if hasOverlays {
      stack = Self.droppingOrphanOverlays(stack)
      count = Self.count(stack)
    }
    var hidden: [String] = []
    if count < elementNames.count {
      var visible = Set<String>(minimumCapacity: count)
      func collect(_ nodes: [CellNode]) {
        for node in nodes {
          visible.insert(node.name)
          collect(node.children)
        }
      }
      collect(stack)
      hidden = elementNames.filter { !visible.contains($0) }
    }
    return PreparedCell(
      item: item, stack: stack, nodeCount: count, hidden: hidden, template: template,
      boxRules: CardBoxRules(platform: measurer.platform))
  }

  static func count(_ nodes: [CellNode]) -> Int {
    nodes.reduce(0) { $0 + 1 + count($1.children) }
  }

  /// Removes overlays whose target is not visible, again until none is left: dropping an
  /// overlay hides its child, which may be another overlay's target.
  static func droppingOrphanOverlays(_ stack: [CellNode]) -> [CellNode] {
    var stack = stack
    while true {
      var visible: Set<String> = [CellModel.cellName]
      func collect(_ nodes: [CellNode]) {
        for node in nodes {
          visible.insert(node.name)
          collect(node.children)
        }
      }
      collect(stack)
      var dropped = false
      func filter(_ nodes: [CellNode]) -> [CellNode] {
        nodes.compactMap { node in
          if case .overlay(let overlay) = node.element.kind, !visible.contains(overlay.target) {
            dropped = true
            return nil
          }
          guard !node.children.isEmpty else { return node }
          var copy = CellNode(element: node.element, content: node.content, children: filter(node.children))
          copy.spanStyles = node.spanStyles
          return copy
        }
      }
      let filtered = filter(stack)
      guard dropped else { return stack }
      stack = filtered
    }
  }

  static func isEmpty(_ value: ItemValue?) -> Bool {
    switch value {
    case nil, .null: true
    case .string(let string): string.isEmpty
    case .array(let items): items.isEmpty
    default: false
    }
  }

  private func bind(_ elements: [Element], item: CellItem, count: inout Int) throws(CellSizingError)
    -> [CellNode]
  {
    var nodes: [CellNode] = []
    nodes.reserveCapacity(elements.count)
    for element in elements {
      if let node = try bind(element, item: item, count: &count) { nodes.append(node) }
    }
    return nodes
  }

  /// The element bound to the item, nil when hidden.
  private func bind(_ element: Element, item: CellItem, count: inout Int) throws(CellSizingError) -> CellNode?
  {
    let name = element.name
    let content: CellNode.Content
    var children: [CellNode] = []
    var spanStyles: [String] = []
    switch element.kind {
    case .label(let label):
      let value = item[label.field]
      if element.hiddenWhenEmpty, Self.isEmpty(value) { return nil }
      guard let value, value != .null else {
        throw CellSizingError(
          .missingField, at: name,
          "label '\(name)' needs field \"\(label.field)\", which is \(value == nil ? "missing" : "null")"
            + " (to hide the label instead, give it \"hiddenWhenEmpty\": true in the template)")
      }
      guard let text = label.text(for: value) else {
        throw CellSizingError(
          .invalidField, at: name,
          "field \"\(label.field)\" is an \(value.typeName); label '\(name)' "
            + "shows a string, number or boolean")
      }
      var style = template.styles[label.style]!.text
      if let maxLines = label.maxLines { style.maxLines = maxLines }
      if let more = label.more {
        spanStyles = [label.style]
        content = .attributed(
          try prepareSpans([TextSpan(text, style: style)], paragraph: style, more: more, element: name))
      } else {
        content = .text(try prepareText(text, style: style, element: name))
      }
    case .image(let image):
      if element.hiddenWhenEmpty, let field = image.field, Self.isEmpty(item[field]) { return nil }
      guard case .aspect(let rule) = image.sizing else {
        content = .none
        break
      }
      if let ratio = rule.ratio {
        content = .aspect(rule.clamp(ratio))
        break
      }
      let widthField = rule.widthField!
      let heightField = rule.heightField!
      let pixelWidth = try number(item, widthField, image: name)
      let pixelHeight = try number(item, heightField, image: name)
      if let pixelWidth, let pixelHeight {
        let ratio = rule.clamp(pixelWidth / pixelHeight)
        if let violation = MetricRange.ratio.violation(ratio) {
          throw CellSizingError(
            .invalidField, at: name,
            "fields \"\(widthField)\" and \"\(heightField)\" give image '\(name)' the aspect ratio \(violation)"
          )
        }
        content = .aspect(ratio)
      } else if let fallback = rule.fallback {
        content = .aspect(rule.clamp(fallback))
      } else if element.hiddenWhenEmpty {
        return nil
      } else {
        let missing = pixelWidth == nil ? widthField : heightField
        throw CellSizingError(
          .missingField, at: name,
          "image '\(name)' takes its aspect ratio from fields \"\(widthField)\" and \"\(heightField)\"; "
            + "\"\(missing)\" is missing and the image has no fallbackAspect (give it \"fallbackAspect\", "
            + "or \"hiddenWhenEmpty\": true to hide it)")
      }
    case .spacer:
      content = .none
    case .row, .stack:
      children = try bind(element.children, item: item, count: &count)
      guard children.contains(where: { !$0.isOverlay }) else { return nil }
      content = .none
    case .overlay(let overlay):
      guard let child = try bind(overlay.child, item: item, count: &count) else { return nil }
      children = [child]
      content = .none
    case .grid(let grid):
      let value = item[grid.field]
      if element.hiddenWhenEmpty, Self.isEmpty(value) { return nil }
      content = try bindGrid(grid, value: value, element: name)
    case .flow(let flow):
      let value = item[flow.field]
      if element.hiddenWhenEmpty, Self.isEmpty(value) { return nil }
      content = try bindFlow(flow, value: value, element: name)
    case .spans(let spec):
      var spans: [TextSpan] = []
      for (index, span) in spec.spans.enumerated() {
        if case .field(let field) = span.source, let value = item[field], value.text == nil, value != .null {
          throw CellSizingError(
            .invalidField, at: name,
            "field \"\(field)\" of span \(index) is an \(value.typeName); spans '\(name)' show strings, numbers "
              + "or booleans")
        }
        guard let text = span.text(in: item), !text.isEmpty else { continue }
        spans.append(TextSpan(text, style: template.styles[span.style]!.text))
        spanStyles.append(span.style)
      }
      if spans.isEmpty, element.hiddenWhenEmpty { return nil }
      var paragraph = template.styles[spec.paragraphStyle ?? spec.spans[0].style]!.text
      if let maxLines = spec.maxLines { paragraph.maxLines = maxLines }
      content = .attributed(try prepareSpans(spans, paragraph: paragraph, more: spec.more, element: name))
    }
    count += 1
    var node = CellNode(element: element, content: content, children: children)
    node.spanStyles = spanStyles
    return node
  }

  private func prepareText(_ text: String, style: TextStyle, element: String) throws(CellSizingError)
    -> PreparedText
  {
    do {
      let prepared = try measurer.prepare(text, style: style)
      recordPreparedText()
      return prepared
    } catch {
      throw CellSizingError(.text, at: element, error.message)
    }
  }

  private func prepareSpans(
    _ spans: [TextSpan], paragraph: TextStyle, more: TruncationToken?, element: String
  ) throws(CellSizingError) -> AttributedText {
    var token: TextSpan?
    if let more {
      let style = more.style.map { template.styles[$0]!.text } ?? spans.last?.style ?? paragraph
      token = TextSpan(more.text, style: style)
    }
    do {
      let prepared = try measurer.prepare(spans, paragraph: paragraph, truncationToken: token)
      recordPreparedText()
      return prepared
    } catch {
      throw CellSizingError(.text, at: element, error.message)
    }
  }

  /// The items of an array field: none when it is missing or null, an error naming the field,
  /// its type and `need` when it is anything else.
  private static func items(of value: ItemValue?, field: String, element: String, needing need: String)
    throws(CellSizingError) -> [ItemValue]
  {
    switch value {
    case nil, .null: return []
    case .array(let items): return items
    case let value?:
      throw CellSizingError(.invalidField, at: element, "field \"\(field)\" is a \(value.typeName); \(need)")
    }
  }

  private func bindGrid(_ grid: GridSpec, value: ItemValue?, element: String) throws(CellSizingError)
    -> CellNode.Content
  {
    let entries = try Self.items(
      of: value, field: grid.field, element: element, needing: "grid '\(element)' needs an array of images")
    let count = min(entries.count, GridSpec.maximumCount)
    var aspect = grid.singleAspect
    if count == 1, case .object(let entry) = entries[0],
      case .number(let width)? = entry["width"], case .number(let height)? = entry["height"],
      width.isFinite, height.isFinite, width > 0, height > 0
    {
      aspect = width / height
    }
    return .grid(count: count, singleAspect: min(max(aspect, grid.minAspect), grid.maxAspect))
  }

  private func bindFlow(_ flow: FlowSpec, value: ItemValue?, element: String) throws(CellSizingError)
    -> CellNode.Content
  {
    let entries = try Self.items(
      of: value, field: flow.field, element: element, needing: "flow '\(element)' needs an array of texts")
    guard entries.count <= FlowSpec.maximumCount else {
      throw CellSizingError(
        .invalidField, at: element,
        "field \"\(flow.field)\" has \(entries.count) entries; flow '\(element)' takes at most "
          + "\(FlowSpec.maximumCount)")
    }
    var style = template.styles[flow.style]!.text
    style.maxLines = 1
    var chips: [PreparedText] = []
    chips.reserveCapacity(entries.count)
    for (index, entry) in entries.enumerated() {
      guard var text = entry.text else {
        throw CellSizingError(
          .invalidField, at: element,
          "entry \(index) of field \"\(flow.field)\" is \(entry.typeName); flow '\(element)' shows strings, "
            + "numbers or booleans")
      }
      if let format = flow.format { text = format.replacingOccurrences(of: "{}", with: text) }
      chips.append(try prepareText(text, style: style, element: element))
    }
    var more: [PreparedText] = []
    if flow.maxLines > 0, !chips.isEmpty {
      more.reserveCapacity(chips.count)
      for hidden in 1...chips.count {
        let text = flow.moreFormat.replacingOccurrences(of: "{}", with: String(hidden))
        more.append(try prepareText(text, style: style, element: element))
      }
    }
    return .flow(chips: chips, more: more)
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
