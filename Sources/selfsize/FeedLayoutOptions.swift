import ArgumentParser
import CellSizing
import CollectionLayout
import Feed
import Foundation
import Rendering
import TextEngine

/// The options shared by `selfsize layout` and `selfsize report`.
struct FeedLayoutOptions: ParsableArguments {
  enum Kind: String, ExpressibleByArgument, CaseIterable { case waterfall, circle }
  enum Overlap: String, ExpressibleByArgument, CaseIterable { case allow, shrink, grow }
  enum Direction: String, ExpressibleByArgument, CaseIterable {
    case shortestFirst = "shortest-first"
    case leftToRight = "left-to-right"
    case rightToLeft = "right-to-left"

    init?(argument: String) {
      let known: [String: Direction] = [
        "shortest-first": .shortestFirst, "shortestfirst": .shortestFirst, "left-to-right": .leftToRight,
        "lefttoright": .leftToRight, "right-to-left": .rightToLeft, "righttoleft": .rightToLeft,
      ]
      guard let direction = known[argument.lowercased()] else { return nil }
      self = direction
    }

    var layoutDirection: WaterfallLayout.RenderDirection {
      switch self {
      case .shortestFirst: .shortestFirst
      case .leftToRight: .leftToRight
      case .rightToLeft: .rightToLeft
      }
    }
  }

  @Option(help: "Layout: waterfall (template cells) or circle (items evenly spaced on a circle).")
  var layout: Kind = .waterfall
  @Option(help: "Card template (JSON).") var template: String?
  @Option(
    name: [.customLong("items"), .customLong("input"), .customShort("i")],
    help: ArgumentHelp(
      "Waterfall: items file (JSON Lines, '-' for stdin; default: stdin); repeat to apply pages in order (see the pagination rules below). Circle: the number of items (at most 100000). --input and --items are the same option.",
      valueName: "file"))
  var items: [String] = []
  @Option(
    name: [.short, .long],
    help: ArgumentHelp(
      "Threads that measure items (default: the number of cores); the result is the same for any N.",
      valueName: "n"))
  var jobs: Int?
  @Option(
    name: .customLong("collection-width"), help: "Collection width in points (waterfall; default 375).")
  var collectionWidth: Double?
  @Option(
    name: .customLong("column-width"),
    help: "Column (item) width in points; the collection width is derived from it, the insets and spacing.")
  var columnWidth: Double?
  @Option(name: .customLong("collection-size"), help: "Collection size WxH in points (circle).")
  var collectionSize: String = "375x667"
  @Option(help: "Number of columns (1…1000).") var columns: Int = 2
  @Option(name: .customLong("column-spacing"), help: "Gap between columns in points.") var columnSpacing:
    Double = 8
  @Option(
    name: .customLong("line-spacing"),
    help: "Gap between items of a column in points (not above the first row; see below).")
  var lineSpacing: Double = 8
  @Option(help: "Section insets top,left,bottom,right in points.") var insets: String = "8,8,8,8"
  @Option(
    name: .customLong("page-size"),
    help: "Split each items file into pages of N items, applied one by one; the count rule's page size.")
  var pageSize: Int?
  @Option(help: "How later pages are applied: identity (default) or count (needs --page-size).")
  var pagination: WaterfallSettings.Pagination = .identity
  @Option(
    name: .customLong("header-height"), help: "Section header height (waterfall) or header height (circle).")
  var headerHeight: Double = 0
  @Option(
    name: .customLong("footer-height"), help: "Section footer height (waterfall) or footer height (circle).")
  var footerHeight: Double = 0
  @Option(
    name: .customLong("section-background"),
    help: ArgumentHelp("Waterfall: a decoration of this kind behind the section.", valueName: "kind"))
  var sectionBackground: String?
  @Option(
    name: .customLong("render-direction"),
    help: "Waterfall: which column takes the next item: shortest-first, left-to-right or right-to-left.")
  var renderDirection: Direction = .shortestFirst
  @Flag(
    name: .customLong("stable-columns"),
    help:
      "Waterfall: items keep their columns through refreshes (items re-sent go back to their column, new ones to the shortest)."
  )
  var stableColumns = false
  @Option(
    name: .customLong("previous"),
    help: ArgumentHelp(
      "With --stable-columns: an earlier `selfsize layout --format json` output whose items keep their columns (when the column count is the same).",
      valueName: "file"))
  var previous: String?
  @Option(
    name: .customLong("pixel-scale"),
    help: "Device pixels per point (1…16): item widths rounded down and heights up to whole pixels.")
  var pixelScale: Double?
  @Option(
    name: .customLong("line-height"),
    help: ArgumentHelp(
      "Every template style's line height: natural (the font's), points (21), or a multiple of the style's font size (1.4x); default: the template's.",
      valueName: "natural|pt|Nx"))
  var lineHeight: LineHeightArgument?
  @Option(name: .customLong("item-size"), help: "Circle: item size WxH before overlap handling.")
  var itemSize: String = "34x34"
  @Option(help: "Circle: when items would overlap: shrink them (default), grow the radius, or allow it.")
  var overlap: Overlap = .shrink
  @Option(
    name: .customLong("content-size"),
    help: "Circle: the content size WxH reported to the collection view (default: the collection size).")
  var contentSize: String?
  @Option(name: .customLong("decoration-size"), help: "Circle: the centre decoration's size WxH.")
  var decorationSize: String = "150x30"
  @Option(
    name: .customLong("decoration-kind"),
    help: ArgumentHelp("Circle: the centre decoration's kind, or none.", valueName: "kind"))
  var decorationKind: String = "center"
  @Option(help: "Pixels per point of pictures: 1, 2 or 3.") var scale: Int = 1
  @Option(
    name: .customLong("clip-height"),
    help: "Cut pictures at this content height in points (default: everything).")
  var clipHeight: Double?
  @OptionGroup var fontOptions: FontOptions
  @OptionGroup var platformOptions: PlatformOptions

