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

  @Option(help: "Layout: waterfall (template cells) or circle (the first write-up's example).")
  var layout: Kind = .waterfall
  @Option(help: "Card template (JSON).") var template: String?
  @Option(
    name: .customLong("items"),
    help:
      "Waterfall: items file (JSON Lines, '-' for stdin); repeat to apply pages in order (a page starting with the feed's first id is a refresh, others load more). Circle: the number of items."
  )
  var items: [String] = []
  @Option(name: .customLong("collection-width"), help: "Collection width in points (waterfall).")
  var collectionWidth: Double = 375
  @Option(name: .customLong("collection-size"), help: "Collection size WxH in points (circle).")
  var collectionSize: String = "375x667"
  @Option(help: "Number of columns.") var columns: Int = 2
  @Option(name: .customLong("column-spacing"), help: "Gap between columns in points.") var columnSpacing:
    Double = 8
  @Option(name: .customLong("line-spacing"), help: "Gap between items of a column in points.")
  var lineSpacing: Double = 8
  @Option(help: "Section insets top,left,bottom,right in points.") var insets: String = "8,8,8,8"
  @Option(
    name: .customLong("page-size"),
    help: "Split each items file into pages of N items, applied one by one (refresh, then load-more).")
  var pageSize: Int?
  @Option(help: "Pixels per point of pictures: 1, 2 or 3.") var scale: Int = 1
  @Option(
    name: .customLong("clip-height"),
    help: "Cut pictures at this content height in points (default: everything).")
  var clipHeight: Double?
  @OptionGroup var fontOptions: FontOptions

  func validateLayout() throws {
    guard [1, 2, 3].contains(scale) else { throw ValidationError("--scale must be 1, 2 or 3, got \(scale)") }
    if let clipHeight, !(clipHeight > 0 && clipHeight.isFinite) {
      throw ValidationError("--clip-height must be a positive number, got \(clipHeight)")
    }
    switch layout {
    case .circle:
      _ = try circleSize()
      _ = try circleCount()
    case .waterfall:
      guard collectionWidth.isFinite, collectionWidth > 0 else {
        throw ValidationError("--collection-width must be a positive number, got \(collectionWidth)")
      }
      guard columns >= 1 else { throw ValidationError("--columns must be at least 1, got \(columns)") }
      for (name, value) in [("--column-spacing", columnSpacing), ("--line-spacing", lineSpacing)]
      where !(value.isFinite && value >= 0) {
        throw ValidationError("\(name) must be a finite number ≥ 0, got \(value)")
      }
      if let pageSize, pageSize < 1 {
        throw ValidationError("--page-size must be at least 1, got \(pageSize)")
      }
      let insets = try parsedInsets()
      let room = collectionWidth - insets.left - insets.right - Double(columns - 1) * columnSpacing
      guard room > 0 else {
        throw ValidationError(
          "the collection (\(JSONValue.format(collectionWidth)) pt) is narrower than its insets and spacing "
            + "(\(JSONValue.format(collectionWidth - room)) pt for \(columns) columns)")
      }
    }
  }

  func parsedInsets() throws -> LayoutInsets {
    let parts = insets.split(separator: ",", omittingEmptySubsequences: false).map {
      Double($0.trimmingCharacters(in: .whitespaces))
    }
    guard parts.count == 4, parts.allSatisfy({ $0 != nil && $0!.isFinite && $0! >= 0 }) else {
      throw ValidationError("--insets must be four numbers ≥ 0, top,left,bottom,right; got \"\(insets)\"")
    }
    return LayoutInsets(top: parts[0]!, left: parts[1]!, bottom: parts[2]!, right: parts[3]!)
  }

  func circleSize() throws -> Size {
    let parts = collectionSize.lowercased().split(separator: "x").map { Double($0) }
    guard parts.count == 2, let width = parts[0], let height = parts[1], width.isFinite, height.isFinite,
      width >= 0, height >= 0
    else {
      throw ValidationError(
        "--collection-size must be WxH in points, e.g. 375x667; got \"\(collectionSize)\"")
    }
    return Size(width: width, height: height)
  }

  func circleCount() throws -> Int {
    guard items.count <= 1 else {
      throw ValidationError("with --layout circle, give --items once, as a number of items")
    }
    guard let text = items.first else { return 20 }
    guard let count = Int(text), count >= 0 else {
      throw ValidationError("with --layout circle, --items is a number of items ≥ 0; got \"\(text)\"")
    }
    return count
  }

  var settings: WaterfallSettings {
    WaterfallSettings(
      collectionWidth: collectionWidth, columns: columns, columnSpacing: columnSpacing,
      lineSpacing: lineSpacing,
      insets: (try? parsedInsets()) ?? LayoutInsets(all: 8), pageSize: pageSize)
  }

  /// Reads a template and items files (pages in order).
  func loadWaterfall(templatePath: String, paths: [String]) throws -> (CellTemplate, [FeedPage]) {
    let template: CellTemplate
    do {
      template = try CellTemplate(json: try readInput(templatePath))
    } catch let error as CellSizingError {
      throw ValidationError("template \(templatePath): \(error.description)")
    }
    var pages: [FeedPage] = []
    for path in paths {
      let data = try readInput(path)
      pages.append(FeedPage(source: path == "-" ? "<stdin>" : path, items: CellItem.decodeLines(data)))
    }
    return (template, pages)
  }

  /// Reads the inputs and lays them out; failures are reported on `diagnostics`.
  func run(
    defaultTemplate: String?, defaultItems: [String], measurer: TextMeasurer, diagnostics: inout Diagnostics,
    progress: ((Int, Int) -> Void)? = nil
  ) throws -> FeedLayout {
    let result: FeedLayout
    switch layout {
    case .circle:
      do {
        result = try FeedLayout.circle(size: try circleSize(), count: try circleCount())
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
      do {
        result = try FeedLayout.waterfall(
          template: template, pages: pages, settings: settings, measurer: measurer, progress: progress)
      } catch let error as CellSizingError {
        throw ValidationError("template \(templatePath): \(error.description)")
      } catch let error as LayoutError {
        throw ValidationError(error.message)
      }
    }
    for failure in result.failures { diagnostics.report(failure.location, failure.message) }
    return result
  }
}

