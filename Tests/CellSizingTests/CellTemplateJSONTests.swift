import CellSizing
import Foundation
import Testing
import TextEngine

@Suite struct CellTemplateJSONTests {
  @Test(
    "card examples measure every item of their sample feeds",
    arguments: ["weibo", "comments", "products", "tags"])
  func cardExamples(name: String) throws {
    let sizer = try CellSizer(
      template: CellTemplate(json: TestSupport.example("\(name).template.json")),
      measurer: TestSupport.measurer())
    let results = sizer.measure(CellItem.decodeLines(try TestSupport.example("\(name).jsonl")), width: 343)
    #expect(results.count >= 100)
    for result in results {
      let cell = try result.get()
      #expect(cell.height > 0 && !cell.isClipped)
      #expect(cell.elements.allSatisfy { $0.x >= -1e-9 && $0.x + $0.width <= 343 + 1e-9 })
    }
  }

  @Test("example templates decode", arguments: ["note-card.template.json", "text-post.template.json"])
  func examples(name: String) throws {
    let template = try CellTemplate(json: TestSupport.example(name))
    #expect(!template.stack.isEmpty)
    #expect(template.name == name.replacingOccurrences(of: ".template.json", with: ""))
  }

  @Test func noteCardDecodesToTheModel() throws {
    let template = try CellTemplate(json: TestSupport.example("note-card.template.json"))
    #expect(template.insets == EdgeInsets(top: 0, left: 8, bottom: 10, right: 8))
    #expect(template.styles["title"]?.text.maxLines == 2)
    #expect(
      template.elementPaths.map(\.path) == [
        "stack[0]", "stack[1]", "stack[2]", "stack[2].row.children[0]", "stack[2].row.children[1]",
        "stack[2].row.children[2]",
      ])
    guard case .image(let cover) = template.stack[0].kind, case .aspect(let rule) = cover.sizing else {
      Issue.record("cover is not an aspect image")
      return
    }
    #expect(
      rule
        == AspectRule.fields(
          width: "imageWidth", height: "imageHeight", fallback: 0.75, minimum: 0.75, maximum: 1.3333))
  }

  static let base = #"{"styles": {"title": {"fontSize": 15}}, "stack": [STACK]}"#

  /// A stack with a row whose second child is `CHILD`.
  static let rowStack = #"""
    {"label": "a", "style": "title"}, {"image": {"aspect": 1}}, {"row": {"children": [{"label": "b", "style": "title"}, CHILD]}}
    """#

  @Test(
    "style and length ranges are the engine's and name the field",
    arguments: [
      (
        #"{"styles": {"t": {"fontSize": 1e308}}, "stack": [{"label": "a", "style": "t"}]}"#,
        "styles.t.fontSize: 1e+308 is out of range: must be a number above 0, at most 10000 points"
      ),
      (
        #"{"styles": {"t": {"lineHeight": {"multiple": 1e300}}}, "stack": [{"label": "a", "style": "t"}]}"#,
        "styles.t.lineHeight.multiple: 1e+300 is out of range: must be a number above 0, at most 1000"
      ),
      (
        #"{"styles": {"t": {"pixelScale": 1e-20}}, "stack": [{"label": "a", "style": "t"}]}"#,
        "styles.t.pixelScale: 1e-20 is out of range: must be a number from 1 to 16 device pixels per point"
      ),
      (
        #"{"styles": {"t": {"language": "en US"}}, "stack": [{"label": "a", "style": "t"}]}"#,
        #"styles.t.language: must be a BCP 47 language tag such as "en", "zh-Hant" or "pt-BR" (ASCII letters "#
          + #"and digits in subtags of up to 8 joined by "-", at most 63 characters), got "en US""#
      ),
      (
        #"{"styles": {"t": {"lineSpacing": 1e308}}, "stack": [{"label": "a", "style": "t"}]}"#,
        "styles.t.lineSpacing: 1e+308 is out of range: must be a number from 0 to 1000000 points"
      ),
      (
        #"{"styles": {"t": {}}, "spacing": 1e308, "stack": [{"label": "a", "style": "t"}]}"#,
        "spacing: 1e+308 is out of range: must be a number from 0 to 1000000 points"
      ),
      (
        #"{"styles": {"t": {}}, "insets": [1e308, 0, 0, 0], "stack": [{"label": "a", "style": "t"}]}"#,
        "insets[0]: 1e+308 is out of range: must be a number from 0 to 1000000 points"
      ),
    ])
  func rangeErrorsNameTheField(json: String, message: String) {
    let error = TestSupport.error { try TestSupport.template(json) }
    #expect(error?.code == .invalidValue)
    #expect(error?.description == message)
  }

  @Test(
    "decoding errors name the JSON path",
    arguments: [
      (
        rowStack.replacingOccurrences(of: "CHILD", with: #"{"label": "c", "style": "titel"}"#),
        "unknownStyle",
        #"stack[2].row.children[1].style: unknown style "titel" (styles: title)"#
      ),
      (#"{"label": "a"}"#, "missingKey", #"stack[0].style: a label needs a "style""#),
      (#"{"label": 3, "style": "title"}"#, "wrongType", "stack[0].label: expected a string, got number"),
      (
        #"{"label": "a", "style": "title", "maxLine": 2}"#, "unknownKey",
        "stack[0].maxLine: unknown key; expected one of align, background, compression, cornerRadius, format, hiddenWhenEmpty, hugging, label, maxLines, more, name, padding, spacingAfter, spacingBefore, style, textAlign, width"
      ),
      (
        #"{"label": "a", "style": "title", "spacingBefore": -4}"#, "invalidValue",
        "stack[0].spacingBefore: -4 is out of range: must be a number from 0 to 1000000 points"
      ),
      (
        #"{"label": "a", "style": "title", "maxLines": 1.5}"#, "wrongType",
        "stack[0].maxLines: expected a whole number, got 1.5"
      ),
      (
        #"{"image": {"aspect": 0}}"#, "invalidValue",
        "stack[0].image.aspect: 0 is out of range: must be a number from 1e-06 to 1000000"
      ),
      (
        #"{"image": {"aspect": -1.5}}"#, "invalidValue",
        "stack[0].image.aspect: -1.5 is out of range: must be a number from 1e-06 to 1000000"
      ),
      (#"{"image": {"aspect": "NaN"}}"#, "wrongType", "stack[0].image.aspect: expected a number, got string"),
      (
        #"{"image": {"aspectFrom": ["w", "h"], "fallbackAspect": 0}}"#, "invalidValue",
        "stack[0].image.fallbackAspect: 0 is out of range: must be a number from 1e-06 to 1000000"
      ),
      (
        #"{"image": {"aspect": 1, "minAspect": 2, "maxAspect": 1}}"#, "invalidValue",
        "stack[0].image.maxAspect: maxAspect 1.0 is below minAspect 2.0"
      ),
      (
        #"{"image": {"aspect": 1, "size": [10, 10]}}"#, "conflict",
        #"stack[0].image: an image has either a fixed "size" or an aspect ratio, not both ("size" and "aspect")"#
      ),
      (
        #"{"image": {}}"#, "missingKey",
        #"stack[0].image: an image needs exactly one of "aspect", "aspectFrom" or "size""#
      ),
      (
        #"{"spacer": "fill"}"#, "invalidValue",
        #"stack[0].spacer: "fill" spacers belong in rows; in the stack give a height"#
      ),
      (
        #"{"label": "a", "style": "title", "image": {"aspect": 1}}"#, "invalidValue",
        #"stack[0]: an element needs exactly one of "label", "spans", "image", "grid", "flow", "spacer", "row", "stack", "overlay"; got label, image"#
      ),
      (
        #"{"name": "x"}"#, "missingKey",
        #"stack[0]: an element needs exactly one of "label", "spans", "image", "grid", "flow", "spacer", "row", "stack", "overlay""#
      ),
      (
        #"{"label": "a", "style": "title"}, {"label": "a", "style": "title"}"#, "duplicateName",
        #"stack[1].name: "a" is already the name of stack[0]; give one a "name""#
      ),
      (
        #"{"row": {"children": [{"label": "a", "style": "title", "width": "fill"}, {"label": "b", "style": "title", "width": "fill"}]}}"#,
        "ambiguous",
        "stack[0].row.children[0]: 'a' and 'b' in the chain 'a' → 'b' have the same content hugging priority 250: which one takes the spare width is ambiguous; give one of them a different priority with the template's \"hugging\" key (e.g. \"hugging\": 251)"
      ),
      (
        #"{"row": {"children": [{"label": "a", "style": "title"}, {"label": "b", "style": "title", "hugging": 700}]}}"#,
        "ambiguous",
        "stack[0].row.children[0]: 'a' and 'b' in the chain 'a' → 'b' have the same compression resistance priority 751: which one gives up width is ambiguous; give one of them a different priority with the template's \"compression\" key (e.g. \"compression\": 752)"
      ),
      (
        #"{"row": {"children": [{"label": "a", "style": "title", "hugging": 0}]}}"#, "invalidValue",
        "stack[0].row.children[0].hugging: 0 is out of range: must be a whole number from 1 to 1000"
      ),
      (
        #"{"row": {"children": []}}"#, "invalidValue", "stack[0].row.children: a row needs at least one child"
      ),
      (
        #"{"row": {"children": [{"label": "a", "style": "title"}], "align": "middle"}}"#, "invalidValue",
        #"stack[0].row.align: unknown alignment "middle"; expected top, center or bottom"#
      ),
    ])
  func errors(stack: String, code: String, description: String) {
    let json = Self.base.replacingOccurrences(of: "STACK", with: stack)
    let error = TestSupport.error { try TestSupport.template(json) }
    #expect(error?.code.rawValue == code)
    #expect(error?.description == description)
  }

  @Test(
    "top-level errors",
    arguments: [
      (#"{"stack": [], "insets": [1, 2, 3]}"#, "insets: expected [top, left, bottom, right], got 3 numbers"),
      (
        #"{"stack": [], "insets": {"top": -1}}"#,
        "insets.top: -1 is out of range: must be a number from 0 to 1000000 points"
      ),
      (
        #"{"stack": [], "spacing": -2}"#,
        "spacing: -2 is out of range: must be a number from 0 to 1000000 points"
      ),
      (
        #"{"stack": [], "minHeight": 50, "maxHeight": 40}"#,
        "maxHeight: maxHeight 40.0 is below minHeight 50.0"
      ),
      (
        #"{"styles": {"t": {"weight": "heavy"}}, "stack": []}"#,
        #"styles.t.weight: unknown weight "heavy"; expected regular or bold"#
      ),
      (
        #"{"styles": {"t": {"fontSize": 0}}, "stack": []}"#,
        "styles.t.fontSize: 0 is out of range: must be a number above 0, at most 10000 points"
      ),
      (
        #"{"styles": {"t": {"lineHeight": "tall"}}, "stack": []}"#,
        #"styles.t.lineHeight: expected a number of points, "natural" or {"multiple": factor}"#
      ),
      (#"{"styles": []}"#, "styles: expected an object of named styles, got array"),
      (#"{"styles": {}}"#, #"stack: a template needs a "stack" of elements"#),
      (#"[1]"#, "template: expected an object, got array"),
    ])
  func topLevelErrors(json: String, description: String) {
    #expect(TestSupport.error { try TestSupport.template(json) }?.description == description)
  }

  @Test func invalidJSONIsReported() {
    let error = TestSupport.error { try TestSupport.template(#"{"stack": [}"#) }
    #expect(error?.code == .invalidJSON)
    #expect(error?.location == "template")
  }

  @Test func defaultsAndForms() throws {
    let template = try TestSupport.template(
      #"""
      {"insets": 4, "styles": {"s": {"lineHeight": {"multiple": 1.5}, "weight": "bold"}},
       "stack": [{"label": "t", "style": "s", "format": "#{}"}, {"spacer": 3},
                 {"row": {"children": [{"spacer": "fill"}, {"image": {"size": [5, 6]}, "name": "dot", "align": "top"}]}}]}
      """#)
    #expect(template.insets == EdgeInsets(all: 4))
    #expect(template.spacing == 8)
    #expect(template.stack[0].name == "t")
    #expect(template.stack[1].name == "stack[1]")
    #expect(template.stack[2].name == "stack[2]")
    #expect(template.elementPaths.map(\.element.name).last == "dot")
  }

  /// `"androidStyle"` picks an Android widget's defaults; an unknown one names the choices.
  @Test func androidStyle() throws {
    let template = try TestSupport.template(
      #"{"styles": {"s": {"androidStyle": "textview"}}, "stack": [{"label": "t", "style": "s"}]}"#)
    #expect(template.styles["s"]?.text.androidStyle == .textView)
    #expect(throws: CellSizingError.self) {
      try TestSupport.template(
        #"{"styles": {"s": {"androidStyle": "material"}}, "stack": [{"label": "t", "style": "s"}]}"#)
    }
  }
}
