import CellSizing
import Foundation
import Testing
import TextEngine

/// Chip flows: chip = text + padding (capped at the row), greedy wrapping, max lines with "+N".
@Suite struct FlowSpecTests {
  let style = TextStyle(fontSize: 12, lineHeight: .fixed(16))
  let padding = EdgeInsets(top: 3, left: 8, bottom: 3, right: 8)

  func sizer(maxLines: Int = 0) throws -> CellSizer {
    let flow = FlowSpec(
      field: "tags", style: "chip", format: "#{}", padding: padding, spacing: 6, lineSpacing: 5,
      maxLines: maxLines)
    let template = CellTemplate(styles: ["chip": TemplateStyle(style)]) { Element.flow("tags", flow) }
    return try CellSizer(template: template, measurer: TestSupport.measurer())
  }

  func chipWidth(_ text: String) throws -> Double {
    try TestSupport.measurer().prepare(text, style: style).unconstrainedWidth + 16
  }

  static let tags = ["旅行", "美食", "周末去哪儿", "photography", "猫", "city walk", "咖啡", "夜景", "成都"]

  /// The expected greedy lines of chip widths at `width`.
  func lines(_ widths: [Double], width: Double) -> [[Int]] {
    var lines: [[Int]] = []
    var used = 0.0
    for (index, chip) in widths.enumerated() {
      if let last = lines.indices.last, used + 6 + chip <= width + PreparedText.fitTolerance {
        lines[last].append(index)
        used += 6 + chip
      } else {
        lines.append([index])
        used = chip
      }
    }
    return lines
  }

  @Test("chips wrap greedily", arguments: [120.0, 200, 343])
  func wraps(width: Double) throws {
    let cell = try sizer().measure(
      CellItem(id: "t", fields: ["tags": .array(Self.tags.map { .string($0) })]), width: width)
    let widths = try Self.tags.map { try min(chipWidth("#" + $0), width) }
    let expected = lines(widths, width: width)
    #expect(cell.height == Double(expected.count) * 22 + Double(expected.count - 1) * 5)
    for (line, chips) in expected.enumerated() {
      var x = 0.0
      for chip in chips {
        let frame = try #require(cell.frame(named: "tags[\(chip)]"))
        #expect(abs(frame.x - x) < 1e-9)
        #expect(frame.y == Double(line) * 27)
        #expect(abs(frame.width - widths[chip]) < 1e-9)
        #expect(frame.height == 22)
        x += widths[chip] + 6
      }
    }
    #expect(cell.frame(named: "tags.more") == nil)
  }

  @Test func aLongChipIsCappedAtTheRowWidth() throws {
    let cell = try sizer().measure(
      CellItem(id: "t", fields: ["tags": .array([.string(String(repeating: "很长的标签", count: 10))])]),
      width: 150)
    let chip = try #require(cell.frame(named: "tags[0]"))
    #expect(chip.width == 150)
    #expect(chip.truncated == true)
    #expect(cell.height == 22)
  }

  @Test("max lines ends with a +N chip that fits", arguments: [150.0, 200, 260])
  func maxLines(width: Double) throws {
    let cell = try sizer(maxLines: 2).measure(
      CellItem(id: "t", fields: ["tags": .array(Self.tags.map { .string($0) })]), width: width)
    let widths = try Self.tags.map { try min(chipWidth("#" + $0), width) }
    let all = lines(widths, width: width)
    try #require(all.count > 2)
    #expect(cell.height == 2 * 22 + 5)
    let more = try #require(cell.frame(named: "tags.more"))
    let shown = cell.elements.filter { $0.name.hasPrefix("tags[") }.count
    let moreWidth = try chipWidth("+\(Self.tags.count - shown)")
    #expect(abs(more.width - moreWidth) < 1e-9)
    #expect(more.y == 27)
    #expect(more.x + more.width <= width + PreparedText.fitTolerance)
    // Every chip of the first line is shown; the second line keeps as many as fit with "+N".
    #expect(shown >= all[0].count)
    #expect(shown <= all[0].count + all[1].count)
    if shown < all[0].count + all[1].count {
      let next = try chipWidth("+\(Self.tags.count - shown - 1)")
      let lastShown = try #require(cell.frame(named: "tags[\(shown - 1)]"))
      #expect(lastShown.x + lastShown.width + 6 + widths[shown] + 6 + next > width || shown == all[0].count)
    }
  }

  @Test func wrongEntriesAreItemErrors() throws {
    let error = TestSupport.error {
      try self.sizer().measure(
        CellItem(id: "t", fields: ["tags": .array([.string("a"), .array([])])]), width: 100)
    }
    #expect(
      error?.description
        == #"item "t": tags: entry 1 of field "tags" is array; flow 'tags' shows strings, numbers or booleans"#
    )
    let notAnArray = TestSupport.error {
      try self.sizer().measure(CellItem(id: "t", fields: ["tags": .string("旅行")]), width: 100)
    }
    #expect(notAnArray?.code == .invalidField)
    #expect(
      notAnArray?.description
        == #"item "t": tags: field "tags" is a string; flow 'tags' needs an array of texts"#)
  }

  @Test(
    "flow JSON errors name the path",
    arguments: [
      (#"{"flow": {"field": "t"}}"#, #"stack[0].flow.style: a flow needs a chip "style""#),
      (#"{"flow": {"field": "t", "style": "x"}}"#, #"stack[0].flow.style: unknown style "x" (styles: s)"#),
      (
        #"{"flow": {"field": "t", "style": "s", "maxLines": -1}}"#,
        "stack[0].flow.maxLines: -1 is out of range: must be a whole number from 0 to 2147483647 (0 = unlimited)"
      ),
      (
        #"{"flow": {"field": "t", "style": "s", "more": "more"}}"#,
        #"stack[0].flow.more: the "+N" chip's format needs "{}" for the number"#
      ),
      (
        #"{"flow": {"field": "t", "style": "s", "padding": [1, 2]}}"#,
        "stack[0].flow.padding: expected [top, left, bottom, right], got 2 numbers"
      ),
    ])
  func errors(element: String, description: String) {
    let json = #"{"styles": {"s": {}}, "stack": ["# + element + "]}"
    #expect(TestSupport.error { try TestSupport.template(json) }?.description == description)
  }
}
