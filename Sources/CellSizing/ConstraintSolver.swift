import TextEngine

/// The exact solver behind `CellModel.solve(width:)`: propagation of required equalities,
/// chain distribution for horizontal slack, text measurement, and lower bounds, in that order.
struct ConstraintSolver {
  private static let attributeCount = Anchor.Attribute.allCases.count

  let model: CellModel
  let width: Double
  /// Slot 0 is the cell, slot i is `model.elements[i - 1]`.
  private var slots: [String: Int] = [:]
  private var values: [Double?]
  /// What set each variable: a constraint description or an implicit relation.
  private var setters: [String]
  private var firstVars: [Int] = []
  private var secondVars: [Int?] = []
  private var texts: [Int: TextMeasurement] = [:]

  init(model: CellModel, width: Double) throws(CellSizingError) {
    self.model = model
    self.width = width
    slots[CellModel.cellName] = 0
    for (index, element) in model.elements.enumerated() {
      guard element.name != CellModel.cellName else {
        throw CellSizingError(
          .duplicateName, at: element.name, "\"\(CellModel.cellName)\" is reserved for the cell")
      }
      guard slots[element.name] == nil else {
        throw CellSizingError(.duplicateName, at: element.name, "two elements are named \"\(element.name)\"")
      }
      slots[element.name] = index + 1
    }
    let count = (model.elements.count + 1) * Self.attributeCount
    values = Array(repeating: nil, count: count)
    setters = Array(repeating: "", count: count)
    for constraint in model.constraints {
      firstVars.append(try variable(constraint.first, in: constraint))
      if let second = constraint.second {
        // A vertical anchor may depend on a horizontal one (aspect ratios: height = width × k),
        // since widths are solved first; not the other way round.
        guard second.attribute.isHorizontal || !constraint.first.attribute.isHorizontal else {
          throw CellSizingError(
            .invalidValue, at: location(constraint),
            "constraint \(constraint) makes a horizontal anchor depend on a vertical one")
        }
        secondVars.append(try variable(second, in: constraint))
      } else {
        secondVars.append(nil)
      }
    }
  }

  private func variable(_ anchor: Anchor, in constraint: Constraint) throws(CellSizingError) -> Int {
    guard let slot = slots[anchor.element] else {
      throw CellSizingError(
        .invalidValue, at: location(constraint),
        "constraint \(constraint) names an unknown element \"\(anchor.element)\"")
    }
    return slot * Self.attributeCount + anchor.attribute.rawValue
  }

  private func index(_ slot: Int, _ attribute: Anchor.Attribute) -> Int {
    slot * Self.attributeCount + attribute.rawValue
  }

  private func name(ofSlot slot: Int) -> String {
    slot == 0 ? CellModel.cellName : model.elements[slot - 1].name
  }

  private func anchorName(_ variable: Int) -> String {
    let attribute = Anchor.Attribute(rawValue: variable % Self.attributeCount)!
    return "\(name(ofSlot: variable / Self.attributeCount)).\(attribute)"
  }

  private func location(_ constraint: Constraint) -> String {
    constraint.origin.isEmpty ? constraint.description : constraint.origin
  }

  private static func close(_ a: Double, _ b: Double) -> Bool {
    abs(a - b) <= 1e-6 * max(1, abs(a), abs(b))
  }

  private mutating func set(_ variable: Int, _ value: Double, by setter: String) {
    values[variable] = value
    setters[variable] = setter
  }

  // MARK: Solve

  mutating func solve() throws(CellSizingError) -> CellLayout {
    set(index(0, .leading), 0, by: "the cell's leading edge")
    set(index(0, .width), width, by: "the cell width \(Constraint.format(width))")
    set(index(0, .top), 0, by: "the cell's top edge")

    while true {
      if try propagate(horizontal: true) { continue }
      if try resolveChain() { continue }
      break
    }
    try checkHorizontal()
    while true {
      if try propagate(horizontal: false) { continue }
      if try measureTexts() { continue }
      if try resolveBounds() { continue }
      if try applyPreferences() { continue }
      break
    }
    try checkVertical()
    try checkInequalities()
    return layout()
  }

