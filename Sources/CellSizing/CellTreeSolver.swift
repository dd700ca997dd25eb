import TextEngine

/// Lays out a tree of bound elements at a width in one pass: each node is placed once, a row
/// distributes its width among its children (fixed widths, then content hugging and
/// compression resistance), and a stack chains its children top to bottom. Overlays are placed
/// last over their targets and never change a height. The work is linear in the number of
/// nodes (a row's or stack's content width is summed once per nesting level).
struct CellTreeSolver {
  private(set) var frames: [ElementFrame] = []
  private var overlays: [CellNode] = []
  /// The platform's box rules.
  let rules: CardBoxRules

  init(capacity: Int, rules: CardBoxRules) {
    self.rules = rules
    frames.reserveCapacity(capacity)
  }

  /// The gap between two visible neighbours: the larger custom spacing, else the default.
  static func gap(_ previous: Element, _ next: Element, default spacing: Double) -> Double {
    switch (previous.spacingAfter, next.spacingBefore) {
    case (nil, nil): spacing
    case (let after?, nil): after
    case (nil, let before?): before
    case (let after?, let before?): max(after, before)
    }
  }

  static func factor(_ alignment: HorizontalAlignment) -> Double {
    switch alignment {
    case .leading: 0
    case .center: 0.5
    case .trailing: 1
    }
  }

  /// Solves a cell: its stack inside the insets, then min/max height, then the overlays.
  mutating func solveCell(
    _ stack: [CellNode], width: Double, insets: EdgeInsets, spacing: Double, minHeight: Double?,
    maxHeight: Double?
  ) throws(CellSizingError) -> CellLayout {
    let content = try placeStack(
      stack, x: insets.left, y: insets.top, width: width - insets.horizontal, spacing: spacing,
      alignment: .leading)
    var height = insets.top + content + insets.bottom
    if let minHeight { height = max(height, minHeight) }
    if let maxHeight { height = min(height, maxHeight) }
    try placeOverlays(cell: ElementFrame(name: CellModel.cellName, x: 0, y: 0, width: width, height: height))
    var clipped = false
    for frame in frames where frame.y + frame.height > height + 1e-6 {
      clipped = true
      break
    }
    return CellLayout(width: width, height: height, elements: frames, isClipped: clipped)
  }