  /// The measurer for the chosen fonts and platform.
  func measurer() throws -> TextMeasurer { try fontOptions.measurer(platform: platformOptions.platform) }

  /// Throws a range error naming the option unless `value` is in ``MetricRange/length`` (or
  /// ``MetricRange/size`` when `positive`), the ranges every input shares.
  static func checkLength(_ name: String, _ value: Double, positive: Bool = false) throws {
    if let violation = (positive ? MetricRange.size : MetricRange.length).violation(value) {
      throw ValidationError("\(name) \(violation)")
    }
  }

  func validateLayout() throws {
    if let jobs, !(1...1024).contains(jobs) {
      throw ValidationError("--jobs must be between 1 and 1024, got \(jobs)")
    }
    guard [1, 2, 3].contains(scale) else { throw ValidationError("--scale must be 1, 2 or 3, got \(scale)") }
    if let clipHeight { try Self.checkLength("--clip-height", clipHeight, positive: true) }
    try Self.checkLength("--header-height", headerHeight)
    try Self.checkLength("--footer-height", footerHeight)
    if let pixelScale { try PixelScale.validate(pixelScale) }
    try lineHeight?.validate()
    try platformOptions.validateFlutterRoundingHack()
    switch layout {
    case .circle:
      _ = try circleSize()
      _ = try circleCount()
      _ = try circleConfiguration()
    case .waterfall:
      if let violation = CountRange.columns.violation(columns) {
        throw ValidationError("--columns \(violation)")
      }
      try Self.checkLength("--column-spacing", columnSpacing)
      try Self.checkLength("--line-spacing", lineSpacing)
      if let pageSize, let violation = CountRange.itemCount.violation(pageSize) {
        throw ValidationError("--page-size \(violation)")
      }
      if previous != nil && !stableColumns {
        throw ValidationError("--previous is for --stable-columns (the columns to keep)")
      }
      if pagination == .count && pageSize == nil {
        throw ValidationError("--pagination count needs --page-size N (the count rule's page size)")
      }
      let insets = try parsedInsets()
      let width = try resolvedCollectionWidth()
      let room = width - insets.left - insets.right - Double(columns - 1) * columnSpacing
      guard room > 0 else {
        throw ValidationError(
          "the collection (\(JSONValue.format(width)) pt) is narrower than its insets and spacing "
            + "(\(JSONValue.format(width - room)) pt for \(columns) columns)")
      }
    }
  }

  /// `--collection-width`, or the width `--column-width` implies, or 375.
  func resolvedCollectionWidth() throws -> Double {
    if let columnWidth {
      guard collectionWidth == nil else {
        throw ValidationError("give --collection-width or --column-width, not both")
      }
      try Self.checkLength("--column-width", columnWidth, positive: true)
      let width = WaterfallSettings.collectionWidth(
        columnWidth: columnWidth, columns: columns, columnSpacing: columnSpacing, insets: try parsedInsets())
      try Self.checkLength("the collection width from --column-width", width, positive: true)
      return width
    }
    let width = collectionWidth ?? 375
    try Self.checkLength("--collection-width", width, positive: true)
    return width
  }