  /// Required equalities with one unknown side, and the implicit relations of each element.
  private mutating func propagate(horizontal: Bool) throws(CellSizingError) -> Bool {
    var changed = false
    for (number, constraint) in model.constraints.enumerated()
    where constraint.priority.isRequired && constraint.relation == .equal
      && constraint.first.attribute.isHorizontal == horizontal
    {
      let first = firstVars[number]
      let second = secondVars[number]
      let right: Double? =
        if let second { values[second].map { $0 * constraint.multiplier + constraint.constant } } else {
          constraint.constant
        }
      if let value = values[first] {
        if let right {
          guard Self.close(value, right) else {
            throw CellSizingError(
              .conflict, at: location(constraint),
              "constraint \(constraint) needs \(anchorName(first)) = \(Constraint.format(right)), but \(setters[first]) "
                + "makes it \(Constraint.format(value))")
          }
        } else if let second, constraint.multiplier != 0 {
          set(second, (value - constraint.constant) / constraint.multiplier, by: "constraint \(constraint)")
          changed = true
        }
      } else if let right {
        set(first, right, by: "constraint \(constraint)")
        changed = true
      }
    }
    for slot in 0...model.elements.count {
      if horizontal {
        changed =
          try implicit(index(slot, .trailing), index(slot, .leading), index(slot, .width), factor: 1)
          || changed
      } else {
        changed =
          try implicit(index(slot, .bottom), index(slot, .top), index(slot, .height), factor: 1) || changed
        changed =
          try implicit(index(slot, .centerY), index(slot, .top), index(slot, .height), factor: 0.5) || changed
      }
    }
    return changed
  }

  /// `sum = base + factor × part`: computes the third value from two, checks all three.
  private mutating func implicit(_ sum: Int, _ base: Int, _ part: Int, factor: Double) throws(CellSizingError)
    -> Bool
  {
    let setter =
      "the relation \(anchorName(sum)) = \(anchorName(base)) + \(factor == 1 ? "" : "½ × ")\(anchorName(part))"
    switch (values[sum], values[base], values[part]) {
    case (nil, let b?, let p?):
      set(sum, b + factor * p, by: setter)
    case (let s?, nil, let p?):
      set(base, s - factor * p, by: setter)
    case (let s?, let b?, nil):
      set(part, (s - b) / factor, by: setter)
    case (let s?, let b?, let p?):
      guard Self.close(s, b + factor * p) else {
        throw CellSizingError(
          .conflict, at: name(ofSlot: sum / Self.attributeCount),
          "\(anchorName(base)), \(anchorName(sum)) and \(anchorName(part)) are all pinned and disagree: "
            + "\(setters[base]), \(setters[sum]) and \(setters[part])")
      }
      return false
    default:
      return false
    }
    return true
  }

  /// Finds a run of elements chained leading-to-trailing between two pinned anchors and
  /// gives the flexible ones their widths by content hugging / compression resistance.
  private mutating func resolveChain() throws(CellSizingError) -> Bool {
    for slot in 1...max(1, model.elements.count) where slot <= model.elements.count {
      guard let start = values[index(slot, .leading)], values[index(slot, .width)] == nil,
        values[index(slot, .trailing)] == nil
      else { continue }
      var members = [slot]
      var gaps = 0.0
      var end: Double?
      var current = slot
      walk: while true {
        let trailing = index(current, .trailing)
        for (number, constraint) in model.constraints.enumerated()
        where constraint.priority.isRequired && constraint.relation == .equal && constraint.multiplier == 1 {
          guard let second = secondVars[number] else { continue }
          let first = firstVars[number]
          let other: Int
          let offset: Double  // trailing = other + offset
          if first == trailing {
            other = second
            offset = constraint.constant
          } else if second == trailing {
            other = first
            offset = -constraint.constant
          } else {
            continue
          }
          if let known = values[other] {
            end = known + offset
            break walk
          }
          let otherSlot = other / Self.attributeCount
          if other % Self.attributeCount == Anchor.Attribute.leading.rawValue, !members.contains(otherSlot) {
            members.append(otherSlot)
            gaps -= offset
            current = otherSlot
            continue walk
          }
        }
        break
      }
      guard let end else { continue }
      let flexible = members.filter { values[index($0, .width)] == nil }
      let fixed = members.compactMap { values[index($0, .width)] }.reduce(0, +)
      let available = end - start - gaps - fixed
      let names = members.map { "'\(name(ofSlot: $0))'" }.joined(separator: " → ")
      try checkTies(flexible, chain: names)
      let elements = flexible.map { model.elements[$0 - 1] }
      var widths = elements.map(\.intrinsicWidth)
      var slack = available - widths.reduce(0, +)
      if slack >= 0 {
        let grower = elements.indices.min { elements[$0].hugging < elements[$1].hugging }!
        widths[grower] += slack
      } else {
        for position in elements.indices.sorted(by: {
          elements[$0].compressionResistance < elements[$1].compressionResistance
        }) {
          let cut = min(widths[position], -slack)
          widths[position] -= cut
          slack += cut
        }
        guard slack >= -1e-9 else {
          throw CellSizingError(
            .conflict, at: name(ofSlot: slot),
            "the chain \(names) needs \(Constraint.format(end - start - available)) pt of fixed widths and "
              + "spacing but has \(Constraint.format(end - start)) pt")
        }
      }
      for (position, member) in flexible.enumerated() {
        set(index(member, .width), widths[position], by: "the distribution of the chain \(names)")
      }
      return true
    }
    return false
  }

