import ArgumentParser
import Foundation
import TextEngine

@main
struct SelfSize: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "selfsize",
    abstract: "Measure feed cards with real shaped text and lay them out in collection layouts.",
    discussion: """
      Example:
        echo '{"id":"a","text":"Hello, world"}' | selfsize text -w 150
      """,
    version: versionText,
    subcommands: [
      TextCommand.self, MeasureCommand.self, FontsCommand.self, LayoutCommand.self, ReportCommand.self,
      ServeCommand.self,
    ])

  /// The package version.
  static let packageVersion = "0.3.0"

  /// `selfsize 0.3.0 (HarfBuzz …, FreeType …, ICU … / Unicode …)`.
  static var versionText: String {
    let versions = LibraryVersions.current
    return
      "selfsize \(packageVersion) (HarfBuzz \(versions.harfBuzz), FreeType \(versions.freeType), ICU \(versions.icu), Unicode \(versions.unicode))"
  }

  /// Runs the command; usage errors exit with status 2 (the CLI contract), not 64, and show
  /// the usage of the subcommand that failed. A closed standard output ends quietly.
  static func main() {
    signal(SIGPIPE, SIG_IGN)
    let arguments = Array(CommandLine.arguments.dropFirst())
    let prewarm = FontPrewarm.start(arguments: arguments)
    var commandType: any ParsableCommand.Type = SelfSize.self
    do {
      var command = try parseAsRoot(WidthArguments.collapsed(arguments))
      commandType = type(of: command)
      try command.run()
      prewarm.wait()
    } catch is OutputFile.OutputClosed {
      prewarm.wait()
      Foundation.exit(0)
    } catch {
      prewarm.wait()
      let code = exitCode(for: error)
      if code == .validationFailure {
        var message = fullMessage(for: error)
        if commandType != SelfSize.self, error is ValidationError {
          // Errors found while running name the subcommand's usage, as parse errors do.
          message =
            "Error: \(SelfSize.message(for: error))\n"
            + "Usage: \(SelfSize.usageString(for: commandType).trimmingCharacters(in: .whitespacesAndNewlines))\n"
            + "  See 'selfsize \(commandType._commandName) --help' for more information."
        }
        StandardError.write(message + "\n")
        Foundation.exit(2)
      }
      exit(withError: error)
    }
  }
}
