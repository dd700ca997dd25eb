import Foundation
import Testing

/// The write-ups' behaviours reachable from `selfsize layout`: pagination rules, circle and
/// waterfall options, pixel rounding, derived widths and range errors.
@Suite struct LayoutOptionsTests {
  static let template = LayoutCommandTests.template

  static func json(_ arguments: [String]) throws -> (CLIRunner.Result, [String: Any]) {
    let result = try CLIRunner.run(["layout"] + arguments + ["--format", "json"])
    let object =
      (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]) ?? [:]
    return (result, object)
  }

  static func frames(_ object: [String: Any]) -> [[Double]] {
    ((object["items"] as? [[String: Any]]) ?? []).compactMap { $0["frame"] as? [Double] }
  }

  @Test func aPullToRefreshPageIsARefresh() throws {
    let first = try LayoutCommandTests.temporaryFile(try LayoutCommandTests.feedLines(0..<50))
    // Two new items on top, then the feed's first 18 again.
    let refresh = try LayoutCommandTests.temporaryFile(
      try LayoutCommandTests.feedLines(200..<202) + LayoutCommandTests.feedLines(0..<18))
    let (result, object) = try Self.json(["--template", Self.template, "--items", first, "--items", refresh])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    let pages = try #require(object["pages"] as? [[String: Any]])
    #expect(pages.map { $0["kind"] as? String } == ["initial", "refresh"])
    #expect(pages.map { $0["measured"] as? Int } == [50, 2])
    let ids = try #require(object["items"] as? [[String: Any]]).map { $0["id"] as? String }
    #expect(ids.count == 20 && ids[0] == "note-0201" && ids[1] == "note-0202" && ids[2] == "note-0001")
    let help = try CLIRunner.run(["layout", "--help"])
    #expect(help.stdout.contains("repeats the feed's head"))
  }

  @Test func aPageWhoseNewItemsAreFollowedByOtherItemsIsALoadMore() throws {
    let first = try LayoutCommandTests.temporaryFile(try LayoutCommandTests.feedLines(0..<50))
    let more = try LayoutCommandTests.temporaryFile(
      try LayoutCommandTests.feedLines(200..<202) + LayoutCommandTests.feedLines(1..<3))
    let (result, object) = try Self.json(["--template", Self.template, "--items", first, "--items", more])
    // Items 2 and 3 are already in the feed: reported as duplicates, the new ones appended.
    #expect(result.status == 1)
    let pages = try #require(object["pages"] as? [[String: Any]])
    #expect(pages.map { $0["kind"] as? String } == ["initial", "loadMore"])
    #expect(result.stderr.contains("duplicate id \"note-0002\""))
  }

  @Test(arguments: [
    ("identity", [20, 20, 0], "refresh/truncate"), ("count", [20, 20, 20], "refresh/rebuild"),
  ])
  func theCountRuleRemeasuresAPageOfExactlyThePageSize(rule: String, measured: [Int], refreshKind: String)
    throws
  {
    let first = try LayoutCommandTests.temporaryFile(try LayoutCommandTests.feedLines(0..<20))
    let second = try LayoutCommandTests.temporaryFile(try LayoutCommandTests.feedLines(20..<40))
    let refresh = try LayoutCommandTests.temporaryFile(try LayoutCommandTests.feedLines(0..<20))
    let (result, object) = try Self.json([
      "--template", Self.template, "--items", first, "--items", second, "--items", refresh, "--pagination",
      rule,
      "--page-size", "20",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let pages = try #require(object["pages"] as? [[String: Any]])
    #expect(pages.map { $0["items"] as? Int } == [20, 40, 20])
    #expect(pages.map { $0["measured"] as? Int } == measured)
    #expect(pages.map { $0["kind"] as? String } == ["initial", "loadMore", refreshKind])
  }

  @Test func theCountRuleNeedsAPageSize() throws {
    let result = try CLIRunner.run([
      "layout", "--template", Self.template, "--items", "Examples/feed.jsonl", "--pagination", "count",
    ])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--pagination count needs --page-size"))
  }

  @Test func circleOptions() throws {
    let (allowed, object) = try Self.json([
      "--layout", "circle", "--items", "20", "--overlap", "allow", "--content-size", "375x2000",
      "--header-height", "44", "--footer-height", "30", "--decoration-size", "100x20", "--decoration-kind",
      "badge",
    ])
    #expect(allowed.status == 0, "\(allowed.stderr)")
    #expect(Self.frames(object).allSatisfy { $0[2] == 34 && $0[3] == 34 })
    #expect(object["contentSize"] as? [Double] == [375, 2000])
    let supplementary = try #require(object["supplementary"] as? [[String: Any]])
    #expect(supplementary.map { $0["kind"] as? String } == ["header", "footer"])
    #expect(supplementary.map { $0["frame"] as? [Double] } == [[0, 0, 375, 44], [0, 1970, 375, 30]])
    let decorations = try #require(object["decorations"] as? [[String: Any]])
    #expect(decorations.map { $0["kind"] as? String } == ["badge"])
    let frame = try #require(decorations.first?["frame"] as? [Double])
    #expect(frame[2] == 100 && frame[3] == 20)

    let (shrunk, shrunkObject) = try Self.json([
      "--layout", "circle", "--items", "20", "--decoration-kind", "none",
    ])
    #expect(shrunk.status == 0)
    #expect(Self.frames(shrunkObject).allSatisfy { $0[2] < 34 && abs($0[2] - 33.18) < 0.01 })
    #expect((shrunkObject["decorations"] as? [Any])?.isEmpty == true)

    let (grown, grownObject) = try Self.json([
      "--layout", "circle", "--items", "20", "--overlap", "grow", "--item-size", "40x40",
    ])
    #expect(grown.status == 0)
    #expect(Self.frames(grownObject).allSatisfy { $0[2] == 40 && $0[3] == 40 })
  }

  @Test func waterfallExtras() throws {
    let (result, object) = try Self.json([
      "--template", Self.template, "--items", "Examples/feed.jsonl", "--header-height", "40",
      "--footer-height",
      "20", "--section-background", "background", "--render-direction", "left-to-right",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let supplementary = try #require(object["supplementary"] as? [[String: Any]])
    #expect(supplementary.map { $0["kind"] as? String } == ["header", "footer"])
    let header = try #require(supplementary.first?["frame"] as? [Double])
    #expect(header == [0, 0, 375, 40])
    let decorations = try #require(object["decorations"] as? [[String: Any]])
    #expect(decorations.map { $0["kind"] as? String } == ["background"])
    let items = try #require(object["items"] as? [[String: Any]])
    #expect(items.prefix(6).map { $0["column"] as? Int } == [0, 1, 0, 1, 0, 1])
    #expect(Self.frames(object).first?[1] == 48)
    let contentSize = try #require(object["contentSize"] as? [Double])
    let footer = try #require(supplementary.last?["frame"] as? [Double])
    #expect(abs(footer[1] + footer[3] - contentSize[1]) < 1e-9)
  }

  @Test func lineSpacingAboveTheFirstRowIsATopInset() throws {
    let (plain, plainObject) = try Self.json(["--template", Self.template, "--items", "Examples/feed.jsonl"])
    let (spaced, spacedObject) = try Self.json([
      "--template", Self.template, "--items", "Examples/feed.jsonl", "--insets", "16,8,8,8",
    ])
    #expect(plain.status == 0 && spaced.status == 0)
    let before = Self.frames(plainObject)
    let after = Self.frames(spacedObject)
    #expect(before.first?[1] == 8 && after.first?[1] == 16)
    #expect(zip(before, after).allSatisfy { abs($0[1] + 8 - $1[1]) < 1e-9 && $0[3] == $1[3] })
    let help = try CLIRunner.run(["layout", "--help"])
    #expect(help.stdout.contains("--insets 16,8,8,8"))
  }

  @Test func pixelScaleRoundsHeightsUpToDevicePixels() throws {
    let (exact, exactObject) = try Self.json(["--template", Self.template, "--items", "Examples/feed.jsonl"])
    let (rounded, roundedObject) = try Self.json([
      "--template", Self.template, "--items", "Examples/feed.jsonl", "--pixel-scale", "2",
    ])
    #expect(exact.status == 0 && rounded.status == 0)
    let before = Self.frames(exactObject)
    let after = Self.frames(roundedObject)
    #expect(before.contains { ($0[3] * 2).rounded() != $0[3] * 2 })
    for frame in after {
      for value in frame { #expect((value * 2).rounded() == value * 2, "\(frame)") }
    }
    let first = try #require(before.first)
    #expect(after.first?[3] == (first[3] * 2).rounded(.up) / 2)
  }

  @Test func columnWidthDerivesTheCollectionWidth() throws {
    let (result, object) = try Self.json([
      "--template", Self.template, "--items", "Examples/feed.jsonl", "--column-width", "170", "--columns",
      "3",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let expected: Double = 8 + 3 * 170 + 2 * 8 + 8
    #expect((object["contentSize"] as? [Double])?.first == expected)
    #expect(Self.frames(object).allSatisfy { $0[2] == 170 })
  }

  @Test(arguments: [
    (["--column-width", "170", "--collection-width", "375"], "not both"),
    (["--pixel-scale", "0.5"], "--pixel-scale 0.5 is out of range: must be a number from 1 to 16"),
    (["--pixel-scale", "1e300"], "--pixel-scale 1e+300 is out of range"),
    (["--line-spacing", "1e308"], "--line-spacing 1e+308 is out of range"),
    (["--column-spacing", "1e308"], "--column-spacing 1e+308 is out of range"),
    (["--collection-width", "1e308"], "--collection-width 1e+308 is out of range"),
    (["--collection-width", "1e400"], "--collection-width inf is out of range"),
    (["--insets", "1e308,0,0,0"], "--insets 1e308,0,0,0 is out of range"),
    (["--header-height", "1e308"], "--header-height 1e+308 is out of range"),
    (["--column-width", "1e308"], "--column-width 1e+308 is out of range"),
    (["--layout", "circle", "--items", "100000000000"], "at most 100000 items"),
    (["--layout", "circle", "--items=-5"], "a number of items"),
    (["--layout", "circle", "--collection-size", "1e308x10"], "--collection-size 1e308x10 is out of range"),
    (["--layout", "circle", "--item-size", "34"], "--item-size must be WxH"),
    (["--layout", "circle", "--content-size", "1e400x1"], "--content-size 1e400x1 is out of range"),
  ])
  func rangeErrorsNameTheOption(arguments: [String], message: String) throws {
    var all = ["layout", "--template", Self.template]
    if !arguments.contains("circle") { all += ["--items", "Examples/feed.jsonl"] }
    let result = try CLIRunner.run(all + arguments)
    #expect(result.status == 2, "\(arguments): \(result.stderr)")
    #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
    #expect(result.stdout.isEmpty)
  }
}
