import ArgumentParser
import Feed
import Foundation
import Rendering
import TextEngine

struct LayoutCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "layout",
    abstract: "Lay out template cells in a waterfall (or the circle layout) and print frames or pictures.",
    discussion: """
      Several --items files are applied in order as pages: the first is the initial data, a page \
      whose first id is the feed's first id is a refresh (replaces the data), any other is a \
      load-more (appended). Each page's measured count is in the output. With --layout circle, \
      --items is a number (default 20) and --collection-size WxH sets the bounds.
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable { case table, json, csv, svg, html, png }

  @OptionGroup var options: FeedLayoutOptions
  @Option(help: "Output format: table, json, csv, svg, html or png.") var format: Format = .json
  @Option(help: "Write to this file instead of stdout (required for png).") var output: String?

  func validate() throws {
    try options.validateLayout()
    if format == .png && output == nil { throw ValidationError("--format png needs --output FILE") }
  }

  func run() throws {
    let measurer = try options.fontOptions.measurer()
    var diagnostics = Diagnostics()
    let layout = try options.run(
      defaultTemplate: nil, defaultItems: [], measurer: measurer, diagnostics: &diagnostics)
    let data: Data
    switch format {
    case .json: data = Data((layout.jsonValue().serialized() + "\n").utf8)
    case .table: data = Data(layout.table().utf8)
    case .csv: data = Data(layout.csv().utf8)
    case .svg, .html, .png:
      let scene = ReportScene(layout: layout, measurer: measurer, clipHeight: options.clipHeight)
      switch format {
      case .svg: data = Data(scene.svg(scale: options.scale).utf8)
      case .html: data = Data(scene.html(title: "selfsize layout").utf8)
      default:
        try writePNG(scene, scale: Double(options.scale), to: output)
        try diagnostics.finish()
        return
      }
    }
    if let output, output != "-" {
      try writeOutput(data, to: output)
    } else {
      FileHandle.standardOutput.write(data)
    }
    try diagnostics.finish()
  }
}