  /// Places a node with its top-leading corner at (x, y) and the given frame width; appends its
  /// frame and then its content's; returns its height.
  @discardableResult
  mutating func place(_ node: CellNode, x: Double, y: Double, width: Double, inRow: Bool)
    throws(CellSizingError) -> Double
  {
    let element = node.element
    let padding = element.padding
    guard width >= -1e-9 else {
      throw CellSizingError(
        .conflict, at: node.name,
        "'\(node.name)' would be \(Constraint.format(width)) pt wide: insets, spacing or fixed widths exceed "
          + "the width")
    }
    let innerWidth = width - padding.horizontal
    guard innerWidth >= -1e-9 else {
      throw CellSizingError(
        .conflict, at: node.name,
        "'\(node.name)' is \(Constraint.format(width)) pt wide, less than its padding "
          + "(\(Constraint.format(padding.horizontal)) pt)")
    }
    let index = frames.count
    frames.append(ElementFrame(name: node.name, x: x, y: y, width: width, height: 0))
    let innerX = x + padding.left
    let innerY = y + padding.top
    var height: Double
    switch node.content {
    case .text(let text):
      let measurement: TextMeasurement
      do {
        // A zero-width label still gets its lines (one grapheme each), as UILabel does.
        measurement = try text.measure(width: max(innerWidth, 1e-6))
      } catch {
        throw CellSizingError(.text, at: node.name, error.message)
      }
      frames[index].lineCount = measurement.lineCount
      frames[index].truncated = measurement.truncated
      height = measurement.height
    case .attributed(let text):
      let measurement: TextMeasurement
      do {
        measurement = try text.measure(width: max(innerWidth, 1e-6))
        if measurement.truncated, text.token != nil,
          let token = try text.layout(width: max(innerWidth, 1e-6)).token
        {
          frames.append(
            ElementFrame(
              name: "\(node.name).more", x: innerX + token.x, y: innerY + token.y, width: token.width,
              height: token.height))
        }
      } catch {
        throw CellSizingError(.text, at: node.name, error.message)
      }
      frames[index].lineCount = measurement.lineCount
      frames[index].truncated = measurement.truncated
      height = measurement.height
    case .placeholder(_, let placeholderHeight):
      height = placeholderHeight
    case .aspect(let aspect):
      height = rules.snapped(max(0, innerWidth) / aspect)
    case .grid(let count, let singleAspect):
      height = try placeGrid(
        node, count: count, singleAspect: singleAspect, x: innerX, y: innerY, width: innerWidth)
    case .flow(let chips, let more):
      height = try placeFlow(node, chips: chips, more: more, x: innerX, y: innerY, width: innerWidth)
    case .none:
      switch element.kind {
      case .image(let image):
        guard case .fixed(_, let fixedHeight) = image.sizing else {
          height = 0
          break
        }
        frames[index].height = fixedHeight
        return fixedHeight
      case .spacer(let spacer):
        height = inRow ? 0 : spacer.length ?? 0
      case .row(let row):
        height = try placeRow(
          node.children, x: innerX, y: innerY, width: innerWidth, spacing: row.spacing,
          alignment: row.alignment)
      case .stack(let stack):
        height = try placeStack(
          node.children, x: innerX, y: innerY, width: innerWidth, spacing: stack.spacing,
          alignment: stack.alignment)
      default:
        height = 0
      }
    }
    height += padding.vertical
    frames[index].height = height
    return height
  }

  /// Chains `children` top to bottom; returns the stack's content height (first spacing before
  /// and last spacing after included).
  mutating func placeStack(
    _ children: [CellNode], x: Double, y: Double, width: Double, spacing: Double,
    alignment: HorizontalAlignment
  ) throws(CellSizingError) -> Double {
    var cursor = y
    var previous: Element?
    for child in children {
      if child.isOverlay {
        overlays.append(child)
        continue
      }
      let element = child.element
      cursor += previous.map { Self.gap($0, element, default: spacing) } ?? element.spacingBefore ?? 0
      let childWidth: Double
      if let fixed = child.fixedWidth(inRow: false) {
        guard fixed <= width + 1e-6 * max(1, width) else {
          throw CellSizingError(
            .conflict, at: child.name,
            "'\(child.name)' is \(Constraint.format(fixed)) pt wide but its stack is "
              + "\(Constraint.format(width)) pt wide")
        }
        childWidth = fixed
      } else if element.width == .hug {
        childWidth = min(child.intrinsicWidth, width)
      } else {
        childWidth = width
      }
      let offset = (width - childWidth) * Self.factor(element.horizontalAlignment ?? alignment)
      cursor += try place(child, x: x + offset, y: cursor, width: childWidth, inRow: false)
      previous = element
    }
    return cursor + (previous?.spacingAfter ?? 0) - y
  }

