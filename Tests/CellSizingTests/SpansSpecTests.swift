import CellSizing
import Foundation
import Testing
import TextEngine

/// Attributed labels in templates, and the truncation token of labels and spans.
@Suite struct SpansSpecTests {
  static let json = #"""
    {"insets": 10, "spacing": 6,
     "styles": {"name": {"fontSize": 15, "weight": "bold", "color": "#1D6FE0"},
                "body": {"fontSize": 15, "lineHeight": 21, "maxLines": 6},
                "tag": {"fontSize": 13, "weight": "bold", "color": "#E0601D"},
                "link": {"fontSize": 15, "weight": "bold"}},
     "stack": [
       {"name": "body", "spans": [{"field": "author", "style": "name", "format": "@{}: "},
                                  {"text": "转发 ", "style": "body"}, {"field": "body", "style": "body"},
                                  {"field": "tag", "style": "tag", "format": " #{}#"}],
        "maxLines": 3, "more": {"text": "… 全文", "style": "link"}},
       {"name": "plain", "spans": [{"field": "body", "style": "body"}, {"text": "。", "style": "body"}]},
       {"label": "body", "name": "label", "style": "body", "format": "{}。"}
     ]}
    """#

  let item = CellItem(
    id: "p",
    fields: [
      "author": .string("小太阳"),
      "body": .string("在金府银街的背后，应该是由居民楼改建而成。Even in the rain, the garden was full of people walking slowly."),
      "tag": .string("成都"),
    ])

  @Test("frames and heights come from the attributed paragraph", arguments: [170.0, 343])
  func measures(width: Double) throws {
    let measurer = try TestSupport.measurer()
    let sizer = try CellSizer(template: try TestSupport.template(Self.json), measurer: measurer)
    let cell = try sizer.measure(item, width: width)
    let styles = sizer.template.styles
    var paragraph = styles["name"]!.text
    paragraph.maxLines = 3
    let text = try measurer.prepare(
      [
        TextSpan("@小太阳: ", style: styles["name"]!.text), TextSpan("转发 ", style: styles["body"]!.text),
        TextSpan(item["body"]!.text!, style: styles["body"]!.text),
        TextSpan(" #成都#", style: styles["tag"]!.text),
      ], paragraph: paragraph, truncationToken: TextSpan("… 全文", style: styles["link"]!.text))
    let expected = try text.layout(width: width - 20)
    let body = try #require(cell.frame(named: "body"))
    #expect(body.height == expected.height)
    #expect(body.lineCount == expected.lineCount)
    #expect(body.truncated == expected.truncated)
    if let token = expected.token {
      let more = try #require(cell.frame(named: "body.more"))
      #expect(
        more
          == ElementFrame(
            name: "body.more", x: 10 + token.x, y: 10 + token.y, width: token.width, height: token.height))
    } else {
      #expect(cell.frame(named: "body.more") == nil)
    }
    // Spans in one style measure exactly like the label of the joined text.
    let plain = try #require(cell.frame(named: "plain"))
    let label = try #require(cell.frame(named: "label"))
    #expect(plain.height == label.height && plain.lineCount == label.lineCount)
    #expect(abs(cell.height - (10 + body.height + 6 + plain.height + 6 + label.height + 10)) < 1e-9)
  }

  @Test func aTruncatedLabelReportsItsToken() throws {
    let template = CellTemplate(styles: ["body": TemplateStyle(fontSize: 15, lineHeight: .fixed(21))]) {
      Element.label("text", style: "body", maxLines: 2, more: TruncationToken("… more"))
    }
    let sizer = try CellSizer(template: template, measurer: TestSupport.measurer())
    let long = try sizer.measure(
      CellItem(
        id: "l", fields: ["text": .string(String(repeating: "A long sentence of words. ", count: 10))]),
      width: 200)
    let more = try #require(long.frame(named: "text.more"))
    let tokenWidth = try TestSupport.measurer().prepare("… more", style: TextStyle(fontSize: 15))
      .unconstrainedWidth
    #expect(more.y == 21 && more.height == 21 && more.width == tokenWidth)
    #expect(more.x + more.width <= 200 + PreparedText.fitTolerance)
    #expect(long.height == 42)
    let short = try sizer.measure(CellItem(id: "s", fields: ["text": .string("Short.")]), width: 200)
    #expect(short.frame(named: "text.more") == nil)
    #expect(short.height == 21)
  }

  @Test func emptySpansHideTheLabel() throws {
    let template = try TestSupport.template(
      #"{"styles": {"s": {}}, "stack": [{"name": "x", "hiddenWhenEmpty": true, "spans": [{"field": "a", "style": "s"}]}]}"#
    )
    let cell = try CellSizer(template: template, measurer: TestSupport.measurer())
      .measure(CellItem(id: "e", fields: ["a": .string("")]), width: 100)
    #expect(cell.hidden == ["x"])
  }

  @Test(
    "spans JSON errors name the path",
    arguments: [
      (#"{"spans": [{"text": "a"}]}"#, #"stack[0].spans[0].style: a span needs a "style""#),
      (#"{"spans": [{"style": "s"}]}"#, #"stack[0].spans[0]: a span needs a "text" or a "field""#),
      (
        #"{"spans": [{"text": "a", "field": "b", "style": "s"}]}"#,
        #"stack[0].spans[0]: a span has either a "text" or a "field", not both"#
      ),
      (
        #"{"spans": [{"text": "a", "style": "s"}, {"text": "b", "style": "x"}]}"#,
        #"stack[0].spans[1].style: unknown style "x" (styles: s)"#
      ),
      (
        #"{"spans": [{"text": "a", "style": "s", "format": "{}"}]}"#,
        #"stack[0].spans[0].format: a "format" applies to a "field" span"#
      ),
      (#"{"spans": []}"#, "stack[0].spans: an attributed label needs spans"),
      (
        #"{"spans": [{"text": "a", "style": "s"}], "more": {"style": "s"}}"#,
        #"stack[0].more.text: a "more" token needs a "text""#
      ),
      (
        #"{"label": "a", "style": "s", "more": {"text": "…", "style": "y"}}"#,
        #"stack[0].more.style: unknown style "y" (styles: s)"#
      ),
      (
        ##"{"spans": [{"text": "a", "style": "s", "color": "#fff"}]}"##,
        "stack[0].spans[0].color: unknown key; expected one of field, format, style, text"
      ),
    ])
  func errors(element: String, description: String) {
    let json = #"{"styles": {"s": {}}, "stack": ["# + element + "]}"
    #expect(TestSupport.error { try TestSupport.template(json) }?.description == description)
  }

  @Test func styleColoursAreValidated() {
    let json = ##"{"styles": {"s": {"color": "#12345"}}, "stack": []}"##
    #expect(
      TestSupport.error { try TestSupport.template(json) }?.description
        == ##"styles.s.color: expected a colour "#RRGGBB" or "#RRGGBBAA", got "#12345""##)
  }
}
