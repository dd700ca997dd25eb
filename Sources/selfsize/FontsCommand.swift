import ArgumentParser
import Feed
import TextEngine

struct FontsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fonts", abstract: "Show the resolved font chain with file paths and vertical metrics.")

  enum Format: String, ExpressibleByArgument, CaseIterable { case table, json }

  @OptionGroup var fontOptions: FontOptions
  @Option(help: "Font size in points for the scaled metrics.") var size: Double = 15
  @Option(help: "Output format: table or json.") var format: Format = .table

  func validate() throws {
    guard size > 0, size.isFinite else {
      throw ValidationError("--size must be a positive number, got \(size)")
    }
  }

  func run() throws {
    let measurer = try fontOptions.measurer()
    let chains: [(String, FontChain)] =
      measurer.bold == measurer.regular
      ? [("regular", measurer.regular)] : [("regular", measurer.regular), ("bold", measurer.bold)]
    var output = StandardOutput()
    switch format {
    case .json:
      output.writeLine(FontReport.json(chains: chains, pointSize: size, versions: .current).serialized())
    case .table:
      output.write(FontReport.table(chains: chains, pointSize: size).rendered())
      let versions = LibraryVersions.current
      output.writeLine(
        "HarfBuzz \(versions.harfBuzz), FreeType \(versions.freeType), ICU \(versions.icu) (Unicode \(versions.unicode))"
      )
    }
    output.flush()
  }
}