/// Writes the PNG of `scene` (drawn in strips) to `path`, or to stdout for nil or "-"; a usage
/// error (exit 2) when it exceeds the pixel ceilings or cannot be written.
func writePNG(
  _ scene: ReportScene, scale: Double, to path: String?, top: Double = 0, bottom: Double? = nil,
  progress: ((Int, Int) -> Void)? = nil
) throws {
  let (width, height) = scene.pixelSize(scale: scale, top: top, bottom: bottom)
  do {
    try ReportScene.checkPixelSize(width: width, height: height)
  } catch {
    throw ValidationError(error.message)
  }
  func draw(_ sink: @escaping (Data) throws -> Void) throws {
    do {
      try scene.writePNG(scale: scale, top: top, bottom: bottom, progress: progress, to: sink)
    } catch {
      throw ValidationError("\(path ?? "<stdout>"): \(error.message)")
    }
  }
  guard let path, path != "-" else {
    try draw { FileHandle.standardOutput.write($0) }
    return
  }
  try AtomicFile.stream(to: path) { try draw($0) }
}

/// Writes `data` to `path` (a temporary file renamed over it; a link at `path` is replaced, not
/// followed), as a usage error (exit 2) naming the path when it cannot.
func writeOutput(_ data: Data, to path: String) throws {
  try AtomicFile.write(data, to: path)
}

/// The underlying reason of a file error ("No such file or directory", "Permission denied"…).
func describe(_ error: any Error) -> String {
  let nsError = error as NSError
  if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
    underlying.domain == NSPOSIXErrorDomain,
    let code = POSIXErrorCode(rawValue: Int32(underlying.code))
  {
    return String(cString: strerror(code.rawValue))
  }
  if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
  return nsError.localizedDescription
}