  /// Two flexible elements with equal lowest hugging (or compression resistance) priority
  /// make the distribution of spare (or missing) width ambiguous.
  private func checkTies(_ flexible: [Int], chain: String) throws(CellSizingError) {
    guard flexible.count >= 2 else { return }
    let elements = flexible.map { model.elements[$0 - 1] }
    for (label, templateKey, key) in [
      ("content hugging", "hugging", \ModelElement.hugging),
      ("compression resistance", "compression", \ModelElement.compressionResistance),
    ] {
      let lowest = elements.map { $0[keyPath: key] }.min()!
      let tied = elements.filter { $0[keyPath: key] == lowest }
      if tied.count >= 2 {
        let names = tied.map { "'\($0.name)'" }.joined(separator: " and ")
        let example = lowest.rawValue >= 999 ? lowest.rawValue - 1 : lowest.rawValue + 1
        throw CellSizingError(
          .ambiguous, at: tied[0].name,
          "\(names) in the chain \(chain) have the same \(label) priority \(lowest): which one "
            + (key == \ModelElement.hugging ? "takes the spare width" : "gives up width")
            + " is ambiguous; give one of them a different priority with the template's \"\(templateKey)\" key "
            + "(e.g. \"\(templateKey)\": \(example))")
      }
    }
  }

  private func checkHorizontal() throws(CellSizingError) {
    for slot in 1..<(model.elements.count + 1) {
      let name = name(ofSlot: slot)
      guard values[index(slot, .leading)] != nil, let width = values[index(slot, .width)] else {
        throw CellSizingError(
          .ambiguous, at: name,
          "the horizontal position or width of '\(name)' is ambiguous: no chain of constraints pins both its "
            + "leading and trailing edges (or its width)")
      }
      guard width >= -1e-9 else {
        throw CellSizingError(
          .conflict, at: name,
          "'\(name)' would be \(Constraint.format(width)) pt wide (\(setters[index(slot, .width)])): insets, "
            + "spacing or fixed widths exceed the width \(Constraint.format(self.width))")
      }
    }
  }

  /// Label heights at their resolved widths.
  private mutating func measureTexts() throws(CellSizingError) -> Bool {
    var changed = false
    for (offset, element) in model.elements.enumerated() {
      let slot = offset + 1
      guard values[index(slot, .height)] == nil, let width = values[index(slot, .width)] else { continue }
      switch element.content {
      case .none:
        continue
      case .placeholder(_, let height):
        set(index(slot, .height), height, by: "the placeholder text of '\(element.name)'")
      case .text, .attributed:
        let measurement: TextMeasurement
        do {
          // A zero-width label still gets its lines (one grapheme each), as UILabel does.
          if case .text(let text) = element.content {
            measurement = try text.measure(width: max(width, 1e-6))
          } else if case .attributed(let text) = element.content {
            measurement = try text.measure(width: max(width, 1e-6))
          } else {
            continue
          }
        } catch {
          throw CellSizingError(.text, at: element.name, error.message)
        }
        texts[slot] = measurement
        set(index(slot, .height), measurement.height, by: "the text height of '\(element.name)'")
      }
      changed = true
    }
    return changed
  }

  /// Variables bounded only by inequalities take their largest lower bound, limited by
  /// non-required upper bounds (a row's height is its tallest child; a max card height clips).
  private mutating func resolveBounds() throws(CellSizingError) -> Bool {
    var candidates: [Int: [(number: Int, isLower: Bool, bound: Double?)]] = [:]
    for (number, constraint) in model.constraints.enumerated() where !constraint.first.attribute.isHorizontal
    {
      let first = firstVars[number]
      let second = secondVars[number]
      if constraint.relation == .equal {
        if constraint.priority.isRequired {
          candidates[first, default: []].append((number, false, .nan))
          if let second { candidates[second, default: []].append((number, false, .nan)) }
        }
        continue
      }
      let isLower = constraint.relation == .greaterThanOrEqual
      if values[first] == nil {
        let bound =
          second == nil
          ? constraint.constant : values[second!].map { $0 * constraint.multiplier + constraint.constant }
        candidates[first, default: []].append((number, isLower, bound))
      } else if let second, values[second] == nil, constraint.multiplier > 0 {
        let bound = (values[first]! - constraint.constant) / constraint.multiplier
        candidates[second, default: []].append((number, !isLower, bound))
      }
    }
    var changed = false
    for (variable, bounds) in candidates.sorted(by: { $0.key < $1.key }) where values[variable] == nil {
      // Skip variables with a required equality, or with a bound still unknown.
      guard bounds.allSatisfy({ $0.bound.map { !$0.isNaN } ?? false }) else { continue }
      let lowers = bounds.filter(\.isLower)
      guard !lowers.isEmpty else { continue }
      let uppers = bounds.filter { !$0.isLower }
      func isRequired(_ bound: (number: Int, isLower: Bool, bound: Double?)) -> Bool {
        model.constraints[bound.number].priority.isRequired
      }
      let requiredLower = lowers.filter(isRequired).map { $0.bound! }.max() ?? -.infinity
      let required = uppers.filter(isRequired).min { $0.bound! < $1.bound! }
      let preferredUpper = uppers.filter { !isRequired($0) }.map { $0.bound! }.min() ?? .infinity
      if let required, requiredLower > required.bound! + 1e-6 * max(1, abs(requiredLower)) {
        throw CellSizingError(
          .conflict, at: location(model.constraints[required.number]),
          "constraint \(model.constraints[required.number]) conflicts with a required lower bound of "
            + "\(anchorName(variable)) (\(Constraint.format(requiredLower)))")
      }
      var value = min(lowers.map { $0.bound! }.max()!, preferredUpper)
      value = min(max(value, requiredLower), required?.bound! ?? .infinity)
      let setter = "the bounds of \(anchorName(variable))"
      set(variable, value, by: setter)
      changed = true
    }
    return changed
  }