  /// Distributes the row's width among `children` and aligns them vertically; returns the
  /// row's content height (its tallest child's).
  mutating func placeRow(
    _ children: [CellNode], x: Double, y: Double, width: Double, spacing: Double, alignment: VerticalAlignment
  ) throws(CellSizingError) -> Double {
    var members: [Int] = []
    members.reserveCapacity(children.count)
    for (position, child) in children.enumerated() {
      if child.isOverlay { overlays.append(child) } else { members.append(position) }
    }
    guard let first = members.first, let last = members.last else { return 0 }
    let start = children[first].element.spacingBefore ?? 0
    let end = width - (children[last].element.spacingAfter ?? 0)
    var gaps = 0.0
    var fixed = 0.0
    var widths = [Double](repeating: 0, count: members.count)
    var flexible: [Int] = []
    for (position, member) in members.enumerated() {
      let child = children[member]
      if position > 0 {
        gaps += Self.gap(children[members[position - 1]].element, child.element, default: spacing)
      }
      if let width = child.fixedWidth(inRow: true) {
        widths[position] = width
        fixed += width
      } else {
        widths[position] = child.intrinsicWidth
        flexible.append(position)
      }
    }
    let available = end - start - gaps - fixed
    func chainNames() -> String { members.map { "'\(children[$0].name)'" }.joined(separator: " → ") }
    if flexible.count >= 2 { try checkTies(flexible.map { children[members[$0]] }, chain: chainNames()) }
    var slack = available - flexible.reduce(0) { $0 + widths[$1] }
    if flexible.isEmpty {
      // Only fixed widths: spare room stays after the last child.
      slack = min(slack, 0)
    } else if slack >= 0 {
      let grower = flexible.min { hugging(children[members[$0]]) < hugging(children[members[$1]]) }!
      widths[grower] += slack
      slack = 0
    } else {
      let order = flexible.sorted {
        resistance(children[members[$0]]) < resistance(children[members[$1]])
      }
      for position in order.prefix(rules.shrinksOneChildOnly ? 1 : order.count) where slack < 0 {
        let cut = min(widths[position], -slack)
        widths[position] -= cut
        slack += cut
      }
      // CSS lets the children that do not shrink overflow the row.
      if rules.shrinksOneChildOnly { slack = 0 }
    }
    guard slack >= -1e-9 else {
      throw CellSizingError(
        .conflict, at: children[first].name,
        "the chain \(chainNames()) needs \(Constraint.format(gaps + fixed)) pt of fixed widths and spacing but "
          + "has \(Constraint.format(end - start)) pt")
    }
    var cursor = x + start
    var height = 0.0
    var starts = [Int](repeating: 0, count: members.count + 1)
    var heights = [Double](repeating: 0, count: members.count)
    for (position, member) in members.enumerated() {
      let child = children[member]
      if position > 0 {
        cursor += Self.gap(children[members[position - 1]].element, child.element, default: spacing)
      }
      starts[position] = frames.count
      heights[position] = try place(child, x: cursor, y: y, width: widths[position], inRow: true)
      height = max(height, heights[position])
      cursor += widths[position]
    }
    starts[members.count] = frames.count
    for (position, member) in members.enumerated() {
      let factor: Double =
        switch children[member].element.alignment ?? alignment {
        case .top: 0
        case .center: 0.5
        case .bottom: 1
        }
      let offset = (height - heights[position]) * factor
      guard offset != 0 else { continue }
      for frame in starts[position]..<starts[position + 1] { frames[frame].y += offset }
    }
    return height
  }

  private func hugging(_ node: CellNode) -> LayoutPriority { node.element.effectiveHugging }

  private func resistance(_ node: CellNode) -> LayoutPriority { node.element.effectiveCompressionResistance }

  /// Two flexible elements with equal lowest hugging (or compression resistance) priority
  /// make the distribution of spare (or missing) width ambiguous.
  private func checkTies(_ flexible: [CellNode], chain: String) throws(CellSizingError) {
    for isHugging in [true, false] {
      let priorities = flexible.map { isHugging ? hugging($0) : resistance($0) }
      let lowest = priorities.min()!
      let tied = flexible.indices.filter { priorities[$0] == lowest }.map { flexible[$0].name }
      if tied.count >= 2 {
        let names = tied.map { "'\($0)'" }.joined(separator: " and ")
        let key = isHugging ? "hugging" : "compression"
        let example = lowest.rawValue >= 999 ? lowest.rawValue - 1 : lowest.rawValue + 1
        throw CellSizingError(
          .ambiguous, at: tied[0],
          "\(names) in the chain \(chain) have the same "
            + (isHugging ? "content hugging" : "compression resistance") + " priority \(lowest): which one "
            + (isHugging ? "takes the spare width" : "gives up width")
            + " is ambiguous; give one of them a different priority with the template's \"\(key)\" key "
            + "(e.g. \"\(key)\": \(example))")
      }
    }
  }

