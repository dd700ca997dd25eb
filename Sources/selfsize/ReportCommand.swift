import ArgumentParser
import CollectionLayout
import Feed
import Foundation
import Rendering
import SelfSizingResources
import TextEngine

struct ReportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "report",
    abstract: "The main job: lay out the bundled sample feed and write pictures of it (PNG, SVG, HTML).",
    discussion: """
      With no arguments: Examples/feed.jsonl with Examples/note-card.template.json and the bundled \
      fonts in a 375-pt two-column waterfall (spacing 8, insets 8,8,8,8); prints a summary and \
      writes report.png, report.svg and report.html into --output-dir (default: the current \
      directory), with the font files the HTML page uses in its fonts/ folder (the page refers \
      to them relatively, so the folder can be moved or served as a whole). Every option of `selfsize layout` applies. Progress goes to stderr when it is \
      a terminal (not with --quiet). Exit status: 0 success, 1 when some items failed (reported \
      as `error: <where>: <what>`), 2 on usage errors — including an output directory that \
      cannot be created or written and pictures that cannot be written.
      """)

  enum Picture: String, CaseIterable { case png, svg, html }
  enum SummaryFormat: String, ExpressibleByArgument, CaseIterable { case text, json }

  @OptionGroup var options: FeedLayoutOptions
  @Option(name: .customLong("output-dir"), help: "Folder for the pictures (created when missing).")
  var outputDirectory: String = "."
  @Option(help: "Base name of the picture files.") var name: String = "report"
  @Option(help: "Pictures to write, comma-separated: png,svg,html (or none).") var pictures: String =
    "png,svg,html"
  @Option(name: .customLong("summary-format"), help: "Summary on stdout: text or json.")
  var summaryFormat: SummaryFormat = .text
  @Flag(help: "No progress on stderr.") var quiet = false

  func validate() throws {
    try options.validateLayout()
    _ = try pictureFormats()
    guard !name.isEmpty, !name.contains("/") else {
      throw ValidationError("--name must be a file name, got \"\(name)\"")
    }
  }

  func pictureFormats() throws -> [Picture] {
    if pictures == "none" || pictures.isEmpty { return [] }
    return try pictures.split(separator: ",").map {
      guard let picture = Picture(rawValue: $0.trimmingCharacters(in: .whitespaces)) else {
        throw ValidationError("--pictures takes png, svg, html or none; got \"\($0)\"")
      }
      return picture
    }
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
        throw ValidationError("cannot create output directory \(outputDirectory): \(describe(error))")
      }
    }
    guard access(outputDirectory, W_OK | X_OK) == 0 else {
      throw ValidationError(
        "cannot write into output directory \(outputDirectory): \(String(cString: strerror(errno)))")
    }
  }

  func run() throws {
    let formats = try pictureFormats()
    if !formats.isEmpty { try prepareOutputDirectory() }
    let measurer = try options.fontOptions.measurer()
    var progress = ProgressLine(enabled: !quiet && isatty(STDERR_FILENO) == 1)
    var diagnostics = Diagnostics()
    let clock = ContinuousClock()
    let start = clock.now
    let sampleTemplate: String
    let sampleItems: String
    do {
      sampleTemplate = try SampleFeed.templatePath()
      sampleItems = try SampleFeed.itemsPath()
    } catch {
      throw ValidationError(error.message)
    }
    let layout = try options.run(
      defaultTemplate: sampleTemplate, defaultItems: [sampleItems], measurer: measurer,
      diagnostics: &diagnostics, progress: { measured, total in progress.update("measured", measured, total) }
    )
    let layoutTime = clock.now - start
    var written: [ReportSummary.Picture] = []
    if !formats.isEmpty {
      progress.message("drawing")
      let scene = ReportScene(layout: layout, measurer: measurer, clipHeight: options.clipHeight)
      for format in formats {
        progress.message("writing \(format.rawValue)")
        let path = (outputDirectory as NSString).appendingPathComponent("\(name).\(format.rawValue)")
        let data: Data
        var pixelWidth = Int((scene.size.width * Double(options.scale)).rounded())
        var pixelHeight = Int((scene.size.height * Double(options.scale)).rounded())
        switch format {
        case .png:
          data = try encodePNG(scene, scale: options.scale)
          pixelWidth = max(1, pixelWidth)
          pixelHeight = max(1, pixelHeight)
        case .svg: data = Data(scene.svg(scale: options.scale).utf8)
        case .html:
          try copyFonts(of: scene)
          data = Data(
            scene.html(
              title: "selfsize report", summary: describeSettings(layout),
              fontFolder: ReportScene.htmlFontFolder
            ).utf8)
          pixelWidth = Int(scene.size.width.rounded())
          pixelHeight = Int(scene.size.height.rounded())
        }
        try writeOutput(data, to: path)
        written.append(
          ReportSummary.Picture(
            path: path, format: format.rawValue, pixelWidth: pixelWidth,
            pixelHeight: pixelHeight,
            bytes: data.count))
      }
    }
    progress.finish()
    let total = clock.now - start
    let summary = ReportSummary(
      layout: layout, columns: options.columns, layoutSeconds: layoutTime.seconds,
      pictureSeconds: (total - layoutTime).seconds, pictures: written)
    var output = StandardOutput()
    switch summaryFormat {
    case .text: for line in summary.lines() { output.writeLine(line) }
    case .json: output.writeLine(summary.jsonValue().serialized())
    }
    output.flush()
    try diagnostics.finish()
  }

  /// Copies the font files the HTML page uses into `<output-dir>/fonts/`, replacing older copies
  /// (never a file with itself, as when a case-insensitive file system makes the repository's
  /// `fonts/` its `Fonts/`).
  func copyFonts(of scene: ReportScene) throws {
    let manager = FileManager.default
    let folder = (outputDirectory as NSString).appendingPathComponent(ReportScene.htmlFontFolder)
    do {
      try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw ValidationError("cannot create font folder \(folder): \(describe(error))")
    }
    for (path, fileName) in scene.fontFileNames {
      let destination = (folder as NSString).appendingPathComponent(fileName)
      do {
        if isSameFile(path, destination) { continue }
        if manager.fileExists(atPath: destination) { try manager.removeItem(atPath: destination) }
        try manager.copyItem(atPath: path, toPath: destination)
      } catch {
        throw ValidationError("cannot copy font \(path) to \(destination): \(describe(error))")
      }
    }
  }

  /// Whether two paths name one file (the same device and inode).
  func isSameFile(_ first: String, _ second: String) -> Bool {
    var firstStatus = stat()
    var secondStatus = stat()
    return stat(first, &firstStatus) == 0 && stat(second, &secondStatus) == 0
      && firstStatus.st_dev == secondStatus.st_dev && firstStatus.st_ino == secondStatus.st_ino
  }

  func describeSettings(_ layout: FeedLayout) -> [String] {
    switch options.layout {
    case .circle:
      return ["circle layout, \(options.collectionSize), \(layout.items.count) items"]
    case .waterfall:
      return [
        "\(layout.items.count) items, \(options.columns) columns, width \(JSONValue.format(options.settings.collectionWidth)) pt, "
          + "spacing \(JSONValue.format(options.columnSpacing))/\(JSONValue.format(options.lineSpacing)), insets \(options.insets); "
          + "content \(JSONValue.format(layout.contentSize.width)) × \(JSONValue.format((layout.contentSize.height * 100).rounded() / 100)) pt",
        "Label frames and line breaks are ours; the browser only draws them. The overflow check below compares the browser's own wrapping.",
      ]
    }
  }
}

extension Duration {
  var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
