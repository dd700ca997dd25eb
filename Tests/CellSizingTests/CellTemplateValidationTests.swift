import CellSizing
import Testing
import TextEngine

@Suite struct CellTemplateValidationTests {
  @Test(
    "Swift-built templates are validated like JSON ones",
    arguments: [
      (
        Element.image("i", aspect: .constant(.nan)),
        "stack[0].image.aspect: nan is out of range: must be a number from 1e-06 to 1000000"
      ),
      (
        Element.image("i", aspect: .constant(0)),
        "stack[0].image.aspect: 0 is out of range: must be a number from 1e-06 to 1000000"
      ),
      (
        Element.image("i", aspect: .constant(-2)),
        "stack[0].image.aspect: -2 is out of range: must be a number from 1e-06 to 1000000"
      ),
      (
        Element.image("i", aspect: .fields(width: "w", height: "h", fallback: .infinity)),
        "stack[0].image.fallbackAspect: inf is out of range: must be a number from 1e-06 to 1000000"
      ),
      (
        Element.spacer("s", -1),
        "stack[0].spacer: -1 is out of range: must be a number from 0 to 1000000 points"
      ),
      (
        Element.label("t", style: "s").spacing(after: -3),
        "stack[0].spacingAfter: -3 is out of range: must be a number from 0 to 1000000 points"
      ),
      (Element.label("t", style: "nope"), #"stack[0].style: unknown style "nope" (styles: s)"#),
      (
        Element.label("t", style: "s", maxLines: -1),
        "stack[0].maxLines: -1 is out of range: must be a whole number from 0 to 2147483647 (0 = unlimited)"
      ),
      (Element.label("cell", style: "s"), #"stack[0].name: "cell" is reserved for the cell"#),
    ])
  func invalid(element: Element, description: String) {
    let template = CellTemplate(styles: ["s": TemplateStyle()], stack: [element])
    #expect(TestSupport.error { try template.validate() }?.description == description)
  }

  @Test func invalidStyleIsReportedWithItsName() {
    let template = CellTemplate(styles: ["s": TemplateStyle(lineSpacing: -1)], stack: [])
    #expect(
      TestSupport.error { try template.validate() }?.description
        == "styles.s.lineSpacing: -1 is out of range: must be a number from 0 to 1000000 points")
  }

  @Test func dslBuildsConditionalStacks() throws {
    let withImage = true
    let template = CellTemplate(styles: ["s": TemplateStyle()]) {
      if withImage { Element.image("i", aspect: .constant(1)) }
      for field in ["a", "b"] { Element.label(field, style: "s").hiddenWhenEmpty() }
    }
    try template.validate()
    #expect(template.stack.map(\.name) == ["i", "a", "b"])
  }
}

/// Element count and nesting limits, from JSON and from Swift.
@Suite struct CellTemplateLimitsTests {
  static func nested(_ depth: Int) -> String {
    var json = #"{"spacer": 1}"#
    for _ in 1..<depth { json = #"{"row": {"children": ["# + json + "]}}" }
    return json
  }

  @Test func nestingIsCapped() throws {
    let ok = try TestSupport.template(#"{"stack": ["# + Self.nested(32) + "]}")
    #expect(ok.elementPaths.count == 32)
    let error = TestSupport.error { try TestSupport.template(#"{"stack": ["# + Self.nested(33) + "]}") }
    #expect(error?.code == .limitExceeded)
    #expect(
      error?.description
        == "stack[0]" + String(repeating: ".row.children[0]", count: 32)
        + ": elements are nested 33 levels deep; at most 32 levels are allowed")
    var element = Element.spacer("s0", 1)
    for level in 1...40 { element = Element.row("r\(level)") { element } }
    let swift = CellTemplate(styles: [:], stack: [element])
    #expect(TestSupport.error { try swift.validate() }?.code == .limitExceeded)
  }

  @Test func elementsAreCapped() throws {
    let spacers = (0..<1_000).map { _ in #"{"spacer": 1}"# }.joined(separator: ",")
    let ok = try TestSupport.template(#"{"stack": ["# + spacers + "]}")
    #expect(ok.stack.count == 1_000)
    let row = #"{"row": {"children": ["# + spacers + "]}}"
    let error = TestSupport.error { try TestSupport.template(#"{"stack": ["# + row + "]}") }
    #expect(
      error?.description
        == "stack[0].row.children[999]: the template has more than 1000 elements; at most 1000 are allowed")
    let swift = CellTemplate(styles: [:], stack: (0...1_000).map { Element.spacer("s\($0)", 1) })
    #expect(TestSupport.error { try swift.validate() }?.description.hasPrefix("stack[1000]: ") == true)
  }

  @Test func aThousandLabelsSolveInOnePass() throws {
    let template = CellTemplate(
      styles: ["s": TemplateStyle(fontSize: 12, lineHeight: .fixed(16))], spacing: 2,
      stack: (0..<1_000).map { Element.label("f\($0 % 10)", style: "s", name: "l\($0)") })
    let sizer = try CellSizer(template: template, measurer: TestSupport.measurer())
    let fields = Dictionary(uniqueKeysWithValues: (0..<10).map { ("f\($0)", ItemValue.string("标签 \($0)")) })
    let cell = try sizer.measure(CellItem(id: "x", fields: fields), width: 300)
    #expect(cell.elements.count == 1_000)
    #expect(cell.height == 1_000 * 16 + 999 * 2)
  }
}
