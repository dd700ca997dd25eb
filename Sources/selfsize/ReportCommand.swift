import ArgumentParser
import CellSizing
import CollectionLayout
import Feed
import Foundation
import Rendering
import SelfSizingCore
import SelfSizingResources
import TextEngine

struct ReportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "report",
    abstract: "The main job: measure a feed at device widths and write a report page people read.",
    discussion: """
      With no arguments: the bundled sample feed (Examples/feed.jsonl), template \
      (Examples/note-card.template.json) and fonts, measured at common phones at 2 columns \
      (collection widths 320, 375, 390, 414, 430) and a tablet at 3 columns (768), with spacing 8 \
      and insets 8,8,8,8. Writes into --output-dir (default ./selfsize-report/): report.html (the \
      page: a summary table per width, height histograms, the waterfalls side by side, the cards \
      sensitive to width, truncated, tallest, with missing glyphs or errors), report.json (the same \
      figures for machines: every item's height, line counts and truncation at every width, as \
      `selfsize measure` gives them), fonts/ (the font files the pages' glyphs use, referred to \
      relatively), and per width the pictures of --pictures, of the first --picture-cards cards \
      (100 by default, so that the pictures of any feed stay readable and bounded; the figures and \
      report.json cover every card): overview (contact sheets of the cards with their id and height, \
      PNG pages of at most 4,000 px), html (the waterfall as a self-checking page), png (the \
      waterfall as PNG pages of at most 4,000 px), svg. Prints one row per width and the \
      page's path (nothing with --quiet). Files are written to a temporary name and renamed, so \
      parallel reports into one folder do not mix and links at output paths are replaced, not \
      followed. Exit status: 0 success, 1 when some items failed (reported as \
      `error: <where>: <what>`), 2 on usage errors — including outputs that cannot be written \
      and pictures beyond the pixel ceilings.

      Examples:
        selfsize report
        selfsize report --widths 360,412 --columns 2 --pictures overview,png --tags
        selfsize report --devices 375x2,768x3 --template card.json --items feed.jsonl -o out
      """)

  enum Picture: String, CaseIterable { case overview, html, png, svg }
  enum SummaryFormat: String, ExpressibleByArgument, CaseIterable { case text, json }

  @OptionGroup var options: FeedLayoutOptions
  @Option(
    name: [.customShort("o"), .customLong("output-dir")],
    help: "Folder for the report (created when missing).")
  var outputDirectory: String = "selfsize-report"
  @Option(help: "Base name of the page and JSON files.") var name: String = "report"
  @Option(
    help: "Collection widths in points, comma-separated, each at --columns columns (default: --devices).")
  var widths: String?
  @Option(
    help: "Devices: phones, tablets, all (default), or WIDTHxCOLUMNS entries, comma-separated (375x2,768x3).")
  var devices: String?
  @Option(
    help: "Pictures per width, comma-separated: overview, html, png, svg, or none. Default: overview,html.")
  var pictures: String = "overview,html"
  @Option(
    name: .customLong("picture-cards"),
    help: ArgumentHelp(
      "Pictures show the first N cards of each width (0: all); the figures cover every card.",
      valueName: "n"))
  var pictureCards: Int = ReportPage.defaultPictureCards
  @Flag(help: "Draw each card's id and height on PNG pages and SVG too (always on the overview).")
  var tags = false
  @Option(name: .customLong("summary-format"), help: "Summary on stdout: text or json.")
  var summaryFormat: SummaryFormat = .text
  @Flag(name: [.customShort("q"), .long], help: "Print nothing on success (errors still go to stderr).")
  var quiet = false

  /// The tallest picture written, in pixels.
  static let pageHeight = PictureCeiling.pageHeight
  /// The contact sheet's scale and width.
  static let overviewScale = 0.5
  static let overviewWidth = 3200.0

  func validate() throws {
    try options.validateLayout()
    _ = try pictureFormats()
    _ = try chosenDevices()
    guard pictureCards >= 0 else {
      throw ValidationError("--picture-cards takes a number of cards ≥ 0 (0: all), got \(pictureCards)")
    }
    guard !name.isEmpty, !name.contains("/") else {
      throw ValidationError("--name must be a file name, got \"\(name)\"")
    }
  }

  func pictureFormats() throws -> [Picture] {
    if pictures == "none" || pictures.isEmpty { return [] }
    var result: [Picture] = []
    for part in pictures.split(separator: ",") {
      let text = part.trimmingCharacters(in: .whitespaces)
      guard let picture = Picture(rawValue: text) else {
        throw ValidationError("--pictures takes overview, html, png, svg or none; got \"\(text)\"")
      }
      if !result.contains(picture) { result.append(picture) }
    }
    return result
  }

  /// The devices to measure at: --devices, --widths, a non-default --collection-width or
  /// --columns, else the defaults.
  func chosenDevices() throws -> [ReportDevice] {
    var result: [ReportDevice] = []
    if let devices {
      for part in devices.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
        switch part.lowercased() {
        case "all": result += ReportDevice.defaults
        case "phones": result += ReportDevice.phones
        case "tablets", "tablet": result += ReportDevice.tablets
        default:
          guard let device = ReportDevice.parse(part, columns: options.columns) else {
            throw ValidationError(
              "--devices takes phones, tablets, all or WIDTHxCOLUMNS (e.g. 375x2); got \"\(part)\"")
          }
          result.append(device)
        }
      }
    }
    if let widths {
      for part in widths.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
        guard let width = Double(part), let device = ReportDevice.parse(part, columns: options.columns) else {
          throw ValidationError("--widths takes collection widths in points, e.g. 375,414; got \"\(part)\"")
        }
        _ = width
        result.append(device)
      }
    }
    if result.isEmpty {
      if options.collectionWidth != nil || options.columnWidth != nil || options.columns != 2 {
        let width = try options.resolvedCollectionWidth()
        result = [
          ReportDevice.parse("\(JSONValue.format(width))x\(options.columns)", columns: options.columns)
            ?? ReportDevice(name: "custom", collectionWidth: width, columns: options.columns)
        ]
      } else {
        result = ReportDevice.defaults
      }
    }
    var unique: [ReportDevice] = []
    for device in result where !unique.contains(where: { $0.key == device.key }) {
      var check = options
      check.collectionWidth = device.collectionWidth
      check.columnWidth = nil
      check.columns = device.columns
      do {
        try check.validateLayout()
      } catch let error as ValidationError {
        throw ValidationError("\(device.label): \(error.message)")
      }
      unique.append(device)
    }
    return unique
  }

  func run() throws {
    if options.layout == .circle {
      try CircleReport(command: self).run()
      return
    }
    let formats = try pictureFormats()
    let devices = try chosenDevices()
    try prepareOutputDirectory()
    let measurer = try options.measurer()
    var progress = ProgressLine(enabled: !quiet && isatty(STDERR_FILENO) == 1)
    var diagnostics = Diagnostics()
    var reported = Set<FeedFailure>()
    let clock = ContinuousClock()
    let start = clock.now
    let templatePath: String
    let itemPaths: [String]
    do {
      templatePath = try options.template ?? SampleFeed.templatePath()
      itemPaths = options.items.isEmpty ? [try SampleFeed.itemsPath()] : options.items
    } catch let error as ResourceError {
      throw ValidationError(error.message)
    }
    let (template, pages) = try options.loadWaterfall(templatePath: templatePath, paths: itemPaths)
    let fontNames = uniqued(measurer.regular.fonts.map(\.familyName))
    // The bundled inputs are named as the repository names them, not by their build path.
    let shownTemplate = options.template ?? "Examples/note-card.template.json (bundled)"
    let shownItems = options.items.isEmpty ? ["Examples/feed.jsonl (bundled)"] : options.items
    var report = FeedReport(
      settings: FeedReport.Settings(
        template: shownTemplate, items: shownItems, fonts: fontNames, columnSpacing: options.columnSpacing,
        lineSpacing: options.lineSpacing, insets: try options.parsedInsets()),
      widthCount: devices.count)
    report.settings.pictureCards = pictureCards
    report.platform = measurer.platform
    let platformMeasurers = TextPlatform.allCases.map { measurer.measuring(for: $0) }
    // One sizer per platform for every width: each item is shaped once per platform.
    let itemCount = pages.reduce(0) { $0 + $1.items.count }
    let sizers: [ObjectIdentifier: CellSizer]
    // `--flutter-rounding-hack off` is flutter's alone.
    let otherPlatformsTemplate = template.overridingFlutterRoundingHack(true)
    func platformTemplate(_ platform: TextPlatform) -> CellTemplate {
      platform == .flutter ? template : otherPlatformsTemplate
    }
    do {
      sizers = try Dictionary(
        platformMeasurers.map {
          (
            ObjectIdentifier($0),
            try CellSizer(template: platformTemplate($0.platform), measurer: $0, cacheCapacity: itemCount)
          )
        }, uniquingKeysWith: { first, _ in first })
    } catch let error as CellSizingError {
      throw ValidationError("template \(templatePath): \(error.description)")
    }
    // The card that differs most between platforms over all widths, with its layouts.
    var mostDifferent: (comparison: PlatformComparison, layouts: [FeedLayout])?
    // Items are prepared on every core (the layouts are the same for any number of jobs).
    let jobs = options.jobs ?? ProcessInfo.processInfo.activeProcessorCount
    var overviews: [ReportScene] = []
    var links: [[ReportPage.Link]] = []
    var written: [String] = []
    var pictureSeconds = 0.0
    var usedFonts = Set<String>()
    for (index, device) in devices.enumerated() {
      let step = "\(device.label) (\(index + 1)/\(devices.count))"
      let layoutStart = clock.now
      var settings = options.settings
      settings.collectionWidth = device.collectionWidth
      settings.columns = device.columns
      let layout: FeedLayout
      do {
        layout = try FeedLayout.waterfall(
          template: platformTemplate(measurer.platform), pages: pages, settings: settings, measurer: measurer,
          strict: options.fontOptions.strict, jobs: jobs, sizer: sizers[ObjectIdentifier(measurer)],
          progress: { measured, total in progress.update("measuring \(step):", measured, total) })
      } catch let error as CellSizingError {
        throw ValidationError("template \(templatePath): \(error.description)")
      } catch let error as LayoutError {
        throw ValidationError("\(device.label): \(error.message)")
      }
      report.add(layout, device: device, seconds: (clock.now - layoutStart).seconds)
      // The same feed on every platform.
      var platformLayouts: [FeedLayout] = []
      for platformMeasurer in platformMeasurers {
        if platformMeasurer === measurer {
          platformLayouts.append(layout)
          continue
        }
        progress.message("measuring \(step) for \(platformMeasurer.platform.rawValue)")
        platformLayouts.append(
          try FeedLayout.waterfall(
            template: platformTemplate(platformMeasurer.platform), pages: pages, settings: settings,
            measurer: platformMeasurer,
            strict: options.fontOptions.strict, jobs: jobs, sizer: sizers[ObjectIdentifier(platformMeasurer)])
        )
      }
      let comparison = PlatformComparison(
        device: device, platforms: TextPlatform.allCases, layouts: platformLayouts)
      report.platformComparisons.append(comparison)
      if let largest = comparison.largest,
        largest.difference > mostDifferent?.comparison.largest?.difference ?? 0
      {
        mostDifferent = (comparison, platformLayouts)
      }
      for failure in layout.failures where reported.insert(failure).inserted {
        diagnostics.report(failure.location, failure.message)
      }
      let pictureStart = clock.now
      // The pictures show the first cards only: they stay readable and bounded for any feed.
      let pictured = pictureCards > 0 ? layout.prefix(pictureCards) : layout
      overviews.append(
        ReportScene(layout: pictured, measurer: measurer, clipHeight: ReportPage.overviewHeight))
      var files: [ReportPage.Link] = []
      var header = headerLines(device: device, layout: layout, fonts: fontNames, templatePath: templatePath)
      var cards = "every card"
      if pictured.items.count < layout.items.count {
        cards = "the first \(pictured.items.count) cards"
        header.append(
          "Pictures: the first \(pictured.items.count) of \(layout.items.count) cards (--picture-cards); "
            + "the figures and report.json cover all \(layout.items.count)")
      }
      let base = "\(name)-\(device.key)"
      for format in formats {
        switch format {
        case .overview:
          let sheet = ReportScene.contactSheet(
            layout: pictured, measurer: measurer, sheetWidth: Self.overviewWidth
          )
          .withHeader(
            header + ["Contact sheet: \(cards) at \(format1(Self.overviewScale))×, in feed order"],
            scale: Self.overviewScale, measurer: measurer
          )
          .withTags(scale: Self.overviewScale, measurer: measurer)
          files += try writePages(
            sheet, scale: Self.overviewScale, base: "\(base)-overview", title: "overview",
            step: "drawing \(step) overview", progress: &progress, written: &written)
        case .png:
          var scene = ReportScene(layout: pictured, measurer: measurer, clipHeight: options.clipHeight)
            .withHeader(header, scale: Double(options.scale), measurer: measurer)
          if tags { scene = scene.withTags(scale: Double(options.scale), measurer: measurer) }
          files += try writePages(
            scene, scale: Double(options.scale), base: "\(base)-page", title: "PNG",
            step: "drawing \(step) pages", progress: &progress, written: &written)
        case .svg:
          progress.message("writing \(step) SVG")
          var scene = ReportScene(layout: pictured, measurer: measurer, clipHeight: options.clipHeight)
            .withHeader(header, scale: Double(options.scale), measurer: measurer)
          if tags { scene = scene.withTags(scale: Double(options.scale), measurer: measurer) }
          let file = "\(base).svg"
          usedFonts.formUnion(scene.usedFontPaths)
          try write(
            Data(scene.svg(scale: options.scale, fontFolder: ReportScene.htmlFontFolder).utf8), file, &written
          )
          files.append(ReportPage.Link(title: "SVG", href: file))
        case .html:
          progress.message("writing \(step) page")
          let scene = ReportScene(layout: pictured, measurer: measurer, clipHeight: options.clipHeight)
          let file = "\(base).html"
          usedFonts.formUnion(scene.usedFontPaths)
          let html = scene.html(
            title: "selfsize report · \(device.name) · \(device.label)", summary: header,
            fontFolder: ReportScene.htmlFontFolder)
          try write(Data(html.utf8), file, &written)
          files.insert(ReportPage.Link(title: "waterfall", href: file), at: 0)
        }
      }
      links.append(files)
      pictureSeconds += (clock.now - pictureStart).seconds
    }
    progress.message("writing the report page")
    var page = ReportPage(report: report, overviews: overviews, links: links, measurer: measurer)
    if let (comparison, layouts) = mostDifferent, let id = comparison.largest?.id {
      let placed = layouts.compactMap { layout in layout.items.first { $0.id == id } }
      if placed.count == layouts.count {
        page.platformCards = [
          ReportPage.PlatformCards(
            device: comparison.device.label, platforms: comparison.platforms, placed: placed,
            measurers: platformMeasurers,
            styles: platformMeasurers.map { platformTemplate($0.platform).styles })
        ]
      }
    }
    // Only the font files the written pages' glyphs use.
    try copyFonts(page.fontFileNames(in: usedFonts.union(page.usedFontPaths)))
    let pagePath = path("\(name).html")
    try write(Data(page.html(fontFolder: ReportScene.htmlFontFolder).utf8), "\(name).html", &written)
    try write(Data((report.jsonValue().serialized() + "\n").utf8), "\(name).json", &written)
    progress.finish()
    let total = (clock.now - start).seconds
    if !quiet || summaryFormat == .json {
      var output = StandardOutput()
      switch summaryFormat {
      case .text:
        output.write(summaryTable(report).rendered())
        output.write(platformTable(report).rendered())
        output.writeLine(
          "\(report.items.count) items at \(report.widths.count) widths in \(seconds(total)) "
            + "(pictures \(seconds(pictureSeconds))); wrote \(written.count) files")
        output.writeLine("report: \(pagePath)")
      case .json:
        guard case .object(var members) = report.jsonValue() else { break }
        members.removeAll { $0.0 == "items" || $0.0 == "sensitive" }
        members.append(("page", .string(pagePath)))
        members.append(("files", .array(written.map { .string($0) })))
        members.append(("seconds", .number(total)))
        output.writeLine(JSONValue.object(members).serialized())
      }
      try output.flush()
    }
    try diagnostics.finish()
  }

  /// One row per width for the terminal.
  func summaryTable(_ report: FeedReport) -> TextTable {
    func number(_ value: Double) -> String { JSONValue.format(value, decimals: 1) }
    var table = TextTable(columns: [
      "device", "width", "cols", "column", "items", "median", "p95", "max", "content", "truncated", "missing",
      "errors", "time",
    ])
    for width in report.widths {
      table.append([
        width.device.name, number(width.device.collectionWidth), "\(width.device.columns)",
        number(width.itemWidth),
        "\(width.items)", number(width.heights.median), number(width.heights.p95),
        number(width.heights.maximum),
        number(width.contentHeight), "\(width.truncated)", "\(width.missingGlyphs)", "\(width.errors)",
        "\(JSONValue.format((width.seconds * 1000).rounded())) ms",
      ])
    }
    return table
  }

  /// One row per width: the feed's content height on each platform and the cards that differ.
  func platformTable(_ report: FeedReport) -> TextTable {
    var table = TextTable(
      columns: ["device", "width"] + TextPlatform.allCases.map { "content \($0.rawValue)" } + [
        "cards differing", "largest difference",
      ])
    for comparison in report.platformComparisons {
      table.append(
        [comparison.device.name, format1(comparison.device.collectionWidth)]
          + comparison.contentHeights.map(format1) + [
            "\(comparison.differing) of \(comparison.cards)",
            comparison.largest.map { "\(format1($0.difference)) (\($0.id))" } ?? "none",
          ])
    }
    return table
  }

  func headerLines(device: ReportDevice, layout: FeedLayout, fonts: [String], templatePath: String)
    -> [String]
  {
    let itemWidth = layout.items.first?.frame.width ?? 0
    return [
      "selfsize report · \(device.name) · collection \(JSONValue.format(device.collectionWidth)) pt, "
        + "\(device.columns) columns of \(format1(itemWidth)) pt",
      "Fonts: \(fonts.joined(separator: ", ")) · template \(URL(fileURLWithPath: templatePath).lastPathComponent) · "
        + "\(layout.items.count) items · content \(format1(layout.contentSize.height)) pt · spacing "
        + "\(JSONValue.format(options.columnSpacing))/\(JSONValue.format(options.lineSpacing)), insets \(options.insets)",
    ]
  }

  /// Writes `scene` as PNG pages of at most ``pageHeight`` pixels: `base.png` when one page is
  /// enough, else `base-1.png`, `base-2.png`, ….
  func writePages(
    _ scene: ReportScene, scale: Double, base: String, title: String, step: String,
    progress: inout ProgressLine, written: inout [String]
  ) throws -> [ReportPage.Link] {
    let ranges = scene.pageRanges(scale: scale, maximumHeight: Self.pageHeight)
    let rows = ranges.reduce(0) {
      $0 + scene.pixelSize(scale: scale, top: $1.lowerBound, bottom: $1.upperBound).height
    }
    var done = 0
    var links: [ReportPage.Link] = []
    for (index, range) in ranges.enumerated() {
      let file = ranges.count == 1 ? "\(base).png" : "\(base)-\(index + 1).png"
      let before = done
      var local = progress
      try scene.writePNGFile(
        scale: scale, to: path(file), top: range.lowerBound, bottom: range.upperBound,
        progress: { row, _ in local.fraction("\(step): rows", before + row, rows) })
      progress = local
      done += scene.pixelSize(scale: scale, top: range.lowerBound, bottom: range.upperBound).height
      written.append(path(file))
      links.append(ReportPage.Link(title: ranges.count == 1 ? title : "\(title) \(index + 1)", href: file))
    }
    return links
  }

  func path(_ file: String) -> String { (outputDirectory as NSString).appendingPathComponent(file) }

  func write(_ data: Data, _ file: String, _ written: inout [String]) throws {
    try OutputFile.write(data, to: path(file))
    written.append(path(file))
  }

  /// Creates the output folder when missing and checks that it can be written, before any work.
  func prepareOutputDirectory() throws {
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    if manager.fileExists(atPath: outputDirectory, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw ValidationError("--output-dir \(outputDirectory) is a file, not a directory")
      }
    } else {
      do {
        try manager.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
      } catch {
        throw ValidationError("cannot create output directory \(outputDirectory): \(error.systemReason)")
      }
    }
    guard access(outputDirectory, W_OK | X_OK) == 0 else {
      throw ValidationError(
        "cannot write into output directory \(outputDirectory): \(String(cString: strerror(errno)))")
    }
  }

  /// Copies the font files the pages use into `<output-dir>/fonts/`, each to a temporary name
  /// renamed over the old copy (parallel reports into one folder never see a missing or partial
  /// font). A symbolic link where the folder should be is refused.
  func copyFonts(_ files: [(path: String, fileName: String)]) throws {
    let folder = path(ReportScene.htmlFontFolder)
    var status = stat()
    if lstat(folder, &status) == 0 {
      guard status.st_mode & S_IFMT == S_IFDIR else {
        throw ValidationError(
          "\(folder) exists and is not a folder (a link or a file); not writing through it")
      }
    } else {
      guard mkdir(folder, 0o777) == 0 || errno == EEXIST else {
        throw ValidationError("cannot create font folder \(folder): \(String(cString: strerror(errno)))")
      }
    }
    for (source, fileName) in files {
      let destination = (folder as NSString).appendingPathComponent(fileName)
      let data: [UInt8]
      do {
        data = try BoundedFile.bytes(atPath: source, limit: BoundedFile.fontLimit, kind: "font")
      } catch {
        throw ValidationError("font: \(error.description)")
      }
      try OutputFile.write(Data(data), to: destination)
    }
  }

  func uniqued(_ names: [String]) -> [String] {
    var seen: [String] = []
    for name in names where !seen.contains(name) { seen.append(name) }
    return seen
  }

  func seconds(_ value: Double) -> String { JSONValue.format(value, decimals: 3) + " s" }
}

/// One decimal for people.
func format1(_ value: Double) -> String { JSONValue.format(value, decimals: 1) }

extension ReportDevice {
  /// `375x2`, for file names.
  var key: String { "\(JSONValue.format(collectionWidth))x\(columns)" }
}

extension Duration {
  var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
