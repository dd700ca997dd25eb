import CellSizing
import Foundation
import Testing
import TextEngine

/// Nested stacks, padding and alignment: frames checked by arithmetic (sum of parts) and, for
/// the kinds the constraint model covers, against `CellModel`'s solver.
@Suite struct StackSpecTests {
  let nameStyle = TextStyle(fontSize: 15, weight: .bold, lineHeight: .fixed(21), maxLines: 1)
  let timeStyle = TextStyle(fontSize: 12, lineHeight: .fixed(17), maxLines: 1)

  /// Avatar beside a name-over-time stack, then a body.
  func header() -> CellTemplate {
    CellTemplate(
      styles: [
        "name": TemplateStyle(nameStyle), "time": TemplateStyle(timeStyle),
        "body": TemplateStyle(fontSize: 15, lineHeight: .fixed(21)),
      ],
      insets: EdgeInsets(all: 12), spacing: 10
    ) {
      Element.row("header", spacing: 10, alignment: .top) {
        Element.image("avatar", width: 40, height: 40)
        Element.stack("nameStack", spacing: 2) {
          Element.label("author", style: "name")
          Element.label("time", style: "time")
        }
      }
      Element.label("body", style: "body")
    }
  }

  @Test("a stack inside a row: height is the sum of its children", arguments: [200.0, 343])
  func stackInRow(width: Double) throws {
    let sizer = try CellSizer(template: header(), measurer: TestSupport.measurer())
    let item = CellItem(
      id: "p",
      fields: ["author": .string("小太阳☀️"), "time": .string("3 分钟前"), "body": .string("今天天气很好，我们去公园散步吧。")])
    let cell = try sizer.measure(item, width: width)
    let frames = Dictionary(uniqueKeysWithValues: cell.elements.map { ($0.name, $0) })
    let content = width - 24
    let stack = try #require(frames["nameStack"])
    #expect(stack.x == 12 + 40 + 10)
    #expect(abs(stack.width - (content - 50)) < 1e-9)
    #expect(stack.height == 21 + 2 + 17)
    #expect(frames["author"]!.y == 12)
    #expect(frames["time"]!.y == 12 + 21 + 2)
    #expect(frames["header"]!.height == 40)
    let body = try TestSupport.textHeight(
      "今天天气很好，我们去公园散步吧。", TextStyle(fontSize: 15, lineHeight: .fixed(21)), width: content)
    #expect(abs(cell.height - (12 + 40 + 10 + body + 12)) < 1e-9)
    #expect(
      cell.elements.map(\.name) == ["header", "avatar", "nameStack", "author", "time", "body"])
  }

  @Test func aTallStackMakesTheRowTall() throws {
    var template = header()
    template.stack[0] = Element.row("header", spacing: 10, alignment: .center) {
      Element.image("avatar", width: 20, height: 20)
      Element.stack("nameStack", spacing: 4) {
        Element.label("author", style: "name")
        Element.label("time", style: "time")
        Element.label("place", style: "time")
      }
    }
    let sizer = try CellSizer(template: template, measurer: TestSupport.measurer())
    let item = CellItem(
      id: "p",
      fields: ["author": .string("a"), "time": .string("b"), "place": .string("c"), "body": .string("d")])
    let cell = try sizer.measure(item, width: 300)
    let row = try #require(cell.frame(named: "header"))
    #expect(row.height == 21 + 4 + 17 + 4 + 17)
    // The avatar is centred against the stack.
    #expect(cell.frame(named: "avatar")!.y == 12 + (row.height - 20) / 2)
  }

  @Test func rowsInsideStacksInsideRows() throws {
    let template = CellTemplate(styles: ["s": TemplateStyle(fontSize: 12, lineHeight: .fixed(16))]) {
      Element.row("outer", spacing: 4, alignment: .top) {
        Element.image("a", width: 30, height: 30)
        Element.stack("column", spacing: 3) {
          Element.row("inner", spacing: 5, alignment: .top) {
            Element.image("b", width: 10, height: 12)
            Element.image("c", aspect: .constant(2))
          }
          Element.spacer("gap", 7)
        }
      }
    }
    let cell = try CellSizer(template: template, measurer: TestSupport.measurer())
      .measure(CellItem(id: "x", fields: [:]), width: 100)
    let c = try #require(cell.frame(named: "c"))
    #expect(c.x == 30 + 4 + 10 + 5)
    #expect(c.width == 100 - 49)
    #expect(c.height == 51.0 / 2)
    #expect(cell.frame(named: "column")!.height == c.height + 3 + 7)
    #expect(cell.height == c.height + 3 + 7)
  }

  @Test("padding adds to the content; fixed and hug widths align in a stack")
  func paddingAndAlignment() throws {
    let chipStyle = TextStyle(fontSize: 12, lineHeight: .fixed(16), maxLines: 1)
    let template = CellTemplate(styles: ["chip": TemplateStyle(chipStyle)], insets: EdgeInsets(all: 10)) {
      Element.label("tag", style: "chip").width(.hug)
        .padding(EdgeInsets(top: 2, left: 6, bottom: 3, right: 6), background: "#EEEEEE", cornerRadius: 4)
        .horizontallyAligned(.trailing)
      Element.image("dot", width: 8, height: 8).horizontallyAligned(.center)
      Element.label("full", style: "chip").padding(EdgeInsets(all: 5))
    }
    let sizer = try CellSizer(template: template, measurer: TestSupport.measurer())
    let cell = try sizer.measure(
      CellItem(id: "t", fields: ["tag": .string("#旅行"), "full": .string("x")]), width: 200)
    let textWidth = try TestSupport.measurer().prepare("#旅行", style: chipStyle).unconstrainedWidth
    let tag = try #require(cell.frame(named: "tag"))
    #expect(tag.width == textWidth + 12)
    #expect(tag.height == 16 + 5)
    #expect(abs(tag.x + tag.width - 190) < 1e-9)
    #expect(cell.frame(named: "dot")!.x == 10 + (180 - 8) / 2)
    let full = try #require(cell.frame(named: "full"))
    #expect(full.width == 180)
    #expect(full.height == 26)
    #expect(cell.height == 10 + 21 + 8 + 8 + 8 + 26 + 10)
  }

  @Test("the cell's own stack agrees with the constraint model on the sample feed")
  func agreesWithTheConstraintModel() throws {
    let measurer = try TestSupport.measurer()
    for name in ["note-card.template.json", "text-post.template.json"] {
      let template = try CellTemplate(json: TestSupport.example(name))
      let sizer = try CellSizer(template: template, measurer: measurer)
      for result in CellItem.decodeLines(try TestSupport.example("feed.jsonl")).prefix(60) {
        let prepared = try sizer.prepare(try result.get())
        for width in [150.0, 343] {
          let measured = try prepared.measure(width: width)
          var texts: [String: ModelElement.Content] = [:]
          var aspects: [String: Double] = [:]
          for frame in measured.elements {
            if let text = prepared.preparedText(named: frame.name) { texts[frame.name] = .text(text) }
            if case .image? = prepared.element(named: frame.name)?.kind, frame.height > 0 {
              aspects[frame.name] = frame.width / frame.height
            }
          }
          let model = template.compile(texts: texts, aspects: aspects, hidden: Set(prepared.hidden))
          let solved = try model.solve(width: width)
          #expect(abs(solved.height - measured.height) < 1e-9)
          #expect(solved.elements.map(\.name) == measured.elements.map(\.name))
          for (a, b) in zip(solved.elements, measured.elements) {
            #expect(zip(a.frame, b.frame).allSatisfy { abs($0 - $1) < 1e-9 }, "\(name) \(a) \(b)")
          }
        }
      }
    }
  }

  @Test("stack JSON decodes with its keys and paths")
  func json() throws {
    let template = try TestSupport.template(
      #"""
      {"styles": {"s": {"fontSize": 12}},
       "stack": [{"name": "r", "row": {"children": [
         {"name": "st", "stack": {"spacing": 2, "align": "center", "children": [
           {"label": "a", "style": "s", "align": "trailing", "padding": [1, 2, 3, 4], "background": "#FF000080"}]}}]}}]}
      """#)
    guard case .row(let row) = template.stack[0].kind, case .stack(let stack) = row.children[0].kind else {
      Issue.record("expected a stack in a row")
      return
    }
    #expect(stack.spacing == 2)
    #expect(stack.alignment == .center)
    #expect(stack.children[0].horizontalAlignment == .trailing)
    #expect(stack.children[0].padding == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
    #expect(
      template.elementPaths.map(\.path) == [
        "stack[0]", "stack[0].row.children[0]", "stack[0].row.children[0].stack.children[0]",
      ])
  }

  @Test(
    "stack and padding errors name the JSON path",
    arguments: [
      (#"{"stack": {"children": []}}"#, "stack[0].stack.children: a stack needs at least one child"),
      (#"{"stack": {}}"#, #"stack[0].stack.children: a stack needs "children""#),
      (
        #"{"stack": {"children": [{"label": "a", "style": "s", "align": "top"}]}}"#,
        #"stack[0].stack.children[0].align: unknown alignment "top"; expected leading, center or trailing"#
      ),
      (
        #"{"label": "a", "style": "s", "padding": {"left": -1}}"#,
        "stack[0].padding.left: -1 is out of range: must be a number from 0 to 1000000 points"
      ),
      (
        #"{"label": "a", "style": "s", "background": "red"}"#,
        ##"stack[0].background: expected a colour "#RRGGBB" or "#RRGGBBAA", got "red""##
      ),
      (
        #"{"stack": {"spacing": -1, "children": [{"spacer": 1}]}}"#,
        "stack[0].stack.spacing: -1 is out of range: must be a number from 0 to 1000000 points"
      ),
    ])
  func errors(element: String, description: String) {
    let json = #"{"styles": {"s": {}}, "stack": ["# + element + "]}"
    #expect(TestSupport.error { try TestSupport.template(json) }?.description == description)
  }
}
