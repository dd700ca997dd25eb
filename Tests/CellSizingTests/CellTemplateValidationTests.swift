import CellSizing
import Testing

@Suite struct CellTemplateValidationTests {
  @Test(
    "Swift-built templates are validated like JSON ones",
    arguments: [
      (Element.image("i", aspect: .constant(.nan)), "stack[0].image.aspect: must be a number > 0, got nan"),
      (Element.image("i", aspect: .constant(0)), "stack[0].image.aspect: must be a number > 0, got 0.0"),
      (Element.image("i", aspect: .constant(-2)), "stack[0].image.aspect: must be a number > 0, got -2.0"),
      (
        Element.image("i", aspect: .fields(width: "w", height: "h", fallback: .infinity)),
        "stack[0].image.fallbackAspect: must be a number > 0, got inf"
      ),
      (Element.spacer("s", -1), "stack[0].spacer: must be a number ≥ 0, got -1.0"),
      (
        Element.label("t", style: "s").spacing(after: -3),
        "stack[0].spacingAfter: must be a number ≥ 0, got -3.0"
      ),
      (Element.label("t", style: "nope"), #"stack[0].style: unknown style "nope" (styles: s)"#),
      (
        Element.label("t", style: "s", maxLines: -1), "stack[0].maxLines: must be ≥ 0 (0 = unlimited), got -1"
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
        == "styles.s: line spacing must be finite and ≥ 0, got -1.0")
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
