import CellSizing
import Foundation
import Testing
import TextEngine

@Suite struct CellSizerTests {
  let titleStyle = TextStyle(fontSize: 15, weight: .bold, lineHeight: .fixed(21), maxLines: 2)
  let metaStyle = TextStyle(fontSize: 12, lineHeight: .fixed(17), maxLines: 1)

  func noteCard() throws -> CellSizer {
    try CellSizer(
      template: CellTemplate(json: TestSupport.example("note-card.template.json")),
      measurer: TestSupport.measurer())
  }

  @Test("note card height = insets + cover + title + row + spacing", arguments: [150.0, 170, 343])
  func noteCardSumOfParts(width: Double) throws {
    let sizer = try noteCard()
    let item = try TestSupport.item(
      #"{"id": "a", "title": "在金府银街的背后，应该是由居民楼改建而成。", "author": "小太阳☀️", "likes": 46, "imageWidth": 1200, "imageHeight": 900}"#
    )
    let cell = try sizer.measure(item, width: width)
    let content = width - 16
    let cover = content / min(1200.0 / 900, 1.3333)  // clamped to maxAspect
    let title = try TestSupport.textHeight("在金府银街的背后，应该是由居民楼改建而成。", titleStyle, width: content)
    let likesWidth = try TestSupport.measurer().prepare("♥ 46", style: metaStyle).unconstrainedWidth
    let row = max(20, 17.0)
    #expect(abs(cell.height - (0 + cover + 8 + title + 8 + row + 10)) < 1e-9)
    let frames = Dictionary(uniqueKeysWithValues: cell.elements.map { ($0.name, $0) })
    #expect(frames["cover"]!.frame[0...2] == [8, 0, content])
    #expect(abs(frames["cover"]!.height - cover) < 1e-9)
    #expect(abs(frames["title"]!.y - (cover + 8)) < 1e-9)
    #expect(frames["likes"]!.width == likesWidth)
    #expect(abs(frames["likes"]!.x + likesWidth - (width - 8)) < 1e-9)
    #expect(abs(frames["author"]!.width - (content - 20 - 6 - 6 - likesWidth)) < 1e-9)
    // Centered in the 20 pt row.
    #expect(abs(frames["author"]!.y - (frames["authorRow"]!.y + 1.5)) < 1e-9)
    #expect(cell.elements.map(\.name) == ["cover", "title", "authorRow", "avatar", "author", "likes"])
  }

