import Foundation
import Testing

/// `selfsize layout` with items spanning columns, `--stable-columns` (and `--previous`), and
/// `--format tanstack|flashlist` (issue #39).
@Suite struct LayoutSpanCommandTests {
  static let template = "Examples/note-card.template.json"

  static func items(_ result: CLIRunner.Result) throws -> [[String: Any]] {
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    return try #require(object["items"] as? [[String: Any]])
  }

  /// Feed lines `range` of Examples/feed.jsonl, with `"span"` added to the lines in `spans`.
  static func feed(_ range: Range<Int>, spans: [Int: String] = [:]) throws -> String {
    let lines = try LayoutCommandTests.feedLines(range).split(separator: "\n")
    return lines.enumerated().map { index, line in
      guard let span = spans[index + range.lowerBound] else { return String(line) }
      return "{\"span\": \(span), " + line.dropFirst()
    }.joined(separator: "\n") + "\n"
  }

  @Test func spanningItemsCoverTheirColumns() throws {
    let path = try LayoutCommandTests.temporaryFile(try Self.feed(0..<12, spans: [2: "2", 5: "3", 9: "40"]))
    defer { LayoutCommandTests.removeTemporaryFile(path) }
    let result = try CLIRunner.run([
      "layout", "--template", Self.template, "--items", path, "--columns", "3", "--collection-width", "400",
      "--column-spacing", "8", "--insets", "8,8,8,8",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let items = try Self.items(result)
    #expect(items.map { $0["span"] as? Int } == [1, 1, 2, 1, 1, 3, 1, 1, 1, 3, 1, 1])
    let columnWidth = (400.0 - 16 - 16) / 3
    for item in items {
      let frame = try #require(item["frame"] as? [Double])
      let span = Double(item["span"] as! Int)
      let column = Double(item["column"] as! Int)
      #expect(abs(frame[2] - (span * columnWidth + (span - 1) * 8)) < 1e-9)
      #expect(abs(frame[0] - (8 + column * (columnWidth + 8))) < 1e-9)
    }
    // Nothing overlaps.
    let frames = items.map { $0["frame"] as! [Double] }
    for (index, a) in frames.enumerated() {
      for b in frames[(index + 1)...] {
        let apart = a[0] + a[2] <= b[0] || b[0] + b[2] <= a[0] || a[1] + a[3] <= b[1] || b[1] + b[3] <= a[1]
        #expect(apart, "\(a) \(b)")
      }
    }
  }

  @Test(arguments: [
    ("0", "span 0 is out of range: must be a whole number from 1 to 1000"),
    ("-2", "span -2 is out of range"), ("1.5", "span 1.5 is out of range"),
    ("\"2\"", "span must be a whole number from 1 to 1000 (columns); got string"),
    ("1e300", "is out of range: must be a whole number from 1 to 1000"),
    ("null", "got null"), ("true", "got boolean"), ("[2]", "got array"),
  ])
  func aBadSpanIsThatItemsError(span: String, message: String) throws {
    let path = try LayoutCommandTests.temporaryFile(try Self.feed(0..<6, spans: [3: span]))
    defer { LayoutCommandTests.removeTemporaryFile(path) }
    let result = try CLIRunner.run(["layout", "--template", Self.template, "--items", path])
    #expect(result.status == 1)
    #expect(result.stderr.contains("error: \(path):4: id note-0004: "), "\(result.stderr)")
    #expect(result.stderr.contains(message), "\(result.stderr)")
    let items = try Self.items(result)
    #expect(
      items.map { $0["id"] as? String } == ["note-0001", "note-0002", "note-0003", "note-0005", "note-0006"])
  }

  @Test func stableColumnsKeepOldItemsThroughARefresh() throws {
    let first = try LayoutCommandTests.temporaryFile(try Self.feed(10..<60))
    // A pull-to-refresh: new items on top, then the feed's items, some edited.
    let refreshed =
      try Self.feed(0..<10)
      + (try Self.feed(10..<60)).replacingOccurrences(of: "\"likes\": 4", with: "\"likes\": 99999")
      .replacingOccurrences(of: "。\"", with: "。 Edited, with a longer title that wraps onto another line.\"")
    let second = try LayoutCommandTests.temporaryFile(refreshed, name: "refresh.jsonl")
    defer {
      LayoutCommandTests.removeTemporaryFile(first)
      LayoutCommandTests.removeTemporaryFile(second)
    }
    var moved: [Int] = []
    for stable in [true, false] {
      let onlyFirst = try CLIRunner.run(["layout", "--template", Self.template, "--items", first])
      let columns = Dictionary(
        uniqueKeysWithValues: try Self.items(onlyFirst).map { ($0["id"] as! String, $0["column"] as! Int) })
      let result = try CLIRunner.run(
        ["layout", "--template", Self.template, "--items", first, "--items", second]
          + (stable ? ["--stable-columns"] : []))
      #expect(result.status == 0, "\(result.stderr)")
      let items = try Self.items(result)
      #expect(items.count == 60)
      moved.append(
        items.filter { item in
          columns[item["id"] as! String].map { $0 != item["column"] as! Int } ?? false
        }.count)
    }
    #expect(moved[0] == 0)
    #expect(moved[1] > 0)
  }

  @Test func previousColumnsAreKeptWhenTheColumnCountIsTheSame() throws {
    let feed = try LayoutCommandTests.temporaryFile(try Self.feed(0..<40))
    defer { LayoutCommandTests.removeTemporaryFile(feed) }
    let earlier = try CLIRunner.run([
      "layout", "--template", Self.template, "--items", feed, "--collection-width", "375",
    ])
    let previous = try LayoutCommandTests.temporaryFile(earlier.stdout, name: "previous.json")
    defer { LayoutCommandTests.removeTemporaryFile(previous) }
    let before = try Self.items(earlier).map { $0["column"] as! Int }
    let newItems = try LayoutCommandTests.temporaryFile(try Self.feed(40..<50) + (try Self.feed(0..<40)))
    defer { LayoutCommandTests.removeTemporaryFile(newItems) }
    // Wider, same two columns: kept.
    let wider = try CLIRunner.run([
      "layout", "--template", Self.template, "--items", newItems, "--collection-width", "600",
      "--stable-columns",
      "--previous", previous,
    ])
    #expect(wider.status == 0, "\(wider.stderr)")
    #expect(try Self.items(wider).suffix(40).map { $0["column"] as! Int } == before)
    #expect(!wider.stdout.contains("columns-reset"))
    // Three columns: everything placed afresh, and the page says so.
    let three = try CLIRunner.run([
      "layout", "--template", Self.template, "--items", newItems, "--collection-width", "600", "--columns",
      "3",
      "--stable-columns", "--previous", previous,
    ])
    #expect(three.status == 0, "\(three.stderr)")
    #expect(three.stdout.contains("\"kind\":\"initial/columns-reset\""), "\(three.stdout.suffix(300))")
  }

  @Test func previousNeedsStableColumnsAndALayout() throws {
    let notALayout = try LayoutCommandTests.temporaryFile("{\"items\": []}", name: "bad.json")
    defer { LayoutCommandTests.removeTemporaryFile(notALayout) }
    let withoutFlag = try CLIRunner.run(
      ["layout", "--template", Self.template, "--items", "Examples/feed.jsonl", "--previous", notALayout])
    #expect(withoutFlag.status == 2 && withoutFlag.stderr.contains("--previous is for --stable-columns"))
    let bad = try CLIRunner.run([
      "layout", "--template", Self.template, "--items", "Examples/feed.jsonl", "--stable-columns",
      "--previous",
      notALayout,
    ])
    #expect(bad.status == 2 && bad.stderr.contains("not a waterfall layout"), "\(bad.stderr)")
    let badColumn = try LayoutCommandTests.temporaryFile(
      "{\"columnHeights\": [1, 2], \"items\": [{\"id\": \"a\", \"column\": 0}, {\"id\": \"b\", \"column\": 5}]}",
      name: "column.json")
    defer { LayoutCommandTests.removeTemporaryFile(badColumn) }
    let column = try CLIRunner.run([
      "layout", "--template", Self.template, "--items", "Examples/feed.jsonl", "--stable-columns",
      "--previous",
      badColumn,
    ])
    #expect(
      column.status == 2 && column.stderr.contains("items[1]: column 5 is out of range"), "\(column.stderr)")
    #expect(column.stderr.contains("id b"))
  }

