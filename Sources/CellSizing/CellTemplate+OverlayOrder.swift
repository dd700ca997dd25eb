extension CellTemplate {
  /// One overlay and what must be placed before it: the overlay it is written in (its child,
  /// or an element of its child, is only laid out with it) and the overlay that lays out its
  /// target (the target itself when it is an overlay).
  private struct OverlayDependency {
    var path: String
    var name: String
    /// The nearest overlay that contains this one, by index.
    var container: Int?
    /// The overlay that lays out the target, by index, and the target's name.
    var targetOwner: Int?
    var target: String
  }

  /// Rejects overlays that wait on each other in a cycle (an overlay covering an element of a
  /// second overlay that covers an element of the first, possibly through more overlays or by
  /// being written inside one): none of them could be placed first. The error is located at
  /// the `on` of the first covering member in template order and names every member's JSON path.
  ///
  /// Expects names to be unique and every target to exist (checked before).
  func checkOverlayCycles() throws(CellSizingError) {
    var overlays: [OverlayDependency] = []
    // The nearest overlay (itself included) that lays out each named element.
    var owner: [String: Int] = [:]
    func visit(_ element: Element, path: String, enclosing: Int?) {
      var inside = enclosing
      if case .overlay(let overlay) = element.kind {
        overlays.append(
          OverlayDependency(
            path: path, name: element.name, container: enclosing, targetOwner: nil, target: overlay.target))
        inside = overlays.count - 1
      }
      if let inside { owner[element.name] = inside }
      switch element.kind {
      case .row(let row):
        for (index, child) in row.children.enumerated() {
          visit(child, path: "\(path).row.children[\(index)]", enclosing: inside)
        }
      case .stack(let stack):
        for (index, child) in stack.children.enumerated() {
          visit(child, path: "\(path).stack.children[\(index)]", enclosing: inside)
        }
      case .overlay(let overlay):
        for child in overlay.children { visit(child, path: "\(path).overlay.child", enclosing: inside) }
      default: break
      }
    }
    for (index, element) in stack.enumerated() { visit(element, path: "stack[\(index)]", enclosing: nil) }
    guard !overlays.isEmpty else { return }
    for index in overlays.indices { overlays[index].targetOwner = owner[overlays[index].target] }

    // Depth-first search over at most two edges per overlay; `state`: 0 new, 1 on the path, 2 done.
    var state = [UInt8](repeating: 0, count: overlays.count)
    for start in overlays.indices where state[start] == 0 {
      var path: [(node: Int, edge: Int)] = [(start, 0)]
      state[start] = 1
      while let (node, edge) = path.last {
        let edges = [overlays[node].container, overlays[node].targetOwner]
        guard edge < edges.count else {
          state[node] = 2
          path.removeLast()
          continue
        }
        path[path.count - 1].edge += 1
        guard let next = edges[edge] else { continue }
        switch state[next] {
        case 0:
          state[next] = 1
          path.append((next, 0))
        case 1:
          let first = path.firstIndex { $0.node == next }!
          throw cycleError(Array(path[first...]).map { ($0.node, $0.edge - 1) }, overlays)
        default:
          break
        }
      }
    }
  }

  /// The error for a cycle given as (overlay, edge taken: 0 container, 1 target) pairs.
  private func cycleError(_ cycle: [(node: Int, edge: Int)], _ overlays: [OverlayDependency])
    -> CellSizingError
  {
    // Start at the first member in template order that covers a member (every cycle has one:
    // containment alone is a tree).
    let start = cycle.indices.filter { cycle[$0].edge == 1 }.min { cycle[$0].node < cycle[$1].node }!
    let members = cycle[start...] + cycle[..<start]
    let steps = members.map { member -> String in
      let overlay = overlays[member.node]
      if member.edge == 0, let container = overlay.container {
        return "\(overlay.path) ('\(overlay.name)') is written inside '\(overlays[container].name)'"
      }
      let owner = overlay.targetOwner.map { overlays[$0].name } ?? ""
      let target = overlay.target == owner ? "'\(owner)'" : "'\(overlay.target)' of '\(owner)'"
      return "\(overlay.path).overlay.on ('\(overlay.name)') covers \(target)"
    }
    let first = overlays[members.first!.node]
    return CellSizingError(
      .invalidValue, at: "\(first.path).overlay.on",
      "overlays cover each other's elements in a cycle, so none of them can be placed first: "
        + steps.joined(separator: "; ") + "; cover an element outside the cycle")
  }
}
