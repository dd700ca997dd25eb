import CellSizing
import Foundation
import Testing
import TextEngine

/// Overlays are placed in dependency order wherever they are written, cycles are rejected when
/// the template loads, and an overlay written inside another one is placed over its own target:
/// no overlay, and no element of one, is ever dropped silently (issue #37, class 4).
@Suite struct OverlayOrderTests {
  static let styles =
    #""styles": {"t": {"fontSize": 13, "lineHeight": 18}, "b": {"fontSize": 10, "lineHeight": 12, "maxLines": 1}}"#
  static let item =
    #"{"id": "x", "title": "A title that takes two lines at this width", "author": "ab", "likes": 7}"#

  static func measure(_ stack: String, width: Double = 170) throws -> CellMeasurement {
    let template = try TestSupport.template("{\(styles), \"stack\": [\(stack)]}")
    let sizer = try CellSizer(template: template, measurer: TestSupport.measurer())
    return try sizer.measure(TestSupport.item(item), width: width)
  }

  static let title = #"{"label": "title", "style": "t"}"#
  /// `dot` over `badge`, which is the child of the overlay `onTitle`.
  static let onBadge =
    #"{"name": "onBadge", "overlay": {"on": "badge", "pin": "bottomLeading", "child": {"name": "dot", "label": "likes", "style": "b"}}}"#
  static let onTitle =
    #"{"name": "onTitle", "overlay": {"on": "title", "child": {"name": "badge", "label": "author", "style": "b", "padding": [4, 4, 4, 4]}}}"#

  @Test func anOverlayOnALaterOverlaysChildIsPlacedAfterIt() throws {
    let early = try Self.measure([Self.title, Self.onBadge, Self.onTitle].joined(separator: ","))
    let late = try Self.measure([Self.title, Self.onTitle, Self.onBadge].joined(separator: ","))
    // Both orders give the same frames, the covered overlay first (drawn under the other).
    #expect(early.elements.map(\.name) == ["title", "onTitle", "badge", "onBadge", "dot"])
    #expect(early.elements == late.elements)
    #expect(early.hidden.isEmpty && early.height == late.height)
    let badge = try #require(early.frame(named: "badge"))
    let dot = try #require(early.frame(named: "dot"))
    // bottomLeading in the badge's frame.
    #expect(dot.x == badge.x)
    #expect(abs(dot.y + dot.height - (badge.y + badge.height)) < 1e-9)
    #expect(abs(badge.x + badge.width - 170) < 1e-9 && badge.y == 0)
  }

  @Test func anOverlayCanCoverAnotherOverlayByName() throws {
    let cell = try Self.measure(
      [
        Self.title,
        #"{"name": "onOverlay", "overlay": {"on": "onTitle", "pin": "center", "child": {"name": "dot", "label": "likes", "style": "b"}}}"#,
        Self.onTitle,
      ].joined(separator: ","))
    #expect(cell.elements.map(\.name) == ["title", "onTitle", "badge", "onOverlay", "dot"])
    let badge = try #require(cell.frame(named: "onTitle"))
    let dot = try #require(cell.frame(named: "dot"))
    #expect(abs((dot.x + dot.width / 2) - (badge.x + badge.width / 2)) < 1e-9)
  }