  /// Non-required equalities whose right-hand side is known.
  private mutating func applyPreferences() throws(CellSizingError) -> Bool {
    for (number, constraint) in model.constraints.enumerated()
    where !constraint.priority.isRequired && constraint.relation == .equal {
      let first = firstVars[number]
      guard values[first] == nil else { continue }
      let right: Double? =
        if let second = secondVars[number] {
          values[second].map { $0 * constraint.multiplier + constraint.constant }
        } else {
          constraint.constant
        }
      if let right {
        set(first, right, by: "constraint \(constraint)")
        return true
      }
    }
    return false
  }

  private func checkVertical() throws(CellSizingError) {
    var lastPinned = "\(CellModel.cellName).top"
    for slot in 1..<(model.elements.count + 1) {
      let name = name(ofSlot: slot)
      guard values[index(slot, .top)] != nil else {
        throw CellSizingError(
          .ambiguous, at: name,
          "the top-to-bottom chain is broken at '\(name)': no constraint pins \(name).top (the last pinned "
            + "anchor is \(lastPinned))")
      }
      guard let height = values[index(slot, .height)] else {
        throw CellSizingError(
          .ambiguous, at: name,
          "the height of '\(name)' is ambiguous: it has no content, no height constraint and no bottom constraint"
        )
      }
      guard height >= -1e-9 else {
        throw CellSizingError(
          .conflict, at: name,
          "'\(name)' would be \(Constraint.format(height)) pt tall (\(setters[index(slot, .height)]))")
      }
      lastPinned = "\(name).bottom"
    }
    guard values[index(0, .bottom)] != nil else {
      throw CellSizingError(
        .ambiguous, at: "\(CellModel.cellName).bottom",
        "the top-to-bottom chain does not reach the bottom: no constraint ties \(CellModel.cellName).bottom to "
          + "\(lastPinned)")
    }
  }

  private func checkInequalities() throws(CellSizingError) {
    for (number, constraint) in model.constraints.enumerated()
    where constraint.priority.isRequired && constraint.relation != .equal {
      guard let value = values[firstVars[number]] else { continue }
      let right: Double
      if let second = secondVars[number] {
        guard let known = values[second] else { continue }
        right = known * constraint.multiplier + constraint.constant
      } else {
        right = constraint.constant
      }
      let holds =
        constraint.relation == .greaterThanOrEqual
        ? value >= right - 1e-6 * max(1, abs(right)) : value <= right + 1e-6 * max(1, abs(right))
      guard holds else {
        throw CellSizingError(
          .conflict, at: location(constraint),
          "constraint \(constraint) does not hold: \(anchorName(firstVars[number])) is \(Constraint.format(value)) "
            + "(\(setters[firstVars[number]])), the right-hand side is \(Constraint.format(right))")
      }
    }
  }

  private func layout() -> CellLayout {
    let height = values[index(0, .bottom)]! - values[index(0, .top)]!
    var frames: [ElementFrame] = []
    var clipped = false
    for (offset, element) in model.elements.enumerated() {
      let slot = offset + 1
      let text = texts[slot]
      let frame = ElementFrame(
        name: element.name, x: values[index(slot, .leading)]!, y: values[index(slot, .top)]!,
        width: values[index(slot, .width)]!, height: values[index(slot, .height)]!,
        lineCount: text?.lineCount,
        truncated: text?.truncated)
      if frame.y + frame.height > height + 1e-6 { clipped = true }
      frames.append(frame)
    }
    return CellLayout(width: width, height: height, elements: frames, isClipped: clipped)
  }
}
