import CellSizing
import Testing

@Suite struct CellModelTests {
  typealias C = Constraint
  let cell = CellModel.cellName

  func stackModel(extra: [Constraint] = [], dropping dropped: Int? = nil) -> CellModel {
    var constraints = [
      C(Anchor("a", .top), .equal, Anchor(cell, .top), constant: 10),
      C(Anchor("a", .leading), .equal, Anchor(cell, .leading)),
      C(Anchor("a", .trailing), .equal, Anchor(cell, .trailing)),
      C(Anchor("a", .height), .equal, Anchor("a", .width), multiplier: 0.5),
      C(Anchor("b", .top), .equal, Anchor("a", .bottom), constant: 4),
      C(Anchor("b", .leading), .equal, Anchor(cell, .leading), constant: 2),
      C(Anchor("b", .width), constant: 30),
      C(Anchor("b", .height), constant: 12),
      C(Anchor(cell, .bottom), .equal, Anchor("b", .bottom), constant: 6),
    ]
    if let dropped { constraints.remove(at: dropped) }
    return CellModel(elements: [ModelElement("a"), ModelElement("b")], constraints: constraints + extra)
  }

  @Test func solvesAHandWrittenModel() throws {
    let layout = try stackModel().solve(width: 100)
    #expect(layout.height == 10 + 50 + 4 + 12 + 6)
    #expect(layout.frame(named: "a")?.frame == [0, 10, 100, 50])
    #expect(layout.frame(named: "b")?.frame == [2, 64, 30, 12])
  }

  @Test func brokenChainIsAmbiguous() {
    let error = TestSupport.error { try stackModel(dropping: 4).solve(width: 100) }
    #expect(error?.code == .ambiguous)
    #expect(
      error?.description
        == "b: the top-to-bottom chain is broken at 'b': no constraint pins b.top (the last pinned anchor is a.bottom)"
    )
  }

  @Test func chainNotReachingTheBottomIsAmbiguous() {
    let error = TestSupport.error { try stackModel(dropping: 8).solve(width: 100) }
    #expect(error?.code == .ambiguous)
    #expect(
      error?.message
        == "the top-to-bottom chain does not reach the bottom: no constraint ties cell.bottom to b.bottom")
  }

  @Test func missingWidthIsAmbiguous() {
    let error = TestSupport.error { try stackModel(dropping: 6).solve(width: 100) }
    #expect(error?.code == .ambiguous)
    #expect(error?.location == "b")
  }

  @Test func conflictingConstraintsNameBoth() {
    let model = stackModel(extra: [C(Anchor("a", .height), constant: 40, origin: "stack[0].height")])
    let error = TestSupport.error { try model.solve(width: 100) }
    #expect(error?.code == .conflict)
    #expect(error?.location == "stack[0].height")
    #expect(
      error?.message
        == "constraint a.height = 40 needs a.height = 40, but constraint a.height = a.width × 0.5 makes it 50"
    )
  }

  @Test func violatedInequalityIsAConflict() {
    let model = stackModel(extra: [
      C(Anchor("b", .trailing), .lessThanOrEqual, Anchor(cell, .trailing), constant: -80)
    ])
    let error = TestSupport.error { try model.solve(width: 100) }
    #expect(error?.code == .conflict)
    #expect(
      error?.message.hasPrefix("constraint b.trailing ≤ cell.trailing − 80 does not hold: b.trailing is 32")
        == true)
  }

  @Test func fixedRowChildrenWiderThanTheRowConflict() throws {
    let template = CellTemplate(styles: [:]) {
      Element.row("r") {
        Element.image("x", width: 80, height: 10)
        Element.image("y", width: 80, height: 10)
        Element.spacer("fill", nil)
      }
    }
    let sizer = try CellSizer(template: template, measurer: TestSupport.measurer())
    #expect(try sizer.measure(CellItem(id: "i", fields: [:]), width: 200).frame(named: "fill")?.width == 24)
    let error = TestSupport.error { try sizer.measure(CellItem(id: "i", fields: [:]), width: 150) }
    #expect(error?.code == .conflict)
    #expect(
      error?.description
        == #"item "i": x: the chain 'x' → 'y' → 'fill' needs 176 pt of fixed widths and spacing but has 150 pt"#
    )
  }

  @Test("invalid widths", arguments: [0.0, -1, .nan, .infinity])
  func invalidWidth(width: Double) {
    #expect(TestSupport.error { try stackModel().solve(width: width) }?.code == .invalidWidth)
  }

  @Test func duplicateAndReservedNames() {
    let duplicate = CellModel(elements: [ModelElement("a"), ModelElement("a")], constraints: [])
    #expect(TestSupport.error { try duplicate.solve(width: 10) }?.code == .duplicateName)
    let reserved = CellModel(elements: [ModelElement("cell")], constraints: [])
    #expect(TestSupport.error { try reserved.solve(width: 10) }?.code == .duplicateName)
  }

  @Test func constraintDescriptions() {
    #expect(
      C(Anchor("a", .top), .equal, Anchor("b", .bottom), constant: 8).description == "a.top = b.bottom + 8")
    #expect(
      C(Anchor("a", .height), .greaterThanOrEqual, constant: 1.5, priority: .defaultLow).description
        == "a.height ≥ 1.5 @250")
  }
}
