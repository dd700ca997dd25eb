import ArgumentParser
import CollectionLayout
import Feed
import Foundation
import Rendering

/// `selfsize report --layout circle`: the circle layout drawn as PNG, SVG and
/// HTML (`overview` and `png` both give the PNG) with a short summary.
struct CircleReport {
  let command: ReportCommand

  func run() throws {
    let options = command.options
    let formats = try command.pictureFormats()
    try command.prepareOutputDirectory()
    let measurer = try options.measurer()
    var diagnostics = Diagnostics()
    let clock = ContinuousClock()
    let start = clock.now
    let layout = try options.run(
      defaultTemplate: nil, defaultItems: [], measurer: measurer, diagnostics: &diagnostics)
    let layoutTime = clock.now - start
    let scene = ReportScene(layout: layout, measurer: measurer)
    var written: [ReportSummary.Picture] = []
    var kinds: [String] = []
    for format in formats {
      let kind = format == .overview ? "png" : format.rawValue
      if kinds.contains(kind) { continue }
      kinds.append(kind)
      let path = command.path("\(command.name).\(kind)")
      var (width, height) = scene.pixelSize(scale: Double(options.scale))
      switch kind {
      case "png": try scene.writePNGFile(scale: Double(options.scale), to: path)
      case "svg": try OutputFile.write(Data(scene.svg(scale: options.scale).utf8), to: path)
      default:
        try OutputFile.write(Data(scene.html(title: "selfsize report · circle").utf8), to: path)
        (width, height) = (Int(scene.size.width.rounded()), Int(scene.size.height.rounded()))
      }
      let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
      written.append(
        ReportSummary.Picture(
          path: path, format: kind, pixelWidth: width, pixelHeight: height, bytes: bytes))
    }
    let total = clock.now - start
    let summary = ReportSummary(
      layout: layout, columns: 0, layoutSeconds: layoutTime.seconds,
      pictureSeconds: (total - layoutTime).seconds, pictures: written)
    if !command.quiet || command.summaryFormat == .json {
      var output = StandardOutput()
      switch command.summaryFormat {
      case .text: for line in summary.lines() { output.writeLine(line) }
      case .json: output.writeLine(summary.jsonValue().serialized())
      }
      try output.flush()
    }
    try diagnostics.finish()
  }
}
