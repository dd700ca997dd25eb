import ArgumentParser
import Foundation

@main
struct SelfSize: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "selfsize",
    abstract: "Measure feed cards with real shaped text and lay them out in collection layouts.",
    subcommands: [
      TextCommand.self, MeasureCommand.self, FontsCommand.self, LayoutCommand.self, ReportCommand.self,
    ])

  /// The package version.
  static let packageVersion = "0.3.0"

  /// Runs the command; usage errors exit with status 2 (the CLI contract), not 64.
  static func main() {
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch {
      let code = exitCode(for: error)
      if code == .validationFailure {
        FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
        Foundation.exit(2)
      }
      exit(withError: error)
    }
  }
}