  @Test func anOverlayWrittenAsAnOverlaysChildGoesOverItsOwnTarget() throws {
    let cell = try Self.measure(
      Self.title + ","
        + #"{"name": "outer", "overlay": {"on": "title", "child": {"name": "inner", "overlay": {"on": "title", "pin": "bottomLeading", "child": {"name": "label", "label": "author", "style": "b"}}}}}"#
    )
    #expect(cell.elements.map(\.name) == ["title", "outer", "inner", "label"])
    let title = try #require(cell.frame(named: "title"))
    let label = try #require(cell.frame(named: "label"))
    #expect(label.x == 0 && label.y + label.height == title.height)
    #expect(
      cell.frame(named: "inner")
        == ElementFrame(name: "inner", x: 0, y: label.y, width: label.width, height: label.height))
    // The outer overlay shows nothing of its own: it takes no height.
    #expect(cell.frame(named: "outer")?.height == 0)
    #expect(cell.height == title.height)
  }

  @Test func anOverlayInAStackInsideAnOverlayIsPlaced() throws {
    let cell = try Self.measure(
      Self.title + ","
        + #"{"name": "outer", "overlay": {"on": "title", "pin": "topLeading", "child": {"name": "box", "stack": {"children": [{"name": "badge", "label": "author", "style": "b"}, {"name": "inner", "overlay": {"on": "badge", "pin": "trailing", "child": {"name": "dot", "label": "likes", "style": "b"}}}]}}}}"#
    )
    #expect(cell.elements.map(\.name) == ["title", "outer", "box", "badge", "inner", "dot"])
    let badge = try #require(cell.frame(named: "badge"))
    let dot = try #require(cell.frame(named: "dot"))
    #expect(abs(dot.x + dot.width - (badge.x + badge.width)) < 1e-9)
  }

  @Test func aHiddenOverlayHidesTheOverlaysOnItsChildren() throws {
    // `onTitle` covers a label that hides when empty; `onBadge` covers its child.
    let hiding = Self.onTitle.replacingOccurrences(of: #""title", "child""#, with: #""gone", "child""#)
    let cell = try Self.measure(
      [
        Self.title, #"{"label": "none", "style": "t", "hiddenWhenEmpty": true, "name": "gone"}"#,
        Self.onBadge, hiding,
      ]
      .joined(separator: ","))
    #expect(cell.elements.map(\.name) == ["title"])
    #expect(Set(cell.hidden) == ["gone", "onBadge", "dot", "onTitle", "badge"])
  }

  @Test func twoOverlaysOnEachOthersChildrenAreACycle() {
    let json =
      "{\(Self.styles), \"stack\": [\(Self.title), "
      + #"{"name": "o1", "overlay": {"on": "b2", "child": {"name": "b1", "label": "likes", "style": "b"}}}, "#
      + #"{"name": "o2", "overlay": {"on": "b1", "child": {"name": "b2", "label": "author", "style": "b"}}}]}"#
    let error = TestSupport.error { try TestSupport.template(json) }
    #expect(error?.code == .invalidValue)
    #expect(
      error?.description
        == "stack[1].overlay.on: overlays cover each other's elements in a cycle, so none of them can be placed "
        + "first: stack[1].overlay.on ('o1') covers 'b2' of 'o2'; stack[2].overlay.on ('o2') covers 'b1' of 'o1'; "
        + "cover an element outside the cycle")
  }

  @Test func aCycleThroughAnOverlayWrittenInsideAnotherNamesEveryMember() {
    // o1 covers o3's child; o3 covers o2 itself; o2 is written inside o1.
    let json =
      "{\(Self.styles), \"stack\": [\(Self.title), "
      + #"{"name": "o1", "overlay": {"on": "b3", "child": {"name": "s", "stack": {"children": ["#
      + #"{"name": "b1", "label": "likes", "style": "b"}, "#
      + #"{"name": "o2", "overlay": {"on": "title", "child": {"name": "b2", "label": "likes", "style": "b"}}}]}}}}, "#
      + #"{"name": "o3", "overlay": {"on": "o2", "child": {"name": "b3", "label": "author", "style": "b"}}}]}"#
    let error = TestSupport.error { try TestSupport.template(json) }
    #expect(
      error?.description
        == "stack[1].overlay.on: overlays cover each other's elements in a cycle, so none of them can be placed "
        + "first: stack[1].overlay.on ('o1') covers 'b3' of 'o3'; stack[2].overlay.on ('o3') covers 'o2'; "
        + "stack[1].overlay.child.stack.children[1] ('o2') is written inside 'o1'; cover an element outside the cycle"
    )
  }

  @Test func aLongChainInAnyOrderIsPlaced() throws {
    // 40 overlays, each on the previous one's child, written in reverse.
    var stack = [Self.title]
    for index in (0..<40).reversed() {
      let target = index == 0 ? "title" : "c\(index - 1)"
      stack.append(
        #"{"name": "o\#(index)", "overlay": {"on": "\#(target)", "pin": "bottomTrailing", "child": {"name": "c\#(index)", "label": "likes", "style": "b"}}}"#
      )
    }
    let cell = try Self.measure(stack.joined(separator: ","))
    #expect(cell.elements.count == 81)
    #expect(cell.elements.map(\.name).suffix(2) == ["o39", "c39"])
  }
}
