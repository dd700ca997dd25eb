import Foundation
import Testing

/// Issue #37, class 4, as reported: `selfsize measure -w 170 -i Examples/feed.jsonl` with
/// templates whose overlays depend on each other.
@Suite struct OverlayCommandTests {
  static let styles =
    #""styles": {"t": {"fontSize": 13, "lineHeight": 18}, "b": {"fontSize": 10, "lineHeight": 12, "maxLines": 1}}"#
  static let title = #"{"label": "title", "style": "t"}"#
  static let onBadge =
    #"{"name": "o1", "overlay": {"on": "badge", "child": {"name": "dot", "label": "likes", "style": "b"}}}"#
  static let onTitle =
    #"{"name": "o2", "overlay": {"on": "title", "child": {"name": "badge", "label": "author", "style": "b"}}}"#

  static func run(_ stack: [String]) throws -> CLIRunner.Result {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("overlay-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let template = directory.appendingPathComponent("overlays.template.json")
    try Data("{\(styles), \"stack\": [\(stack.joined(separator: ", "))]}".utf8).write(to: template)
    return try CLIRunner.run([
      "measure", "--template", template.path, "-w", "170", "-i", "Examples/feed.jsonl",
    ])
  }

  @Test func anOverlayOnALaterOverlaysChildAppearsInEitherOrder() throws {
    let early = try Self.run([Self.title, Self.onBadge, Self.onTitle])
    let late = try Self.run([Self.title, Self.onTitle, Self.onBadge])
    #expect(early.status == 0 && late.status == 0)
    #expect(early.stdout == late.stdout)
    let lines = early.jsonLines
    #expect(lines.count == 240)
    for line in lines {
      let names = (line["elements"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
      #expect(names == ["title", "o2", "badge", "o1", "dot"], "\(line["id"] ?? "")")
    }
  }

  @Test func twoOverlaysOnEachOthersChildrenAreAUsageError() throws {
    let result = try Self.run([
      Self.title, Self.onBadge,
      #"{"name": "o2", "overlay": {"on": "dot", "child": {"name": "badge", "label": "author", "style": "b"}}}"#,
    ])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr.contains(
        "stack[1].overlay.on: overlays cover each other's elements in a cycle, so none of them can be placed "
          + "first: stack[1].overlay.on ('o1') covers 'badge' of 'o2'; stack[2].overlay.on ('o2') covers 'dot' of "
          + "'o1'; cover an element outside the cycle"), "\(result.stderr)")
  }

  @Test func anOverlayWhoseChildIsAnOverlayShowsTheInnerLabel() throws {
    let result = try Self.run([
      Self.title,
      #"{"name": "o1", "overlay": {"on": "title", "child": {"name": "o2", "overlay": {"on": "title", "pin": "bottomLeading", "child": {"name": "inner", "label": "author", "style": "b"}}}}}"#,
    ])
    #expect(result.status == 0)
    for line in result.jsonLines {
      let names = (line["elements"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
      #expect(names == ["title", "o1", "o2", "inner"], "\(line["id"] ?? "")")
    }
  }
}
