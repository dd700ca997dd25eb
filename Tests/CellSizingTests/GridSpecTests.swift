import CellSizing
import Foundation
import Testing
import TextEngine

/// Image grids: the 1 / 2-and-4 / 3-and-5…9 rule, square cells, spacing, every cell's frame.
@Suite struct GridSpecTests {
  func cell(_ images: ItemValue, width: Double = 300, spacing: Double = 4) throws -> CellMeasurement {
    let template = CellTemplate(styles: [:], insets: EdgeInsets(top: 0, left: 10, bottom: 0, right: 10)) {
      Element.grid("photos", field: "images", spacing: spacing)
    }
    return try CellSizer(template: template, measurer: TestSupport.measurer())
      .measure(CellItem(id: "g", fields: ["images": images]), width: width + 20)
  }

  static func urls(_ count: Int) -> ItemValue { .array((0..<count).map { .string("https://x/\($0).jpg") }) }

  @Test("columns, rows and square cells", arguments: 2...12)
  func grid(count: Int) throws {
    let measured = try cell(Self.urls(count))
    let shown = min(count, 9)
    let columns = [2, 4].contains(shown) ? 2 : 3
    let side = (300 - Double(columns - 1) * 4) / Double(columns)
    let rows = (shown + columns - 1) / columns
    let grid = try #require(measured.frame(named: "photos"))
    #expect(abs(grid.height - (Double(rows) * side + Double(rows - 1) * 4)) < 1e-9)
    #expect(measured.height == grid.height)
    for index in 0..<shown {
      let frame = try #require(measured.frame(named: "photos[\(index)]"))
      #expect(abs(frame.x - (10 + Double(index % columns) * (side + 4))) < 1e-9)
      #expect(abs(frame.y - Double(index / columns) * (side + 4)) < 1e-9)
      #expect(frame.width == frame.height)
      #expect(abs(frame.width - side) < 1e-9)
    }
    #expect(measured.frame(named: "photos[\(shown)]") == nil)
  }

  @Test(
    "a single image keeps its aspect ratio, clamped",
    arguments: [
      (1200.0, 900.0, 1200.0 / 900), (100.0, 1000.0, 0.75), (4000.0, 1000.0, 16.0 / 9),
    ] as [(Double, Double, Double)])
  func single(width: Double, height: Double, aspect: Double) throws {
    let entry = ItemValue.object(["url": .string("u"), "width": .number(width), "height": .number(height)])
    let measured = try cell(.array([entry]))
    let frame = try #require(measured.frame(named: "photos[0]"))
    #expect(frame.width == 300)
    #expect(abs(frame.height - 300 / aspect) < 1e-9)
    #expect(abs(measured.height - 300 / aspect) < 1e-9)
    // Without a size, the single aspect (1) applies.
    #expect(try cell(Self.urls(1)).height == 300)
  }

  @Test func emptyGridsAreZeroHighOrHidden() throws {
    #expect(try cell(.array([])).height == 0)
    let template = CellTemplate(styles: [:], insets: EdgeInsets(all: 5)) {
      Element.grid("photos", field: "images").hiddenWhenEmpty()
    }
    let sizer = try CellSizer(template: template, measurer: TestSupport.measurer())
    let hidden = try sizer.measure(CellItem(id: "g", fields: [:]), width: 100)
    #expect(hidden.hidden == ["photos"])
    #expect(hidden.height == 10)
  }

  @Test func wrongFieldTypeIsAnItemError() throws {
    let error = TestSupport.error { try self.cell(.string("one.jpg")) }
    #expect(error?.code == .invalidField)
    #expect(
      error?.description
        == #"item "g": photos: field "images" is a string; grid 'photos' needs an array of images"#)
  }

  @Test(
    "grid JSON errors name the path",
    arguments: [
      (#"{"grid": {}}"#, #"stack[0].grid.field: a grid needs the "field" holding its images"#),
      (
        #"{"grid": {"field": "i", "spacing": -1}}"#,
        "stack[0].grid.spacing: -1 is out of range: must be a number from 0 to 1000000 points"
      ),
      (
        #"{"grid": {"field": "i", "singleWidth": 2}}"#,
        "stack[0].grid.singleWidth: must be a fraction of the width in 0 < x ≤ 1, got 2.0"
      ),
      (
        #"{"grid": {"field": "i", "minAspect": 2, "maxAspect": 1}}"#,
        "stack[0].grid.maxAspect: maxAspect 1.0 is below minAspect 2.0"
      ),
      (
        #"{"grid": {"field": "i", "columns": 2}}"#,
        "stack[0].grid.columns: unknown key; expected one of field, maxAspect, minAspect, singleAspect, singleWidth, spacing"
      ),
    ])
  func errors(element: String, description: String) {
    let json = #"{"stack": ["# + element + "]}"
    #expect(TestSupport.error { try TestSupport.template(json) }?.description == description)
  }
}
