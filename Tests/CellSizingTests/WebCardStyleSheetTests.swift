import CellSizing
import Foundation
import Testing
import TextEngine

@Suite struct WebCardStyleSheetTests {
  static func card(template json: String, item: String, width: Double) throws -> (sheet: String, card: String)
  {
    let template = try TestSupport.template(json)
    let measurer = try BundledFonts.measurer(platform: .web)
    let sizer = try CellSizer(template: template, measurer: measurer)
    let prepared = try sizer.prepare(try TestSupport.item(item))
    let sheet = WebCardStyleSheet(template: template, fonts: WebCardFonts(measurer: measurer))
    return (sheet.css, sheet.cardHTML(prepared, measurement: try prepared.measure(width: width)))
  }

  @Test func itemTextIsEscapedNotMarkup() throws {
    let (_, card) = try Self.card(
      template: #"{"styles": {"s": {}}, "stack": [{"label": "t", "style": "s"}]}"#,
      item: #"{"id": "a\"<b>", "t": "</style><script>alert(1)</script> & 'q'"}"#, width: 150)
    #expect(!card.contains("<script>") && !card.contains("</style>"))
    #expect(card.contains("&lt;/style&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#39;q&#39;"))
    #expect(card.contains(#"data-id="a&quot;&lt;b&gt;""#))
  }

  @Test func everyReportedElementHasItsName() throws {
    let template = #"""
      {"styles": {"s": {}}, "stack": [
        {"name": "photos", "grid": {"field": "p"}},
        {"name": "tags", "flow": {"field": "t", "style": "s"}},
        {"name": "row", "row": {"children": [{"label": "a", "style": "s"}, {"name": "img", "image": {"aspect": 2}}]}},
        {"name": "badge", "overlay": {"on": "photos", "child": {"label": "b", "style": "s"}}}]}
      """#
    let (css, card) = try Self.card(
      template: template, item: #"{"id": "x", "p": ["1", "2"], "t": ["one", "two"], "a": "A", "b": "B"}"#,
      width: 200)
    for name in [
      "photos", "photos[0]", "photos[1]", "tags", "tags[0]", "tags[1]", "row", "a", "img", "badge", "b",
    ] {
      #expect(card.contains("data-name=\"\(name)\""), "\(name)")
    }
    // The overlay sits inside its target; the layout is in the sheet, not in the card.
    #expect(card.contains(#"data-name="photos[1]"></div><div class="ss-e"#))
    #expect(css.contains("grid-template-columns: repeat(2, minmax(0, 1fr))"))
    #expect(!card.contains("top:") && !card.contains("height:"))
    #expect(card.contains(#"style="aspect-ratio: 2""#))
  }

  /// A style's `"textSpacingTrim": "normal"` measures the label with Chromium's trimming
  /// (`过体物处“实这进」、】` at 150 px: one line in Chromium 156, two under `space-all`) and is in
  /// the card's CSS.
  @Test func textSpacingTrimIsMeasuredAndWritten() throws {
    func card(_ trim: String) throws -> (css: String, height: Double) {
      let template = try TestSupport.template(
        #"{"styles": {"s": {"lineHeight": 21, "textSpacingTrim": "\#(trim)"}}, "stack": [{"label": "t", "style": "s"}]}"#
      )
      let sizer = try CellSizer(template: template, measurer: try BundledFonts.measurer(platform: .web))
      let prepared = try sizer.prepare(try TestSupport.item(#"{"id": "a", "t": "过体物处“实这进」、】"}"#))
      let sheet = WebCardStyleSheet(
        template: template, fonts: WebCardFonts(measurer: try BundledFonts.measurer(platform: .web)))
      return (sheet.css, try prepared.measure(width: 150).height)
    }
    let normal = try card("normal")
    let spaceAll = try card("space-all")
    #expect(normal.css.contains("text-spacing-trim: normal"))
    #expect(!spaceAll.css.contains("text-spacing-trim: normal"))
    #expect(normal.height == 21)
    #expect(spaceAll.height == 42)
    #expect {
      _ = try TestSupport.template(#"{"styles": {"s": {"textSpacingTrim": "trim-all"}}, "stack": []}"#)
    } throws: { "\($0)".contains("space-all, normal") }
  }

  /// A span's class says its own `text-spacing-trim` (it would inherit its paragraph's `normal`),
  /// and a paragraph's style with `"textWrap"` writes `text-wrap-style`.
  @Test func spansSayTheirOwnTrimAndParagraphsTheirWrapStyle() throws {
    let template = try TestSupport.template(
      #"{"styles": {"p": {"textSpacingTrim": "normal", "textWrap": "balance"}, "s": {"weight": "bold"}}, "stack": [{"spans": [{"field": "a", "style": "s"}, {"field": "b", "style": "p"}], "style": "p"}]}"#
    )
    let css = WebCardStyleSheet(
      template: template, fonts: WebCardFonts(measurer: try BundledFonts.measurer(platform: .web))
    ).css
    let rules = css.split(separator: "\n")
    let spanRules = rules.filter { $0.contains(".ss-u") }
    #expect(!spanRules.isEmpty && spanRules.allSatisfy { $0.contains("text-spacing-trim:") })
    #expect(rules.contains { $0.contains(".ss-t") && $0.contains("text-wrap-style: balance") })
    #expect(!spanRules.contains { $0.contains("text-wrap-style") })
  }

  @Test func fontsAreTheMeasurersFiles() throws {
    let measurer = try BundledFonts.measurer(platform: .web)
    let fonts = WebCardFonts(measurer: measurer)
    let sheet = WebCardStyleSheet(template: try TestSupport.template(#"{"stack": []}"#), fonts: fonts)
    for font in measurer.regular.fonts {
      #expect(sheet.css.contains(URL(fileURLWithPath: font.path).lastPathComponent))
    }
    #expect(sheet.css.contains("font-weight: 700"))
  }
}