  func parsedInsets() throws -> LayoutInsets {
    let parts = insets.split(separator: ",", omittingEmptySubsequences: false).map {
      Double($0.trimmingCharacters(in: .whitespaces))
    }
    guard parts.count == 4, parts.allSatisfy({ $0 != nil }) else {
      throw ValidationError("--insets must be four numbers, top,left,bottom,right; got \"\(insets)\"")
    }
    for value in parts where !MetricRange.length.contains(value!) {
      throw ValidationError(
        "--insets \(insets) is out of range: each inset \(MetricRange.length.requirement)")
    }
    return LayoutInsets(top: parts[0]!, left: parts[1]!, bottom: parts[2]!, right: parts[3]!)
  }

  /// A `WxH` size option in points.
  static func size(_ text: String, option: String) throws -> Size {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false).map {
      Double($0.trimmingCharacters(in: .whitespaces))
    }
    guard parts.count == 2, let width = parts[0], let height = parts[1] else {
      throw ValidationError("\(option) must be WxH in points, e.g. 375x667; got \"\(text)\"")
    }
    guard MetricRange.length.contains(width), MetricRange.length.contains(height) else {
      throw ValidationError("\(option) \(text) is out of range: each side \(MetricRange.length.requirement)")
    }
    return Size(width: width, height: height)
  }

  func circleSize() throws -> Size { try Self.size(collectionSize, option: "--collection-size") }

  func circleCount() throws -> Int {
    guard items.count <= 1 else {
      throw ValidationError("with --layout circle, give --items once, as a number of items")
    }
    guard let text = items.first else { return 20 }
    let digits = text.trimmingCharacters(in: .whitespaces)
    guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else {
      throw ValidationError("with --layout circle, --items is a number of items ≥ 0; got \"\(text)\"")
    }
    guard let count = Int(digits), count <= FeedLayout.maximumCircleItems else {
      throw ValidationError(
        "with --layout circle, --items \(digits) is too many: at most \(FeedLayout.maximumCircleItems) items")
    }
    return count
  }

  func circleConfiguration() throws -> CircleLayout.Configuration {
    var configuration = CircleLayout.Configuration()
    configuration.itemSize = try Self.size(itemSize, option: "--item-size")
    configuration.overlapPolicy =
      switch overlap {
      case .allow: .allowOverlap
      case .shrink: .shrinkItems
      case .grow: .growRadius
      }
    configuration.contentSize = try contentSize.map { try Self.size($0, option: "--content-size") }
    configuration.decorationSize = try Self.size(decorationSize, option: "--decoration-size")
    let kind = decorationKind.trimmingCharacters(in: .whitespaces)
    guard !kind.isEmpty else { throw ValidationError("--decoration-kind needs a name, or none") }
    configuration.decorationKind = kind == "none" ? nil : kind
    configuration.headerHeight = headerHeight
    configuration.footerHeight = footerHeight
    return configuration
  }

  var settings: WaterfallSettings {
    WaterfallSettings(
      collectionWidth: (try? resolvedCollectionWidth()) ?? 375, columns: columns,
      columnSpacing: columnSpacing,
      lineSpacing: lineSpacing,
      insets: (try? parsedInsets()) ?? LayoutInsets(all: 8), pageSize: pageSize, pagination: pagination,
      headerHeight: headerHeight, footerHeight: footerHeight, sectionBackground: sectionBackground,
      renderDirection: renderDirection.layoutDirection, pixelScale: pixelScale, stableColumns: stableColumns)
  }

  /// `--previous`: the columns of an earlier layout.
  func previousColumns() throws -> PreviousColumns? {
    guard let previous else { return nil }
    let data: Data
    do {
      data = Data(try BoundedFile.bytes(atPath: previous, limit: BoundedFile.baselineLimit, kind: "layout"))
    } catch {
      throw ValidationError("--previous: \(error.description)")
    }
    do {
      return try PreviousColumns(json: try JSONValue.parse(data), source: previous)
    } catch let error as RecordError {
      throw ValidationError("--previous \(error.description)")
    } catch {
      throw ValidationError("--previous \(previous): not JSON: \(error)")
    }
  }

  /// The settings that change the layout, by name, for a baseline's provenance.
  var baselineSettings: [(String, String)] {
    switch layout {
    case .circle:
      return [
        ("layout", "circle"), ("collectionSize", collectionSize), ("itemSize", itemSize),
        ("overlap", overlap.rawValue), ("contentSize", contentSize ?? "bounds"),
        ("decoration", "\(decorationKind) \(decorationSize)"),
        ("header", JSONValue.format(headerHeight)), ("footer", JSONValue.format(footerHeight)),
      ]
    case .waterfall:
      let settings = self.settings
      return [
        ("layout", "waterfall"), ("collectionWidth", JSONValue.format(settings.collectionWidth)),
        ("columns", "\(columns)"), ("columnSpacing", JSONValue.format(columnSpacing)),
        ("lineSpacing", JSONValue.format(lineSpacing)), ("insets", insets),
        ("header", JSONValue.format(headerHeight)), ("footer", JSONValue.format(footerHeight)),
        ("renderDirection", renderDirection.rawValue),
        ("pixelScale", pixelScale.map(JSONValue.format) ?? "none"),
        ("pagination", pagination.rawValue), ("pageSize", pageSize.map { "\($0)" } ?? "none"),
        ("stableColumns", stableColumns ? "yes" : "no"),
        ("platform", platformOptions.platform.rawValue),
      ] + (lineHeight.map { [("lineHeight", $0.defaultValueDescription)] } ?? [])
        + platformOptions.roundingHackSettings
    }
  }

  /// Reads a template and items files (pages in order).
  func loadWaterfall(templatePath: String, paths: [String]) throws -> (CellTemplate, [FeedPage]) {
    let template: CellTemplate
    do {
      template = try CellTemplate(json: try readTemplate(templatePath)).overridingLineHeight(lineHeight)
        .overridingFlutterRoundingHack(platformOptions.roundingHack)
    } catch let error as CellSizingError {
      throw ValidationError("template \(templatePath): \(error.description)")
    }
    var pages: [FeedPage] = []
    for path in paths {
      let input = try InputSource(path: path)
      var items: [Result<CellItem, CellSizingError>] = []
      try input.forEachLine { event in
        switch event {
        case .line(let number, let bytes):
          do throws(RecordError) {
            items.append(.success(CellItem(try JSONRecord(utf8: bytes, line: number))))
          } catch {
            items.append(
              .failure(
                CellSizingError(.invalidJSON, at: "", error.description, itemID: error.id, line: number)))
          }
        case .tooLong(let number, _):
          items.append(
            .failure(
              CellSizingError(
                .invalidJSON, at: "",
                JSONLineSplitter.overlongLineMessage(limit: InputSource.maximumLineLength),
                line: number)))
        }
      }
      pages.append(FeedPage(source: input.name, items: items))
    }
    return (template, pages)
  }

  /// Reads the inputs and lays them out; failures are reported on `diagnostics`.
  func run(
    defaultTemplate: String?, defaultItems: [String], measurer: TextMeasurer, diagnostics: inout Diagnostics,
    progress: ((Int, Int) -> Void)? = nil
  ) throws -> FeedLayout {
    let result: FeedLayout
    // The items file each id was last read from, to name it in warnings.
    var itemSources: [String: String] = [:]
    switch layout {
    case .circle:
      do {
        result = try FeedLayout.circle(
          size: try circleSize(), count: try circleCount(), configuration: try circleConfiguration())
      } catch let error as LayoutError {
        throw ValidationError(error.message)
      }
    case .waterfall:
      guard let templatePath = template ?? defaultTemplate else {
        throw ValidationError("give --template FILE")
      }
      let paths = items.isEmpty ? defaultItems : items
      guard !paths.isEmpty else { throw ValidationError("give at least one --items FILE") }
      let (template, pages) = try loadWaterfall(templatePath: templatePath, paths: paths)
      for page in pages {
        for case .success(let item) in page.items { itemSources[item.id] = page.source }
      }
      do {
        var settings = settings
        settings.previousColumns = try previousColumns()
        result = try FeedLayout.waterfall(
          template: template, pages: pages, settings: settings, measurer: measurer,
          strict: fontOptions.strict,
          jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, progress: progress)
      } catch let error as CellSizingError {
        throw ValidationError("template \(templatePath): \(error.description)")
      } catch let error as LayoutError {
        throw ValidationError(error.message)
      }
    }
    for failure in result.failures { diagnostics.report(failure.location, failure.message) }
    // With --strict such items are failures already, out of the layout.
    for item in result.items where (item.measurement?.missingGlyphs ?? 0) > 0 {
      guard let cell = item.cell else { continue }
      let source = itemSources[cell.item.id] ?? "items"
      let location = cell.item.line.map { "\(source):\($0)" } ?? source
      diagnostics.warnMissingGlyphs(at: location, cell: cell, measurer: measurer)
    }
    return result
  }
}
