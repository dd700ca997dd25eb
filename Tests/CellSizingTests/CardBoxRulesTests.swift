import CellSizing
import Foundation
import Testing
import TextEngine

/// The web's box rules against figures read from Chromium 156 (`getBoundingClientRect` of
/// `aspect-ratio` boxes and `repeat(3, minmax(0, 1fr))` grids with 4 px gaps).
@Suite struct CardBoxRulesTests {
  @Test func webRoundsAspectHeightsDownToLayoutUnits() throws {
    let template = try TestSupport.template(#"{"stack": [{"name": "i", "image": {"aspect": 0.75}}]}"#)
    let item = try TestSupport.item(#"{"id": "a"}"#)
    // 374 ÷ 0.75 = 498.667: Chromium 498.65625; 154 ÷ 1.3333 = 115.503: 115.5.
    let web = try CellSizer(template: template, measurer: BundledFonts.measurer(platform: .web))
    #expect(try web.measure(item, width: 374).height == 498.65625)
    let ios = try CellSizer(template: template, measurer: TestSupport.measurer())
    #expect(try ios.measure(item, width: 374).height == 374 / 0.75)
  }

  @Test(arguments: [
    // available px (3 columns' share of a 1fr grid) → Chromium's column widths in 1/64 px
    (10457, [3485, 3486, 3486]), (16337, [5445, 5446, 5445]), (22912, [7637, 7637, 7638]),
    (10387, [3462, 3462, 3462]), (7117, [2372, 2372, 2372]),
  ])
  func webGridColumnsAreBlinksFractionTracks(availableUnits: Int, columns: [Int]) throws {
    let grid = try TestSupport.template(#"{"insets": 0, "stack": [{"name": "g", "grid": {"field": "p"}}]}"#)
    let item = try TestSupport.item(#"{"id": "a", "p": ["1", "2", "3", "4", "5", "6"]}"#)
    let sizer = try CellSizer(template: grid, measurer: BundledFonts.measurer(platform: .web))
    let width = Double(availableUnits) / 64 + 8
    let cell = try sizer.measure(item, width: width)
    let widths = (0..<3).map { Int((cell.frame(named: "g[\($0)]")!.width * 64).rounded()) }
    #expect(widths == columns)
    // Rows are as tall as their widest cell.
    #expect(cell.frame(named: "g[3]")!.y == Double(columns.max()!) / 64 + 4)
  }

  @Test func webRowsShrinkOneChildAndLetTheRestOverflow() throws {
    let template = try TestSupport.template(
      #"""
      {"styles": {"s": {"lineHeight": 20, "maxLines": 1}}, "stack": [{"name": "r", "row": {"spacing": 0, "children": [
        {"label": "a", "style": "s", "compression": 753}, {"name": "gap", "spacer": "fill"}, {"label": "b", "style": "s"}]}}]}
      """#)
    let item = try TestSupport.item(#"{"id": "x", "a": "一二三四五六七八", "b": "九十九十"}"#)
    let web = try CellSizer(template: template, measurer: BundledFonts.measurer(platform: .web))
    let ios = try CellSizer(template: template, measurer: TestSupport.measurer())
    // About 120 + 60 pt of text in 100 pt: UIKit cuts `b` (751) to 0, then `a`; CSS shrinks the
    // spacer (750) only and keeps both texts whole.
    let wide = try web.measure(item, width: 1000)
    let onWeb = try web.measure(item, width: 100)
    #expect(onWeb.frame(named: "a")!.width == wide.frame(named: "a")!.width)
    #expect(onWeb.frame(named: "b")!.width == wide.frame(named: "b")!.width)
    #expect(onWeb.frame(named: "gap")!.width == 0)
    #expect(onWeb.frame(named: "b")!.x > 100)
    let onIOS = try ios.measure(item, width: 100)
    #expect(onIOS.frame(named: "b")!.width == 0)
    #expect(onIOS.frame(named: "a")!.width == 100)
  }
}