  /// Grid cells (`name[i]`); returns the grid's content height.
  mutating func placeGrid(
    _ node: CellNode, count: Int, singleAspect: Double, x: Double, y: Double, width: Double
  ) throws(CellSizingError) -> Double {
    guard count > 0, case .grid(let grid) = node.element.kind else { return 0 }
    if count == 1 {
      let cellWidth = rules.snapped(width * grid.singleWidth)
      let cellHeight = rules.snapped(cellWidth / singleAspect)
      frames.append(ElementFrame(name: "\(node.name)[0]", x: x, y: y, width: cellWidth, height: cellHeight))
      return cellHeight
    }
    let columns = GridSpec.columns(for: count)
    let side = (width - Double(columns - 1) * grid.spacing) / Double(columns)
    let columnWidths = rules.gridColumnWidths(available: max(0, side) * Double(columns), columns: columns)
    guard side >= 0 else {
      throw CellSizingError(
        .conflict, at: node.name,
        "grid '\(node.name)' is \(Constraint.format(width)) pt wide, less than the spacing of its "
          + "\(columns) columns")
    }
    let rows = (count + columns - 1) / columns
    // Square cells; a row is as tall as its widest cell (columns differ by a LayoutUnit on web).
    var top = y
    for row in 0..<rows {
      var left = x
      var rowHeight = 0.0
      for column in 0..<min(columns, count - row * columns) {
        let cellWidth = columnWidths[column]
        frames.append(
          ElementFrame(
            name: "\(node.name)[\(row * columns + column)]", x: left, y: top, width: cellWidth,
            height: cellWidth))
        rowHeight = max(rowHeight, cellWidth)
        left += cellWidth + grid.spacing
      }
      top += rowHeight + (row < rows - 1 ? grid.spacing : 0)
    }
    return top - y
  }

  /// Chips (`name[i]`, and `name.more` for the "+N" chip); returns the flow's content height.
  mutating func placeFlow(
    _ node: CellNode, chips: [PreparedText], more: [PreparedText], x: Double, y: Double, width: Double
  ) throws(CellSizingError) -> Double {
    guard !chips.isEmpty, case .flow(let flow) = node.element.kind else { return 0 }
    let padding = flow.padding
    let limit = width + PreparedText.fitTolerance
    let chipHeight = chips[0].height(ofLineCount: 1) + padding.vertical
    func chipWidth(_ text: PreparedText) -> Double {
      min(text.unconstrainedWidth + padding.horizontal, width)
    }
    // Greedy lines: the index of the first chip of each line.
    var lineStarts: [Int] = []
    var lineWidth = 0.0
    for (index, chip) in chips.enumerated() {
      let chipWidth = chipWidth(chip)
      if lineStarts.isEmpty || lineWidth + flow.spacing + chipWidth > limit {
        lineStarts.append(index)
        lineWidth = chipWidth
      } else {
        lineWidth += flow.spacing + chipWidth
      }
    }
    var shown = chips.count
    var moreWidth: Double?
    var lineCount = lineStarts.count
    if flow.maxLines > 0, lineStarts.count > flow.maxLines {
      lineCount = flow.maxLines
      let lastStart = lineStarts[flow.maxLines - 1]
      shown = lineStarts[flow.maxLines]
      // Drop chips from the last line until the "+N" chip fits after them.
      while true {
        let candidate = chipWidth(more[chips.count - shown - 1])
        var end = 0.0
        for index in lastStart..<shown {
          end += (index > lastStart ? flow.spacing : 0) + chipWidth(chips[index])
        }
        if shown == lastStart || end + flow.spacing + candidate <= limit {
          moreWidth = candidate
          break
        }
        shown -= 1
      }
    }
    var line = -1
    var cursor = x
    for index in 0..<shown {
      if line + 1 < lineStarts.count, lineStarts[line + 1] == index {
        line += 1
        cursor = x
      }
      let chipWidth = chipWidth(chips[index])
      frames.append(
        ElementFrame(
          name: "\(node.name)[\(index)]", x: cursor, y: y + Double(line) * (chipHeight + flow.lineSpacing),
          width: chipWidth, height: chipHeight, lineCount: 1,
          truncated: chips[index].unconstrainedWidth + padding.horizontal > width + PreparedText.fitTolerance)
      )
      cursor += chipWidth + flow.spacing
    }
    if let moreWidth {
      let lastLine = lineCount - 1
      if shown == lineStarts[lastLine] { cursor = x }
      frames.append(
        ElementFrame(
          name: "\(node.name).more", x: cursor, y: y + Double(lastLine) * (chipHeight + flow.lineSpacing),
          width: moreWidth, height: chipHeight, lineCount: 1, truncated: false))
    }
    return Double(lineCount) * chipHeight + Double(lineCount - 1) * flow.lineSpacing
  }