  @Test func tanstackAndFlashListShapes() throws {
    let path = try LayoutCommandTests.temporaryFile(try Self.feed(0..<8, spans: [4: "2"]))
    defer { LayoutCommandTests.removeTemporaryFile(path) }
    let json = try Self.items(try CLIRunner.run(["layout", "--template", Self.template, "--items", path]))
    let tanstack = try CLIRunner.run([
      "layout", "--template", Self.template, "--items", path, "--format", "tanstack",
    ])
    #expect(tanstack.status == 0, "\(tanstack.stderr)")
    let virtualItems = try #require(
      try JSONSerialization.jsonObject(with: Data(tanstack.stdout.utf8)) as? [[String: Any]])
    #expect(virtualItems.count == 8)
    for (index, (virtual, item)) in zip(virtualItems, json).enumerated() {
      let frame = item["frame"] as! [Double]
      #expect(Set(virtual.keys) == ["key", "index", "start", "end", "size", "lane", "span"])
      #expect(virtual["key"] as? String == item["id"] as? String && virtual["index"] as? Int == index)
      #expect(virtual["start"] as? Double == frame[1] && virtual["size"] as? Double == frame[3])
      #expect(virtual["end"] as? Double == frame[1] + frame[3])
      #expect(
        virtual["lane"] as? Int == item["column"] as? Int && virtual["span"] as? Int == item["span"] as? Int)
    }
    let flash = try CLIRunner.run([
      "layout", "--template", Self.template, "--items", path, "--format", "flashlist",
    ])
    let overrides = try #require(
      try JSONSerialization.jsonObject(with: Data(flash.stdout.utf8)) as? [[String: Any]])
    #expect(overrides.map { $0["span"] as? Int } == json.map { $0["span"] as? Int })
    #expect(overrides.map { $0["size"] as? Double } == json.map { ($0["frame"] as! [Double])[3] })
    #expect(overrides.allSatisfy { Set($0.keys) == ["span", "size"] })
  }
}