  @Test(
    "aspect from data is clamped; fallback without data",
    arguments: [
      (#", "imageWidth": 100, "imageHeight": 1000"#, 0.75),
      (#", "imageWidth": 3000, "imageHeight": 1000"#, 1.3333),
      (#", "imageWidth": 1000, "imageHeight": 1000"#, 1.0),
      ("", 0.75),
      (#", "imageWidth": null"#, 0.75),
    ])
  func aspect(fields: String, aspect: Double) throws {
    let item = try TestSupport.item(#"{"id": "a", "title": "x", "author": "y", "likes": 1"# + fields + "}")
    let cover = try noteCard().measure(item, width: 200).frame(named: "cover")!
    #expect(abs(cover.height - 184 / aspect) < 1e-9)
  }

  @Test func hiddenLabelCollapsesWithItsSpacing() throws {
    let sizer = try noteCard()
    let full = try sizer.measure(
      try TestSupport.item(#"{"id": "a", "title": "Hello", "author": "b", "likes": 2}"#), width: 170)
    for title in [#""title": """#, #""title": null"#, #""other": 1"#] {
      let item = try TestSupport.item(#"{"id": "a", "author": "b", "likes": 2, "# + title + "}")
      let cell = try sizer.measure(item, width: 170)
      #expect(cell.hidden == ["title"])
      #expect(cell.frame(named: "title") == nil)
      let titleHeight = full.frame(named: "title")!.height
      #expect(abs(cell.height - (full.height - titleHeight - 8)) < 1e-9)
      #expect(cell.frame(named: "authorRow")!.y == full.frame(named: "cover")!.height + 8)
    }
  }

  @Test func rowTakesTheTallestChild() throws {
    let template = CellTemplate(
      styles: [
        "big": TemplateStyle(fontSize: 30, lineHeight: .fixed(40)),
        "small": TemplateStyle(fontSize: 12, lineHeight: .fixed(16)),
      ],
      insets: EdgeInsets(all: 5)
    ) {
      Element.row("row", alignment: .bottom) {
        Element.image("avatar", width: 24, height: 24).aligned(.top)
        Element.label("a", style: "big", width: .fill)
        Element.label("b", style: "small")
      }
    }
    let sizer = try CellSizer(template: template, measurer: TestSupport.measurer())
    let cell = try sizer.measure(
      CellItem(id: "x", fields: ["a": .string("Big"), "b": .string("small")]), width: 300)
    #expect(cell.height == 5 + 40 + 5)
    #expect(cell.frame(named: "row")!.height == 40)
    #expect(cell.frame(named: "avatar")!.y == 5)
    #expect(cell.frame(named: "b")!.y == 5 + 40 - 16)
  }

  @Test("labels truncate at max lines", arguments: [1, 2, 3])
  func truncation(maxLines: Int) throws {
    let template = CellTemplate(styles: ["body": TemplateStyle(fontSize: 15, lineHeight: .fixed(21))]) {
      Element.label("body", style: "body", maxLines: maxLines)
    }
    let text = String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 6)
    let cell = try CellSizer(template: template, measurer: TestSupport.measurer())
      .measure(CellItem(id: "x", fields: ["body": .string(text)]), width: 150)
    let frame = cell.frame(named: "body")!
    #expect(frame.lineCount == maxLines)
    #expect(frame.truncated == true)
    #expect(cell.height == Double(maxLines) * 21)
  }

  @Test func spacingAndInsetsAddUp() throws {
    let template = CellTemplate(
      styles: ["s": TemplateStyle(fontSize: 15, lineHeight: .fixed(20))],
      insets: EdgeInsets(top: 3, left: 4, bottom: 5, right: 6),
      spacing: 7
    ) {
      Element.image("square", aspect: .constant(1))
      Element.spacer("gap", 11)
      Element.label("t", style: "s").spacing(before: 13, after: 17)
      Element.image("icon", width: 10, height: 12)
    }
    let cell = try CellSizer(template: template, measurer: TestSupport.measurer())
      .measure(CellItem(id: "x", fields: ["t": .string("one")]), width: 110)
    #expect(cell.height == 3 + 100 + 7 + 11 + 13 + 20 + 17 + 12 + 5)
    #expect(cell.frame(named: "icon")!.frame == [4, 3 + 100 + 7 + 11 + 13 + 20 + 17, 10, 12])
  }

  @Test func minAndMaxHeight() throws {
    func sizer(min: Double?, max: Double?) throws -> CellSizer {
      let template = CellTemplate(styles: [:], minHeight: min, maxHeight: max) {
        Element.image("i", aspect: .constant(2))
      }
      return try CellSizer(template: template, measurer: TestSupport.measurer())
    }
    let item = CellItem(id: "x", fields: [:])
    #expect(try sizer(min: 80, max: nil).measure(item, width: 100).height == 80)
    #expect(try sizer(min: nil, max: 30).measure(item, width: 100).height == 30)
    #expect(try sizer(min: nil, max: 30).measure(item, width: 100).isClipped)
    #expect(try sizer(min: 10, max: 300).measure(item, width: 100).height == 50)
  }

  @Test func measuringAtAnotherWidthDoesNoShaping() throws {
    // A measurer of its own, so tests running in parallel do not fill its segment cache.
    let measurer = TextMeasurer(regular: try BundledFonts.regularChain(), bold: try BundledFonts.boldChain())
    let sizer = try CellSizer(
      template: CellTemplate(json: TestSupport.example("note-card.template.json")), measurer: measurer)
    let item = try TestSupport.item(#"{"id": "a", "title": "Hello world", "author": "b", "likes": 2}"#)
    _ = try sizer.measure(item, width: 150)
    #expect(sizer.preparedTextCount == 3)
    let cached = sizer.measurer.cachedSegmentCount
    for width in [170.0, 200, 343, 1000] { _ = try sizer.measure(item, width: width) }
    #expect(sizer.preparedTextCount == 3)
    #expect(sizer.measurer.cachedSegmentCount == cached)
    #expect(sizer.cachedItemCount == 1)
    let prepared = try sizer.prepare(item)
    #expect(sizer.preparedTextCount == 6)
    _ = try prepared.measure(width: 120)
    #expect(sizer.preparedTextCount == 6)
  }

  @Test func measuresTheWholeSampleFeed() throws {
    let sizer = try noteCard()
    let results = sizer.measure(CellItem.decodeLines(try TestSupport.example("feed.jsonl")), width: 170)
    #expect(results.count == 240)
    for result in results {
      let cell = try result.get()
      #expect(cell.height > 20 + 8 + 10)
      #expect(cell.elements.allSatisfy { $0.x >= 8 && $0.x + $0.width <= 162 + 1e-9 })
    }
    let textPost = try CellSizer(
      template: CellTemplate(json: TestSupport.example("text-post.template.json")),
      measurer: TestSupport.measurer())
    let posts = textPost.measure(CellItem.decodeLines(try TestSupport.example("feed.jsonl")), width: 343)
    #expect(posts.allSatisfy { (try? $0.get().height) ?? 0 >= 80 })
  }

  @Test func badItemsFailAloneWithClearErrors() throws {
    let lines = [
      #"{"id": "ok-1", "title": "a", "author": "b", "likes": 1}"#,
      #"{"title": "no id", "author": "b", "likes": 1}"#,
      #"{"id": "no-author", "title": "a", "likes": 1}"#,
      "",
      #"{"id": "bad-likes", "title": "a", "author": "b", "likes": [1]}"#,
      #"{"id": "zero-height", "title": "a", "author": "b", "likes": 1, "imageWidth": 10, "imageHeight": 0}"#,
      #"{"id": "string-width", "title": "a", "author": "b", "likes": 1, "imageWidth": "10", "imageHeight": 5}"#,
      #"{"id": "broken", "#,
      #"{"id": 7}"#,
      #"{"id": "ok-2", "title": "a", "author": "b", "likes": 1}"#,
    ]
    let results = try noteCard().measure(
      CellItem.decodeLines(Data(lines.joined(separator: "\n").utf8)), width: 170)
    let messages = results.map { result -> String in
      switch result {
      case .success(let cell): "ok \(cell.id)"
      case .failure(let error): "\(error.code): \(error)"
      }
    }
    #expect(
      messages == [
        "ok ok-1",
        #"missingID: line 2: missing field "id""#,
        #"missingField: line 3, item "no-author": author: label 'author' needs field "author", which is missing (to hide the label instead, give it "hiddenWhenEmpty": true in the template)"#,
        #"invalidField: line 5, item "bad-likes": likes: field "likes" is an array; label 'likes' shows a string, number or boolean"#,
        #"invalidField: line 6, item "zero-height": cover: field "imageHeight" must be a positive number for the aspect ratio of image 'cover', got 0"#,
        #"invalidField: line 7, item "string-width": cover: field "imageWidth" must be a number for image 'cover', got string"#,
        "invalidJSON: line 8: " + (try #require(results[6].failureMessage)),
        #"missingID: line 9: field "id" must be a non-empty string, got number"#,
        "ok ok-2",
      ])
    #expect(results[2].failure?.itemID == "no-author")
    #expect(results[2].failure?.line == 3)
  }

  @Test(arguments: [(1e-300, 1e300, "0"), (1e300, 1e-300, "inf"), (1, 2e6, "5e-07")])
  func anAspectRatioOutOfRangeFailsTheItem(width: Double, height: Double, ratio: String) throws {
    let template = CellTemplate(styles: [:]) { Element.image("i", aspect: .fields(width: "w", height: "h")) }
    let sizer = try CellSizer(template: template, measurer: TestSupport.measurer())
    let item = CellItem(id: "x", fields: ["w": .number(width), "h": .number(height)])
    let error = TestSupport.error { try sizer.measure(item, width: 300) }
    #expect(error?.code == .invalidField)
    #expect(
      error?.description.contains("the aspect ratio \(ratio) is out of range") == true,
      "\(String(describing: error))")
  }

  @Test func insetsExceedingTheWidthFailPerItem() throws {
    let template = CellTemplate(styles: [:], insets: EdgeInsets(top: 0, left: 100, bottom: 0, right: 100)) {
      Element.spacer("s", 10)
    }
    let sizer = try CellSizer(template: template, measurer: TestSupport.measurer())
    let item = CellItem(id: "x", fields: [:], line: 4)
    let error = try #require(TestSupport.error { try sizer.measure(item, width: 150) })
    #expect(error.code == .conflict)
    #expect(
      error.description
        == #"line 4, item "x": insets: the insets (left 100 + right 100) leave no room at width 150"#)
    #expect(try sizer.measure(item, width: 250).height == 10)
    let nan = try #require(TestSupport.error { try sizer.measure(item, width: .nan) })
    #expect(nan.code == .invalidWidth)
  }

  @Test func unknownFontIsRejected() throws {
    let template = CellTemplate(styles: ["s": TemplateStyle(font: "Helvetica")]) {
      Element.label("t", style: "s")
    }
    let error = try #require(
      TestSupport.error { try CellSizer(template: template, measurer: TestSupport.measurer()) })
    #expect(error.code == .unknownFont)
    #expect(error.location == "styles.s.font")
    #expect(error.message.hasPrefix(#"unknown font "Helvetica"; the measurer has "#))
    let family = try TestSupport.measurer().regular.primary.familyName
    let ok = CellTemplate(styles: ["s": TemplateStyle(font: family)]) { Element.label("t", style: "s") }
    #expect(throws: Never.self) { try CellSizer(template: ok, measurer: TestSupport.measurer()) }
  }
}

extension Result where Failure == CellSizingError {
  var failure: CellSizingError? {
    if case .failure(let error) = self { return error }
    return nil
  }
}

extension Result where Success == CellMeasurement, Failure == CellSizingError {
  /// The message of a failure after the location.
  var failureMessage: String? { failure?.message }
}
