import CellSizing
import Foundation
import Testing
import TextEngine

/// Overlays: pinned over their target, never changing the cell's height.
@Suite struct OverlaySpecTests {
  let badge = TextStyle(fontSize: 11, lineHeight: .fixed(14), maxLines: 1)

  func template(pin: OverlayPin) -> CellTemplate {
    CellTemplate(styles: ["badge": TemplateStyle(badge)], insets: EdgeInsets(all: 8)) {
      Element.image("cover", aspect: .constant(1.5))
      Element.overlay("durationBadge", on: "cover", pin: pin, margin: 6) {
        Element.label("duration", style: "badge").padding(EdgeInsets(top: 1, left: 4, bottom: 1, right: 4))
      }
      Element.spacer("end", 10)
    }
  }

  @Test("pinned at each of nine positions", arguments: OverlayPin.allCases)
  func pins(pin: OverlayPin) throws {
    let sizer = try CellSizer(template: template(pin: pin), measurer: TestSupport.measurer())
    let cell = try sizer.measure(CellItem(id: "v", fields: ["duration": .string("03:25")]), width: 316)
    let cover = try #require(cell.frame(named: "cover"))
    #expect(cover.width == 300 && cover.height == 200)
    // The overlay adds nothing: cover + spacing + spacer + insets.
    #expect(cell.height == 8 + 200 + 8 + 10 + 8)
    let label = try #require(cell.frame(named: "duration"))
    let width = try TestSupport.measurer().prepare("03:25", style: badge).unconstrainedWidth + 8
    #expect(abs(label.width - width) < 1e-9)
    #expect(label.height == 16)
    let h =
      [OverlayPin.topLeading, .leading, .bottomLeading].contains(pin)
      ? 0.0 : [.top, .center, .bottom].contains(pin) ? 0.5 : 1
    let v =
      [OverlayPin.topLeading, .top, .topTrailing].contains(pin)
      ? 0.0 : [.leading, .center, .trailing].contains(pin) ? 0.5 : 1
    #expect(abs(label.x - (8 + 6 + (300 - 12 - width) * h)) < 1e-9)
    #expect(abs(label.y - (8 + 6 + (200 - 12 - 16) * v)) < 1e-9)
    #expect(
      cell.frame(named: "durationBadge")
        == ElementFrame(
          name: "durationBadge", x: label.x, y: label.y, width: label.width, height: label.height))
    // Overlays come last, drawn over the rest.
    #expect(cell.elements.map(\.name) == ["cover", "end", "durationBadge", "duration"])
  }

  @Test func aHiddenTargetOrChildHidesTheOverlay() throws {
    var template = template(pin: .center)
    template.stack[0] = Element(
      name: "cover", kind: .image(ImageSpec(.aspect(.constant(1.5)), field: "url")), hiddenWhenEmpty: true)
    template.stack[1] = Element.overlay("durationBadge", on: "cover") {
      Element.label("duration", style: "badge").hiddenWhenEmpty()
    }
    let sizer = try CellSizer(template: template, measurer: TestSupport.measurer())
    let noCover = try sizer.measure(CellItem(id: "v", fields: ["duration": .string("1:00")]), width: 100)
    #expect(noCover.hidden == ["cover", "durationBadge", "duration"])
    let noDuration = try sizer.measure(CellItem(id: "v", fields: ["url": .string("u")]), width: 100)
    #expect(noDuration.hidden == ["durationBadge", "duration"])
  }

  @Test(
    "overlay JSON errors name the path",
    arguments: [
      (
        #"{"overlay": {"child": {"spacer": 1}}}"#,
        #"stack[0].overlay.on: an overlay names the element it covers in "on""#
      ),
      (
        #"{"overlay": {"on": "nope", "child": {"spacer": 1}}}"#,
        #"stack[0].overlay.on: unknown element "nope"; an overlay covers a named element or "cell""#
      ),
      (
        #"{"overlay": {"on": "cell", "pin": "middle", "child": {"spacer": 1}}}"#,
        #"stack[0].overlay.pin: unknown pin "middle"; expected one of topLeading, top, topTrailing, leading, center, trailing, bottomLeading, bottom, bottomTrailing"#
      ),
      (
        #"{"overlay": {"on": "cell", "child": {"label": "x", "style": "nope"}}}"#,
        #"stack[0].overlay.child.style: unknown style "nope" (styles: s)"#
      ),
      (
        #"{"name": "o", "overlay": {"on": "o", "child": {"spacer": 1}}}"#,
        "stack[0].overlay.on: an overlay cannot cover itself or its own child"
      ),
    ])
  func errors(element: String, description: String) {
    let json = #"{"styles": {"s": {}}, "stack": ["# + element + "]}"
    #expect(TestSupport.error { try TestSupport.template(json) }?.description == description)
  }
}