  /// Places the overlays collected so far, and those inside them, over their targets in
  /// dependency order: an overlay whose target is laid out by another overlay (its child, an
  /// element inside it, or the overlay itself) waits until that one is placed, wherever each is
  /// written. Template validation rejects overlays that wait on each other in a cycle; should
  /// one still wait at the end, that is an error, never a silent drop.
  mutating func placeOverlays(cell: ElementFrame) throws(CellSizingError) {
    guard !overlays.isEmpty else { return }
    var byName: [String: Int] = [:]
    for (index, frame) in frames.enumerated() where byName[frame.name] == nil { byName[frame.name] = index }
    var ready: [CellNode] = []
    var nextReady = 0
    var waiting: [String: [CellNode]] = [:]
    var collected = 0
    while true {
      // Overlays met so far (in the cell, then inside placed overlays) wait for their target.
      while collected < overlays.count {
        let node = overlays[collected]
        collected += 1
        guard case .overlay(let overlay) = node.element.kind else { continue }
        if overlay.target == CellModel.cellName || byName[overlay.target] != nil {
          ready.append(node)
        } else {
          waiting[overlay.target, default: []].append(node)
        }
      }
      guard nextReady < ready.count else { break }
      let node = ready[nextReady]
      nextReady += 1
      guard case .overlay(let overlay) = node.element.kind, let child = node.children.first else { continue }
      let target = overlay.target == CellModel.cellName ? cell : frames[byName[overlay.target]!]
      let margin = overlay.margin
      let available = max(0, target.width - 2 * margin)
      let childWidth: Double
      if let fixed = child.fixedWidth(inRow: false) {
        childWidth = fixed
      } else if child.element.hugsContent {
        childWidth = min(child.intrinsicWidth, available)
      } else {
        childWidth = available
      }
      let index = frames.count
      frames.append(ElementFrame(name: node.name, x: 0, y: 0, width: childWidth, height: 0))
      let start = frames.count
      let height: Double
      if child.isOverlay {
        // An overlay written as the child takes no room here: it goes over its own target.
        overlays.append(child)
        height = 0
      } else {
        height = try place(child, x: 0, y: 0, width: childWidth, inRow: false)
      }
      let dx = target.x + margin + (available - childWidth) * overlay.pin.horizontalFactor
      let dy = target.y + margin + (target.height - 2 * margin - height) * overlay.pin.verticalFactor
      frames[index] = ElementFrame(name: node.name, x: dx, y: dy, width: childWidth, height: height)
      for frame in index..<frames.count {
        if frame >= start {
          frames[frame].x += dx
          frames[frame].y += dy
        }
        let name = frames[frame].name
        guard byName[name] == nil else { continue }
        byName[name] = frame
        if let released = waiting.removeValue(forKey: name) { ready.append(contentsOf: released) }
      }
    }
    if let (target, nodes) = waiting.min(by: { $0.key < $1.key }) {
      throw CellSizingError(
        .conflict, at: nodes[0].name,
        "overlay '\(nodes[0].name)' covers '\(target)', which is never laid out (overlays waiting on each other)"
      )
    }
  }
}
