import ArgumentParser
import Feed
import TextEngine

struct FontsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fonts",
    abstract: "Show the resolved regular and bold font chains with file paths and vertical metrics.",
    discussion: """
      With --text, also the font each grapheme cluster of the text gets (in both chains): a font \
      of the chain, an installed fallback font (system), or none (missing).
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable { case table, json }

  @OptionGroup var fontOptions: FontOptions
  @Option(help: "Font size in points for the scaled metrics.") var size: Double = 15
  @Option(help: "Show which font each grapheme cluster of this text gets.") var text: String?
  @Option(help: "BCP 47 language of --text (picks installed fallback fonts).") var language: String = ""
  @Option(help: "Output format: table or json.") var format: Format = .table

  func validate() throws {
    guard size > 0, size.isFinite else {
      throw ValidationError("--size must be a positive number, got \(size)")
    }
    do throws(TextError) {
      try TextStyle(language: language).validate()
    } catch {
      throw ValidationError("--language \(error.requirement ?? error.message)")
    }
  }

  func run() throws {
    let warnings = try fontOptions.resolve().warnings
    let measurer = try fontOptions.measurer()
    let chains: [(String, FontChain)] = [("regular", measurer.regular), ("bold", measurer.bold)]
    let clusters = text.map { text in
      FontWeight.allCases.flatMap { weight in
        measurer.clusterFonts(text, style: TextStyle(fontSize: size, weight: weight, language: language))
          .map { (weight: weight, cluster: $0) }
      }
    }
    var output = StandardOutput()
    switch format {
    case .json:
      output.writeLine(
        FontReport.json(
          chains: chains, pointSize: size, versions: .current, systemFonts: measurer.usesSystemFonts,
          warnings: warnings, clusters: clusters
        ).serialized())
    case .table:
      output.write(FontReport.table(chains: chains, pointSize: size).rendered())
      output.writeLine(
        "system fallback: "
          + (measurer.usesSystemFonts
            ? "on (installed fonts through fontconfig, for clusters the chain lacks)" : "off"))
      for warning in warnings { output.writeLine("warning: \(warning)") }
      if let clusters { output.write(FontReport.clusterTable(clusters).rendered()) }
      let versions = LibraryVersions.current
      output.writeLine(
        "HarfBuzz \(versions.harfBuzz), FreeType \(versions.freeType), ICU \(versions.icu) (Unicode \(versions.unicode))"
      )
    }
    try output.flush()
  }
}
